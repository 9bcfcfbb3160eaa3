import { type TextareaHTMLAttributes, useId } from 'react';
import { Label } from './label';

export type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  /** Translated error text; marks the textarea invalid and is announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** Label + multi-line input + hint/error, wired like `Field`. */
export function TextareaField({ label, error, hint, name, ...rest }: TextareaFieldProps) {
  const id = `${useId()}-${name ?? 'textarea'}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="block min-h-20 w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink shadow-xs placeholder:text-subtle hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 aria-invalid:border-danger sm:text-sm"
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
