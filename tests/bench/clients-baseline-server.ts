import { createServer } from 'node:http';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import postgres from 'postgres';

/**
 * The baseline of the clients-list budget: a minimal node:http + postgres.js server that runs the same SQL
 * as `GET /api/clients?search=…&limit=50` (the session lookup of api/auth/session.ts, then the first keyset
 * page and the count of api/services/clients/list-clients.ts, pipelined) and answers the same JSON shape, with
 * nothing else around it: no routing, validation, logging or headers.
 */
const sql = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} });
const port = Number(process.env.PORT);

function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

createServer(async (req, res) => {
  const cookie = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const dot = cookie.indexOf('.');
  const [session] = await sql`
    SELECT s.id, s.secret_hash, s.expires_at, u.id AS user_id
    FROM user_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE s.id = ${cookie.slice(0, dot)}`;
  const valid =
    session &&
    constantTimeEqual(
      new Uint8Array(session.secret_hash),
      sha256(new TextEncoder().encode(cookie.slice(dot + 1))),
    );
  if (!valid) {
    res.writeHead(401).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://x');
  const search = likeContains(url.searchParams.get('search') ?? '');
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const [more, [count]] = await Promise.all([
    sql`
      SELECT c.id, c.name, c.email, c.company, c.phone, c.notes, c.language, c.portal_id,
        p.portal_name, c.password_hash IS NOT NULL AS has_password, c.created_at, c.updated_at,
        (lower(c.name))::text AS sort_key
      FROM clients c JOIN client_portals p ON p.id = c.portal_id
      WHERE c.provider_id = ${session.user_id} AND c.search_text LIKE ${search}
      ORDER BY lower(c.name) ASC, c.id ASC
      LIMIT ${limit + 1}`,
    sql`SELECT count(*)::int AS total FROM clients c WHERE c.provider_id = ${session.user_id} AND c.search_text LIKE ${search}`,
  ]);
  const rows = more.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor =
    more.length > limit && last
      ? Buffer.from(JSON.stringify(['name.asc', last.sort_key, last.id])).toString('base64url')
      : null;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        company: r.company,
        phone: r.phone,
        notes: r.notes,
        language: r.language,
        portal: { id: r.portal_id, portalName: r.portal_name },
        hasPassword: r.has_password,
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
      nextCursor,
      total: count?.total ?? 0,
    }),
  );
}).listen(port, '127.0.0.1');
