import { ChevronDown } from 'lucide-react';
import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from './cn';
import { Label } from './label';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: { value: string; label: string }[];
  error?: string | undefined;
  hint?: string | undefined;
};

/** Label + native select (the platform's own picker on phones) + hint/error, wired like `Field`. */
export function SelectField({ label, options, error, hint, name, className, ...rest }: SelectFieldProps) {
  const id = `${useId()}-${name ?? 'select'}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
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
