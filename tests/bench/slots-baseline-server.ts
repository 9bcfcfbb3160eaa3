import { createServer } from 'node:http';
import postgres from 'postgres';
import { validatePortalSessionToken } from '../../api/auth/portal-client/portal-session';
import { scopeOfPortalSession } from '../../api/auth/scope';
import { loadConfig } from '../../api/config';
import type { Sql } from '../../api/db/client';
import { createLogger } from '../../api/http/logger';
import { portalSlots } from '../../api/services/booking/portal';

/**
 * The baseline of the slots budget: a minimal node:http + postgres.js server that checks the portal's bearer
 * token as the app does (`validatePortalSessionToken`) and then calls the same service as
 * `GET /api/portal/{portalId}/booking-types/{bookingTypeId}/slots` (its queries and the slot calculator),
 * with nothing else around it: no routing framework, validation, logging or headers. `/<typeId>?from&to&timeZone`.
 */
const sql = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} }) as unknown as Sql;
const port = Number(process.env.PORT);
// The same reads as the app's (the Google busy times need the configuration only when connected).
const deps = { sql, now: () => new Date(), config: loadConfig(process.env), log: createLogger('silent') };

createServer(async (req, res) => {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const auth = await validatePortalSessionToken(sql, token, new Date());
  if (!auth) {
    res.writeHead(401).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://x');
  const q = url.searchParams;
  const body = await portalSlots(deps, scopeOfPortalSession(auth), url.pathname.slice(1), {
    from: q.get('from') as string,
    to: q.get('to') as string,
    timeZone: q.get('timeZone') as string,
  });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}).listen(port, '127.0.0.1');
