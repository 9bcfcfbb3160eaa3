import type { z } from 'zod';
import type { ClientList, ClientListQuery } from '../../../shared/contracts/clients';
import { type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { keyset, type SortColumn } from '../keyset';
import { type ClientRow, clientColumns, toClient } from './client-view';

type Query = z.output<typeof ClientListQuery>;

/** Sort keys → SQL, from a fixed list (never from the request); each has a provider-scoped index. */
const SORTS: Record<Query['sort'], SortColumn> = {
  name: { sql: 'lower(c.name)', type: 'text' },
  email: { sql: 'c.email', type: 'text' },
  company: { sql: 'lower(c.company)', type: 'text', nullable: true },
  createdAt: { sql: 'c.created_at', type: 'timestamptz' },
};

/** Escapes LIKE wildcards so a search for `50%` or `a_b` means those characters. */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * One page of the provider's clients: case-insensitive "contains" search over name, e-mail and company
 * (a trigram GIN index on `search_text`), sorting on provider-scoped indexes, keyset paging by the sort
 * value and the id (`keyset.ts`), and the exact total of matches (a count on the same indexes; two
 * statements pipelined on one round trip).
 */
export async function listClients(sql: Sql, scope: ProviderScope, query: Query): Promise<ClientList> {
  const where = sql`${tenant(sql, scope, { provider: 'c.provider_id', client: 'c.id' })}
    ${query.portalId ? sql`AND c.portal_id = ${query.portalId}` : sql``}
    ${query.search ? sql`AND c.search_text LIKE ${likeContains(query.search)}` : sql``}`;
  const keys = keyset(sql, { ...query, columns: SORTS, idColumn: 'c.id' });
  const [rows, [count]] = await Promise.all([
    sql<(ClientRow & { sort_key: string | null })[]>`
      SELECT ${clientColumns(sql)}, ${keys.sortKey}
      FROM clients c JOIN client_portals p ON p.id = c.portal_id
      WHERE ${where} ${keys.after}
      ORDER BY ${keys.orderBy}
      LIMIT ${query.limit + 1}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM clients c WHERE ${where}`,
  ]);
  const page = keys.page(rows);
  return { items: page.rows.map(toClient), nextCursor: page.nextCursor, total: count?.total ?? 0 };
}
