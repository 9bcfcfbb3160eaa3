import { Label as RadixLabel } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A form label (Radix: clicking it focuses the control, double clicks do not select text). */
export function Label({ className, ...rest }: ComponentProps<typeof RadixLabel.Root>) {
  return <RadixLabel.Root className={cn('text-sm font-medium text-ink', className)} {...rest} />;
}
