import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A bordered surface for grouped content. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-line bg-canvas shadow-sm', className)} {...rest} />;
}
