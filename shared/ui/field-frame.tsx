import { type ReactNode, useId } from 'react';
import { Label } from './label';

/** What a field says around its control: a label, and optionally a hint and a (translated) error. */
export type FieldTexts = {
  label: string;
  /** Translated error text; marks the control invalid and is announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** The wiring a control gets from its frame: its id, and the hint and error it is described by. */
export type ControlWiring = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * The ONE field wiring of the kit: label + control + hint/error, the control given its `id`,
 * `aria-invalid` and `aria-describedby` (`Field`, `SelectField`, `TextareaField` are this frame around an
 * input, a select and a textarea). `name` makes the id readable; `kind` names the control when it has none.
 */
export function FieldFrame({
  label,
  error,
  hint,
  name,
  kind,
  children,
}: FieldTexts & {
  name?: string | undefined;
  kind: string;
  children: (control: ControlWiring) => ReactNode;
}) {
  const id = `${useId()}-${name ?? kind}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
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
