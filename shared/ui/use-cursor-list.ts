import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** One page of a list as every list of the API answers it (`shared/contracts/paging.ts`). */
export type CursorPage<Item> = { items: Item[]; nextCursor: string | null; total?: number };

/**
 * What the data table reads of a list query: the rows loaded so far, the total when the API gives one,
 * and the query's state and actions (loading, failing, refetching, "Load more").
 */
export type CursorList<Item> = {
  items: Item[] | undefined;
  total: number | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/**
 * A list read page by page by the API's cursor (an infinite query on the host's QueryClient): the first
 * page, then "Load more" follows `nextCursor`. While the filters change, the rows shown stay until the new
 * ones arrive (`keepPreviousData`). `first` is the first page itself, for what a list answers beside its
 * items (status counts, totals per status).
 *
 * @example
 * const list = useCursorList({
 *   queryKey: clientKeys.list(filter),
 *   fetchPage: (cursor, signal) => callApi(api.GET('/api/clients', { params: { query: { ...filter, cursor } }, signal })),
 * });
 */
export function useCursorList<Page extends CursorPage<unknown>>(options: {
  queryKey: QueryKey;
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page>;
  /** Ask again while this holds for the loaded rows (e.g. a preview is being made), in ms. */
  refetchInterval?: (pages: Page[]) => number | false;
  enabled?: boolean;
}): CursorList<Page['items'][number]> & { first: Page | undefined } {
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam, signal),
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data && options.refetchInterval
        ? options.refetchInterval(current.state.data.pages)
        : false,
    enabled: options.enabled ?? true,
  });
  const pages = query.data?.pages;
  return {
    items: pages?.flatMap((page) => page.items as Page['items']),
    total: pages?.[0]?.total,
    first: pages?.[0],
    error: query.error,
    isError: query.isError,
    isFetching: query.isFetching,
    isFetchingNextPage: query.isFetchingNextPage,
    hasNextPage: query.hasNextPage,
    fetchNextPage: () => query.fetchNextPage(),
    refetch: () => query.refetch(),
  };
}

/**
 * Every item of a list, page after page by its cursor (the API answers at most 100 a page): for pickers
 * and filters that need all of a provider's clients or projects.
 */
export async function readAllPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
