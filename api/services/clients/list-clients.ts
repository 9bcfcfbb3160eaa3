import type { z } from 'zod';
import type { ClientList, ClientListQuery } from '../../../shared/contracts/clients';
import { type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { type ClientRow, clientColumns, toClient } from './client-view';

type Query = z.output<typeof ClientListQuery>;

/** Sort keys → SQL, from a fixed list (never from the request); each has a provider-scoped index. */
const SORT_SQL: Record<Query['sort'], string> = {
  name: 'lower(c.name)',
  email: 'c.email',
  company: 'lower(c.company)',
  createdAt: 'c.created_at',
};

/** Escapes LIKE wildcards so a search for `50%` or `a_b` means those characters. */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * One page of the provider's clients: case-insensitive "contains" search over name, e-mail and company
 * (a trigram GIN index on `search_text`), sorting on provider-scoped indexes, offset pagination, and
 * the exact total of matches (a count on the same indexes; two statements pipelined on one round trip).
 */
export async function listClients(sql: Sql, scope: ProviderScope, query: Query): Promise<ClientList> {
  const where = sql`${tenant(sql, scope, { provider: 'c.provider_id', client: 'c.id' })}
    ${query.portalId ? sql`AND c.portal_id = ${query.portalId}` : sql``}
    ${query.search ? sql`AND c.search_text LIKE ${likeContains(query.search)}` : sql``}`;
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const nulls = query.sort === 'company' ? (direction === 'ASC' ? ' NULLS LAST' : ' NULLS FIRST') : '';
  const orderBy = sql.unsafe(`${SORT_SQL[query.sort]} ${direction}${nulls}, c.id ${direction}`);
  const offset = (query.page - 1) * query.pageSize;
  const [rows, [count]] = await Promise.all([
    sql<ClientRow[]>`
      SELECT ${clientColumns(sql)}
      FROM clients c JOIN client_portals p ON p.id = c.portal_id
      WHERE ${where}
      ORDER BY ${orderBy}
      LIMIT ${query.pageSize} OFFSET ${offset}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM clients c WHERE ${where}`,
  ]);
  return { items: rows.map(toClient), total: count?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
