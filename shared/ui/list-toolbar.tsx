import { cn } from './cn';
import { useKitTexts } from './kit-texts';
import { FilterSelect, LIST_SELECT_CLASS, SearchBox, SortControls } from './list-controls';
import type { ListState } from './use-list-url';

/** The toolbar's native selects: full width (two a row) on a phone, their own width from 640 px. */
const SELECT = `${LIST_SELECT_CLASS} w-full min-w-0 sm:w-auto sm:max-w-56`;

/** A filter of the toolbar: a select of the URL parameter `key`, "all" (the empty value) first. */
export type ToolbarFilter = {
  key: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  /** Instead of setting the parameter (a filter that narrows another). */
  onChange?: (value: string) => void;
};

/**
 * A list's toolbar over its URL state (`useListParams`): the search box (what is typed reaches the URL
 * when typing pauses), the filters and, for lists that sort by a choice, the sort (`sortFields` with their
 * labels). One layout for every section: a column on a phone, a wrapping row from 640 px.
 */
export function ListToolbar({
  params,
  searchLabel,
  searchPlaceholder,
  filters = [],
  sortFields,
}: {
  params: ListState;
  searchLabel: string;
  searchPlaceholder: string;
  filters?: readonly ToolbarFilter[];
  sortFields?: readonly { value: string; label: string }[] | undefined;
}) {
  const { sortState } = params;
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
      <SearchBox
        value={params.q}
        onSearch={(q) => params.update({ q }, true)}
        label={searchLabel}
        placeholder={searchPlaceholder}
        className="relative min-w-0 sm:flex-1 sm:basis-56"
      />
      {filters.length > 0 ? (
        <div className="grid grid-cols-2 gap-3 sm:flex">
          {filters.map(({ key, onChange, ...filter }) => (
            <FilterSelect
              key={key}
              {...filter}
              value={params.filters[key] ?? ''}
              onChange={onChange ?? ((value) => params.update({ [key]: value }))}
              className={SELECT}
            />
          ))}
        </div>
      ) : null}
      {sortFields ? (
        <SortControls
          fields={sortFields}
          sort={sortState.field}
          order={sortState.order}
          onSort={(field) => sortState.onField(field)}
          onOrder={(order) => sortState.onOrder(order)}
          selectClassName={`${SELECT} max-sm:flex-1`}
        />
      ) : null}
    </div>
  );
}

/** A status chip: the status, its label, how many rows have it, and optionally a line more (a sum). */
export type StatusChip<Status extends string> = {
  value: Status;
  label: string;
  count: number;
  detail?: string | undefined;
};

/**
 * The status filter as chips with the number of rows in each (under the other filters); "All" sums them,
 * and a chip pressed again shows all. A row that wraps from 640 px, so every chip stays whole; on a phone
 * it scrolls sideways instead of taking half the screen.
 */
export function StatusChips<Status extends string>({
  label,
  value,
  onChange,
  chips,
}: {
  label: string;
  value: Status | '';
  onChange: (status: Status | '') => void;
  chips: readonly StatusChip<Status>[];
}) {
  const t = useKitTexts();
  const total = chips.reduce((sum, chip) => sum + chip.count, 0);
  const chip = (active: boolean) =>
    cn(
      'inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-sm whitespace-nowrap transition-colors',
      active
        ? 'border-primary bg-primary-soft font-medium text-primary-strong'
        : 'border-line bg-canvas text-muted hover:bg-surface hover:text-ink',
    );
  return (
    <fieldset className="-mx-1 flex min-w-0 gap-2 px-1 pb-1 max-sm:overflow-x-auto sm:flex-wrap">
      <legend className="sr-only">{label}</legend>
      <button
        type="button"
        aria-pressed={value === ''}
        className={chip(value === '')}
        onClick={() => onChange('')}
      >
        {t('all', { count: total })}
      </button>
      {chips.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          className={chip(value === option.value)}
          onClick={() => onChange(value === option.value ? '' : option.value)}
        >
          <span>{t('statusCount', { status: option.label, count: option.count })}</span>
          {option.detail ? <span className="text-xs tabular-nums opacity-80">{option.detail}</span> : null}
        </button>
      ))}
    </fieldset>
  );
}
