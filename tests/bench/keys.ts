import autocannon from 'autocannon';
import postgres from 'postgres';
import { newApiKeySecret } from '../../api/auth/api-keys/secret';
import { hashPassword } from '../../api/auth/password';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { freshDatabase } from './app';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { median } from './report';

const tsx = 'node_modules/.bin/tsx';
const PROVIDERS = 10;
const CLIENTS_PER_PROVIDER = 1_000;
/** Other providers' keys in the table, so the lookup by hash is an index scan among many. */
const OTHER_KEYS = 10_000;

type Load = { rps: number; p99: number; errors: number };

function load(url: string, headers: Record<string, string>, seconds: number) {
  return new Promise<Load>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

export interface KeysBench {
  key: { rps: number; p99: number };
  cookie: { rps: number; p99: number };
  plan: string;
}

/** 10 providers × 1,000 clients and 10,000 keys of others; returns the bench provider's session and key. */
async function seed(sql: Sql): Promise<{ token: string; secret: string }> {
  const passwordHash = await hashPassword('benchmark');
  let benchUser = '';
  for (let i = 0; i < PROVIDERS; i++) {
    const [user] = await sql<{ id: string }[]>`
      INSERT INTO users (email, password_hash, email_verified_at)
      VALUES (${`keys${i}@bench.example`}, ${passwordHash}, now()) RETURNING id`;
    const userId = user?.id ?? '';
    if (i === 0) benchUser = userId;
    await sql`INSERT INTO profiles (user_id, full_name) VALUES (${userId}, ${`Provider ${i}`})`;
    const [portal] = await sql<{ id: string }[]>`
      INSERT INTO client_portals (provider_id, portal_name) VALUES (${userId}, 'Portal') RETURNING id`;
    await sql`
      INSERT INTO clients (provider_id, portal_id, name, email, created_at)
      SELECT ${userId}, ${portal?.id ?? ''}, 'Client ' || g, 'client' || g || '@customer.example',
             now() - make_interval(mins => g)
      FROM generate_series(1, ${CLIENTS_PER_PROVIDER}) g`;
    if (i > 0) {
      await sql`
        INSERT INTO api_keys (provider_id, name, prefix, secret_hash, scopes)
        SELECT ${userId}, 'other ' || g, 'cp_live_other', sha256(convert_to(${userId}::text || g, 'UTF8')),
               ARRAY['clients:read']
        FROM generate_series(1, ${Math.ceil(OTHER_KEYS / (PROVIDERS - 1))}) g`;
    }
  }
  const key = newApiKeySecret();
  await sql`
    INSERT INTO api_keys (provider_id, name, prefix, secret_hash, scopes)
    VALUES (${benchUser}, 'bench', ${key.prefix}, ${key.secretHash}, ARRAY['clients:read'])`;
  await sql`ANALYZE`;
  const { token } = await createSession(sql, benchUser, new Date());
  return { token, secret: key.secret };
}

/**
 * `GET /api/clients?limit=50` of one provider on the real app, authenticated by an API key (the lookup
 * by hash, the rate-limit upsert, the scope) and by the session cookie, side by side on one server and one
 * PostgreSQL database at 50 concurrent connections: interleaved rounds (ABBA), median of 4. The per-key rate
 * limit is on (set high enough not to refuse): its counter write is part of what a key request costs (one write per reservation of 100 hits at this
 * limit; see `hitsPerReservation`).
 */
export async function keysThroughput(adminUrl: string, port: number, seconds = 5): Promise<KeysBench> {
  const { url: dbUrl } = await freshDatabase(adminUrl, 'bench_keys');
  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} }) as unknown as Sql;
  await migrate(sql);
  const { token, secret } = await seed(sql);
  const hash = newApiKeySecret().secretHash;
  const plan = (
    await sql.unsafe<{ 'QUERY PLAN': string }[]>(
      'EXPLAIN SELECT k.id FROM api_keys k JOIN users u ON u.id = k.provider_id WHERE k.secret_hash = $1',
      [hash],
    )
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  await sql.end();

  const children: Started[] = [];
  try {
    const env = {
      ...process.env,
      DATABASE_URL: dbUrl,
      NODE_ENV: 'production',
      RATE_LIMIT_DISABLED: 'true',
      API_KEY_RATE_LIMIT: '1000000000',
    };
    const url = `http://127.0.0.1:${port}/api/clients?limit=50`;
    await assertFree(`http://127.0.0.1:${port}/`);
    const app = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(port), LOG_LEVEL: 'warn' });
    children.push(app);
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, app.child);

    const byKey = { authorization: `Bearer ${secret}` };
    const byCookie = { cookie: `session=${token}` };
    // Both answer the same page before anything is timed.
    const [a, b] = await Promise.all(
      [byKey, byCookie].map(async (headers) => {
        const res = await fetch(url, { headers });
        if (res.status !== 200) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
        return (await res.json()) as { items: { id: string }[] };
      }),
    );
    if (JSON.stringify(a?.items.map((x) => x.id)) !== JSON.stringify(b?.items.map((x) => x.id)))
      throw new Error('the key and the cookie answer different pages');

    await load(url, byKey, 2);
    await load(url, byCookie, 2);
    const keyRuns: Load[] = [];
    const cookieRuns: Load[] = [];
    // ABBA: each goes first in half the rounds, so neither gains from its place (a machine that is
    // getting busier or calmer, the other run's garbage still being collected).
    for (let round = 0; round < 4; round++) {
      const keyFirst = round === 0 || round === 3;
      const x = keyFirst ? await load(url, byKey, seconds) : undefined;
      const y = await load(url, byCookie, seconds);
      const z = x ?? (await load(url, byKey, seconds));
      if (z.errors || y.errors) throw new Error(`errors during load: key ${z.errors}, cookie ${y.errors}`);
      keyRuns.push(z);
      cookieRuns.push(y);
      console.log(
        `keys bench round ${round + 1} (${keyFirst ? 'key first' : 'cookie first'}): key ${z.rps.toFixed(0)} req/s p99 ${z.p99} ms, cookie ${y.rps.toFixed(0)} req/s p99 ${y.p99} ms`,
      );
    }
    return {
      key: { rps: median(keyRuns.map((r) => r.rps)), p99: median(keyRuns.map((r) => r.p99)) },
      cookie: { rps: median(cookieRuns.map((r) => r.rps)), p99: median(cookieRuns.map((r) => r.p99)) },
      plan,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
