import autocannon from 'autocannon';
import postgres from 'postgres';
import { hashPassword } from '../../api/auth/password';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { freshDatabase } from './app';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { median } from './report';

const tsx = 'node_modules/.bin/tsx';
const PROVIDERS = 10;
const CLIENTS_PER_PROVIDER = 10_000;
/** A surname fragment: about 1 in 25 clients matches (400 of the provider's 10,000), so a page of 50 is full. */
const SEARCH = 'mill';

type Load = { rps: number; p99: number; errors: number };

function load(url: string, cookie: string, seconds: number) {
  return new Promise<Load>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers: { cookie } }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

export interface ClientsListBench {
  app: { rps: number; p99: number };
  baseline: { rps: number; p99: number };
  plan: string;
  total: number;
}

/** 10 providers × 10,000 clients (names, e-mails, companies from small vocabularies), in one statement each. */
async function seed(sql: Sql): Promise<string> {
  const passwordHash = await hashPassword('benchmark');
  let benchUser = '';
  for (let i = 0; i < PROVIDERS; i++) {
    const [user] = await sql<{ id: string }[]>`
      INSERT INTO users (email, password_hash, email_verified_at)
      VALUES (${`provider${i}@bench.example`}, ${passwordHash}, now()) RETURNING id`;
    const userId = user?.id ?? '';
    if (i === 0) benchUser = userId;
    await sql`INSERT INTO profiles (user_id, full_name) VALUES (${userId}, ${`Provider ${i}`})`;
    const portals = await sql<{ id: string }[]>`
      INSERT INTO client_portals (provider_id, portal_name)
      SELECT ${userId}, 'Portal ' || n FROM generate_series(1, 3) n RETURNING id`;
    await sql`
      INSERT INTO clients (provider_id, portal_id, name, email, company, created_at)
      SELECT ${userId},
        (${portals.map((p) => p.id)}::uuid[])[1 + g % 3],
        (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Donald','Margaret','Ken','Dennis','Linus','Frances',
               'John','Radia','Tim','Sophie','Hedy','Katherine','Niklaus','Guido','Anders'])[1 + g % 20]
          || ' ' ||
        (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Hamilton','Thompson','Ritchie',
               'Torvalds','Allen','Backus','Perlman','Berners','Wilson','Lamarr','Johnson','Wirth','Rossum',
               'Hejlsberg','Miller','Schmidt','Weber','Fischer','Wagner'])[1 + (g / 20) % 25],
        'client' || g || '@customer' || (g % 97) || '.example',
        CASE WHEN g % 4 = 0 THEN NULL ELSE 'Company ' || (g % 500) END,
        now() - make_interval(mins => g)
      FROM generate_series(1, ${CLIENTS_PER_PROVIDER}) g`;
  }
  await sql`ANALYZE`;
  return benchUser;
}

/**
 * `GET /api/clients?search=mill&limit=50` for a provider with 10,000 clients among 100,000, on the
 * real app and on the minimal node:http + postgres.js baseline running the same SQL, side by side on one
 * PostgreSQL database at 50 concurrent connections: interleaved rounds, median of 3.
 */
export async function clientsListThroughput(
  adminUrl: string,
  ports: { app: number; baseline: number },
  seconds = 5,
): Promise<ClientsListBench> {
  const { url: dbUrl } = await freshDatabase(adminUrl, 'bench_clients');

  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} }) as unknown as Sql;
  await migrate(sql);
  const userId = await seed(sql);
  const { token } = await createSession(sql, userId, new Date());
  const like = `%${SEARCH}%`;
  const plan = (
    await sql.unsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT c.id FROM clients c JOIN client_portals p ON p.id = c.portal_id
       WHERE c.provider_id = $1 AND c.search_text LIKE $2 ORDER BY lower(c.name) ASC, c.id ASC LIMIT 50`,
      [userId, like],
    )
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`
    SELECT count(*)::int AS total FROM clients WHERE provider_id = ${userId} AND search_text LIKE ${like}`;
  await sql.end();

  const children: Started[] = [];
  try {
    const env = { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' };
    const query = `?search=${SEARCH}&limit=50`;
    const appUrl = `http://127.0.0.1:${ports.app}/api/clients${query}`;
    const baseUrl = `http://127.0.0.1:${ports.baseline}/${query}`;
    await Promise.all([assertFree(`http://127.0.0.1:${ports.app}/`), assertFree(baseUrl)]);
    const app = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(ports.app), LOG_LEVEL: 'warn' });
    const base = startProcess(tsx, ['tests/bench/clients-baseline-server.ts'], {
      ...env,
      PORT: String(ports.baseline),
    });
    children.push(app, base);
    await Promise.all([
      waitForUrl(`http://127.0.0.1:${ports.app}/api/health`, app.child),
      waitForUrl(baseUrl, base.child),
    ]);

    // Both answer the same page before anything is timed.
    const cookie = `session=${token}`;
    const [a, b] = await Promise.all(
      [appUrl, baseUrl].map(async (u) => (await fetch(u, { headers: { cookie } })).json()),
    );
    if (a.total !== total || b.total !== total || a.items.length !== 50 || b.items.length !== 50) {
      throw new Error(`unexpected answers: app ${a.total}/${a.items?.length}, baseline ${b.total}`);
    }
    if (
      JSON.stringify(a.items.map((x: { id: string }) => x.id)) !==
      JSON.stringify(b.items.map((x: { id: string }) => x.id))
    ) {
      throw new Error('the app and the baseline answer different pages');
    }

    await load(appUrl, cookie, 2);
    await load(baseUrl, cookie, 2);
    const appRuns: Load[] = [];
    const baseRuns: Load[] = [];
    for (let round = 0; round < 3; round++) {
      const x = await load(appUrl, cookie, seconds);
      const y = await load(baseUrl, cookie, seconds);
      if (x.errors || y.errors) throw new Error(`errors during load: app ${x.errors}, baseline ${y.errors}`);
      appRuns.push(x);
      baseRuns.push(y);
    }
    return {
      app: { rps: median(appRuns.map((r) => r.rps)), p99: median(appRuns.map((r) => r.p99)) },
      baseline: { rps: median(baseRuns.map((r) => r.rps)), p99: median(baseRuns.map((r) => r.p99)) },
      plan,
      total,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
