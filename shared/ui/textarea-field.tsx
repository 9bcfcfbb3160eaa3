import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldTexts } from './field-frame';

export type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldTexts;

/** Label + multi-line input + hint/error, wired like `Field` (`FieldFrame`). */
export function TextareaField({ label, error, hint, name, ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} name={name} kind="textarea">
      {(control) => (
        <textarea
          {...control}
          name={name}
          className="block min-h-20 w-full rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink shadow-xs placeholder:text-subtle hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 aria-invalid:border-danger sm:text-sm"
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
