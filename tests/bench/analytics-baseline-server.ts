import { createServer } from 'node:http';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import postgres from 'postgres';
import type { ProviderScope } from '../../api/auth/scope';
import type { Sql } from '../../api/db/client';
import { clientEngagement } from '../../api/services/analytics/clients';
import { moneyAnalytics } from '../../api/services/analytics/money';
import { resolvePeriod } from '../../api/services/analytics/period';
import { workAnalytics } from '../../api/services/analytics/work';

/**
 * The baseline of the analytics budgets: a minimal node:http + postgres.js server that runs the same SQL as
 * `GET /api/analytics/{money,work,clients}` (the session lookup of api/auth/session.ts, then the services'
 * own functions, so the statements cannot drift apart) and answers their JSON, with nothing else around it:
 * no routing framework, validation, logging or headers. The query's `from`, `to`, `currency` and `timeZone`
 * are taken as they come.
 */
const sql = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} }) as unknown as Sql;
const port = Number(process.env.PORT);
const views = { money: moneyAnalytics, work: workAnalytics, clients: clientEngagement } as const;

createServer(async (req, res) => {
  const cookie = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const dot = cookie.indexOf('.');
  const [session] = await sql<{ id: string; secret_hash: Uint8Array; user_id: string }[]>`
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
  const view = views[url.pathname.slice(1) as keyof typeof views];
  if (!view) {
    res.writeHead(404).end();
    return;
  }
  const q = url.searchParams;
  const scope: ProviderScope = { kind: 'provider', providerId: session.user_id, sessionId: session.id };
  const period = await resolvePeriod(
    sql,
    scope,
    {
      from: q.get('from') as string,
      to: q.get('to') as string,
      currency: q.get('currency') as 'EUR',
      timeZone: q.get('timeZone') ?? undefined,
    },
    new Date(),
  );
  const body = await view(sql, scope, period);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}).listen(port, '127.0.0.1');
