import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A text input; `aria-invalid` turns its border red. */
export function Input({ className, ...rest }: InputProps) {
  return (
    <input
      className={cn(
        'block h-10 w-full rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs sm:text-sm',
        'placeholder:text-subtle transition-colors hover:border-slate-300',
        'focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20',
        'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/20',
        'disabled:cursor-not-allowed disabled:bg-surface',
        className,
      )}
      {...rest}
    />
  );
}
