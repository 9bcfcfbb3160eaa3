import { useId } from 'react';
import { Input, type InputProps } from './input';
import { Label } from './label';

export type FieldProps = Omit<InputProps, 'id'> & {
  label: string;
  /** Translated error text; marks the input invalid and is announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** Label + input + hint/error, wired with `aria-describedby` and `aria-invalid`. */
export function Field({ label, error, hint, name, ...rest }: FieldProps) {
  const id = `${useId()}-${name ?? 'field'}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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
