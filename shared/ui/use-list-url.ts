import { useCallback } from 'react';
import { useSearchParams } from '../router';

/** The value of a URL parameter when it is one of `options`, else `fallback` (unknown values never fail a request). */
export function oneOf<T extends string, F extends string>(
  value: string | null,
  options: readonly T[],
  fallback: F,
) {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** A filter of a list's URL: one of a fixed set of values, or any id (a UUID). */
export type FilterSpec = readonly string[] | 'uuid';
type FilterValue<Spec extends FilterSpec> = Spec extends readonly (infer Value)[] ? Value | '' : string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Order = 'asc' | 'desc';

/**
 * A list's URL state as the kit's toolbar and list page read it (what `useListParams` returns; methods, so
 * a list's own narrower fields and sorts fit).
 */
export type ListState = {
  q: string;
  filters: Record<string, string>;
  filtered: boolean;
  clear(): void;
  update(changes: Record<string, string>, replace?: boolean): void;
  sortState: {
    field: string;
    order: Order;
    onSort(field: string, order: Order): void;
    onField(field: string): void;
    onOrder(order: Order): void;
    defaultOrder?(field: string): Order;
  };
};

/**
 * A section's list state in the URL (`?q=`, the list's filters, `?sort=&order=`), so a list can be shared,
 * reloaded and gone back to. Unknown values fall back to "all" or the default sort instead of failing the
 * request; `order` falls back to the field's own default (newest first for times). Paging is not in the
 * URL: a list pages by the API's cursor ("Load more").
 *
 * @example
 * const params = useListParams({
 *   filters: { status: PROJECT_STATUSES, client: 'uuid' },
 *   sorts: SORT_FIELDS, defaultSort: 'updatedAt', defaultOrder: (f) => (f === 'updatedAt' ? 'desc' : 'asc'),
 * });
 * params.filters.status; params.update({ status: 'on_hold' }); params.clear();
 */
export function useListParams<
  const Filters extends Record<string, FilterSpec>,
  Sort extends string = never,
>(spec: {
  filters: Filters;
  sorts?: readonly Sort[];
  defaultSort?: Sort;
  defaultOrder?: (sort: Sort) => Order;
}) {
  const [searchParams, setSearchParams] = useSearchParams();

  /** Sets some parameters (empty → removed); a search is typed, so it replaces the history entry. */
  const update = useCallback(
    (changes: Partial<Record<keyof Filters | 'q' | 'sort' | 'order', string>>, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value as string);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const q = searchParams.get('q') ?? '';
  const filters: Record<string, string> = {};
  for (const [key, allowed] of Object.entries(spec.filters)) {
    const value = searchParams.get(key) ?? '';
    filters[key] = allowed === 'uuid' ? (UUID.test(value) ? value : '') : oneOf(value, allowed, '');
  }

  const sorts = spec.sorts ?? [];
  const sort = oneOf(searchParams.get('sort'), sorts, spec.defaultSort ?? (sorts[0] as Sort)) as Sort;
  const order = oneOf(searchParams.get('order'), ['asc', 'desc'], spec.defaultOrder?.(sort) ?? 'asc');
  const filtered = Boolean(q.trim() || Object.values(filters).some(Boolean));

  /**
   * The sort as the toolbar and the table's headers change it: a header click sets field and order, a new
   * field from the toolbar starts with its own default order.
   */
  const sortState = {
    field: sort,
    order,
    onSort: (field: Sort, next: Order) => update({ sort: field, order: next } as never),
    onField: (field: Sort) => update({ sort: field, order: '' } as never),
    onOrder: (next: Order) => update({ order: next } as never),
    ...(spec.defaultOrder ? { defaultOrder: spec.defaultOrder } : {}),
  };

  /** "Clear filters": the search and every filter go, the sort stays. */
  const clear = () =>
    update(Object.fromEntries(['q', ...Object.keys(spec.filters)].map((key) => [key, ''])) as never);

  return {
    q,
    search: q.trim(),
    /** The sort as a list query takes it. */
    sortBy: { sort, order },
    filters: filters as { [K in keyof Filters]: FilterValue<Filters[K]> },
    sort,
    order,
    sortState,
    filtered,
    update,
    clear,
  };
}
