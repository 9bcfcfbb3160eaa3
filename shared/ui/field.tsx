import { FieldFrame, type FieldTexts } from './field-frame';
import { Input, type InputProps } from './input';

export type FieldProps = Omit<InputProps, 'id'> & FieldTexts;

/** Label + input + hint/error, wired with `aria-describedby` and `aria-invalid` (`FieldFrame`). */
export function Field({ label, error, hint, name, ...rest }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} name={name} kind="field">
      {(control) => <Input {...control} name={name} {...rest} />}
    </FieldFrame>
  );
}
