import { z } from 'zod';
import { text } from './common';

/*
 * The ONE paging style of every list of the API (issue 26): keyset pages by an opaque cursor. A list's query
 * spreads `PageQuery` beside its filters and sort; its answer extends `pageOf(item)` (and keeps a `total`
 * where the interface shows one). The cursor carries the sort it was made for: a cursor of another sort or
 * order is refused with 422 (field `cursor`), so a page never silently continues a different ordering.
 */

/** Items per page when `limit` is not given, and the most one page may hold. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/** The paging fields of a list's query: spread them into its `z.object`. */
export const PageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(PAGE_LIMIT_DEFAULT)
    .meta({
      format: 'int32',
      description: `Items per page, 1–${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT}).`,
    }),
  cursor: text().max(500).optional().meta({
    description:
      'Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page.',
  }),
};

/** What a service takes of `PageQuery` (the parsed query). */
export interface PageInput {
  limit: number;
  cursor?: string | undefined;
}

/** The paging fields of a list's answer: the page's items and where the next page starts. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    nextCursor: text()
      .nullable()
      .meta({ description: 'Send as `cursor` for the next page; null on the last page.' }),
  });
}

/** The total of a list's matches (all pages), for lists that show it. */
export const PageTotal = z.number().int().meta({ description: 'Every match, not just this page.' });
