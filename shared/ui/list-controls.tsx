import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button';
import { Input } from './input';

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
 * A list's sort: the field (a native select) and the order (a button that flips it). `t` gives the texts of
 * the section's `sort.*` keys (`sort.label`, `sort.order`, `sort.asc`, `sort.desc`, `sort.<field>`).
 */
export function SortControls<Field extends string>({
  fields,
  sort,
  order,
  onSort,
  onOrder,
  t,
  selectClassName,
}: {
  fields: readonly Field[];
  sort: Field;
  order: 'asc' | 'desc';
  onSort: (field: Field) => void;
  onOrder: (order: 'asc' | 'desc') => void;
  t: (key: string) => string;
  selectClassName: string;
}) {
  const id = useId();
  const OrderIcon = order === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted max-sm:sr-only">
        {t('sort.label')}
      </label>
      <select
        id={id}
        value={sort}
        onChange={(event) => onSort(event.target.value as Field)}
        className={selectClassName}
      >
        {fields.map((field) => (
          <option key={field} value={field}>
            {t(`sort.${field}`)}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        aria-label={`${t('sort.order')}: ${t(`sort.${order}`)}`}
        title={t(`sort.${order}`)}
        onClick={() => onOrder(order === 'asc' ? 'desc' : 'asc')}
      >
        <OrderIcon aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/**
 * A list page's footer: "from–to of total", the page, previous and next. `t` gives the texts of the
 * section's `pagination.*` keys (`summary` with from, to and total; `page` with page and pages; `previous`, `next`).
 */
export function Pagination({
  data,
  onPage,
  t,
}: {
  data: { page: number; pageSize: number; total: number; items: readonly unknown[] };
  onPage: (page: number) => void;
  t: (key: string, values?: Record<string, number>) => string;
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const from = (data.page - 1) * data.pageSize + 1;
  const to = from + data.items.length - 1;
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted"
      aria-label={t('pagination.page', { page: data.page, pages })}
    >
      <p>{t('pagination.summary', { from, to, total: data.total })}</p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('pagination.previous')}
          disabled={data.page <= 1}
          onClick={() => onPage(data.page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <span aria-current="page">{t('pagination.page', { page: data.page, pages })}</span>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('pagination.next')}
          disabled={data.page >= pages}
          onClick={() => onPage(data.page + 1)}
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * A list's filter as a native select with a visually hidden label: "all" (the empty value) first, then the
 * options. `className` sizes it (the toolbar's select class).
 */
/** The look of a list toolbar's native selects (filters, sort); a toolbar adds only its layout (widths). */
export const LIST_SELECT_CLASS =
  'h-10 appearance-none rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 sm:text-sm';

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
