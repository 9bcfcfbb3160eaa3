import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { Input } from './input';
import { useKitTexts } from './kit-texts';

/** Typing pauses this long before a search goes into the URL. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A list's search box: what is typed goes to `onSearch` once typing pauses; `value` (the URL's) wins when it
 * changes from elsewhere (back button, "clear filters"). `className` places the box in its toolbar.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
  className: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const typed = useRef(false);
  // The latest callback, so a new one from a re-render does not restart the pause.
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    if (!typed.current) setDraft(value);
  }, [value]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      if (draft !== value) search.current(draft);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value]);

  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
      />
      <Input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        className="pl-9"
        onChange={(event) => {
          typed.current = true;
          setDraft(event.target.value);
        }}
      />
    </div>
  );
}

/**
 * A list's sort: the field (a native select of `fields`, each with its label) and the order (a button that
 * flips it). The words around them are the kit's.
 */
export function SortControls<Field extends string>({
  fields,
  sort,
  order,
  onSort,
  onOrder,
  selectClassName,
}: {
  fields: readonly { value: Field; label: string }[];
  sort: Field;
  order: 'asc' | 'desc';
  onSort: (field: Field) => void;
  onOrder: (order: 'asc' | 'desc') => void;
  selectClassName: string;
}) {
  const t = useKitTexts();
  const id = useId();
  const OrderIcon = order === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  const orderLabel = t(order === 'asc' ? 'ascending' : 'descending');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted max-sm:sr-only">
        {t('sortBy')}
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => onSort(event.target.value as Field)}
        className={selectClassName}
      >
        {fields.map((field) => (
          <option key={field.value} value={field.value}>
            {field.label}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        aria-label={`${t('order')}: ${orderLabel}`}
        title={orderLabel}
        onClick={() => onOrder(order === 'asc' ? 'desc' : 'asc')}
      >
        <OrderIcon aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/** The look of a list toolbar's native selects (filters, sort); a toolbar adds only its layout (widths). */
export const LIST_SELECT_CLASS =
  'h-10 appearance-none rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 sm:text-sm';

/**
 * A list's filter as a native select with a visually hidden label: "all" (the empty value) first, then the
 * options. `className` sizes it (the toolbar's select class).
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  className: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={className}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
