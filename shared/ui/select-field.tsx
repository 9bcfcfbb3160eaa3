import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { FieldFrame, type FieldTexts } from './field-frame';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldTexts & { options: { value: string; label: string }[] };

/** Label + native select (the platform's own picker on phones) + hint/error, wired like `Field` (`FieldFrame`). */
export function SelectField({ label, options, error, hint, name, className, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} name={name} kind="select">
      {(control) => (
        <div className="relative">
          <select
            {...control}
            name={name}
            className={cn(
              'block h-10 w-full appearance-none rounded-lg border border-line bg-canvas pr-9 pl-3 text-base text-ink shadow-xs sm:text-sm',
              'transition-colors hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none',
              'focus-visible:ring-3 focus-visible:ring-primary/20 aria-invalid:border-danger',
              className,
            )}
            {...rest}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-subtle"
          />
        </div>
      )}
    </FieldFrame>
  );
}
