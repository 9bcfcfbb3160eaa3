import { loadavg } from 'node:os';
import postgres from 'postgres';
import { hashPassword } from '../../api/auth/password';
import { createPortalSession } from '../../api/auth/portal-client/portal-session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { insertBookingType } from '../../api/services/booking/testing';
import { freePort, freshDatabase } from './app';
import { seedProvider } from './invoices';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { type Budget, median } from './report';

/*
 * `BENCH_ONLY=slots`: issue 30's budgets. A provider with a 30-minute booking type open every day 07:00–21:00
 * (Europe/Berlin, 15-minute grid, buffers of 10 minutes) and, over the next 60 days, 500 confirmed bookings
 * of it and 500 busy intervals (the provider's own calendar events, which `loadBusy` reads with the bookings;
 * Google's busy times join them when a calendar is connected, none here). Slots for 60 days
 * (`GET /api/portal/{portalId}/booking-types/{id}/slots`) on the production app against a bare node:http +
 * postgres.js server calling the same service (`slots-baseline-server.ts`), answers compared first,
 * interleaved rounds, median of ROUNDS: p95 < 20 ms (`slots-p95`) and throughput ≥ 0.9× the baseline's
 * (`slots-ratio`).
 */

const tsx = 'node_modules/.bin/tsx';
const SECONDS = Number(process.env.BENCH_SLOTS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SLOTS_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_SLOTS_CONNECTIONS ?? 2);
const BOOKINGS = 500;
const BUSY = 500;
const DAYS = 60;

type Load = { rps: number; p95: number; errors: number };

async function load(url: string, token: string, seconds: number): Promise<Load> {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (!res.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { rps: times.length / elapsed, p95, errors };
}

/**
 * `count` 30-minute bookings of `typeId` spread over the next `DAYS` days (between 06:00 and 20:00 UTC, on
 * quarter hours); rows the exclusion constraint refuses (a meeting over another) are left out.
 */
async function seedBookings(
  sql: Sql,
  providerId: string,
  typeId: string,
  clientId: string,
  count: number,
  offset: number,
) {
  await sql`
    INSERT INTO bookings (provider_id, booking_type_id, client_id, starts_at, ends_at, blocked_from, blocked_until,
                          client_time_zone, title, location_kind, uid)
    SELECT ${providerId}, ${typeId}, ${clientId}, s, s + interval '30 minutes', s - interval '10 minutes',
           s + interval '40 minutes', 'Europe/Berlin', 'Seeded', 'video', gen_random_uuid()::text || '@bench'
    FROM (
      SELECT date_trunc('day', now()) + interval '1 day' + make_interval(days => (g * 7) % ${DAYS})
             + interval '6 hours' + make_interval(mins => 15 * ((g * 37 + ${offset} * 11) % 56)) AS s, g
      FROM generate_series(0, ${count} - 1) g
    ) x
    ON CONFLICT DO NOTHING`;
}

/** `count` 45-minute events of the provider's own calendar (busy time) over the next `DAYS` days. */
async function seedEvents(sql: Sql, providerId: string, count: number) {
  await sql`
    INSERT INTO calendar_events (provider_id, title, starts_at, ends_at, time_zone, series_ends_at, uid)
    SELECT ${providerId}, 'Busy', s, s + interval '45 minutes', 'Europe/Berlin', s + interval '45 minutes',
           gen_random_uuid()::text || '@bench'
    FROM (
      SELECT date_trunc('day', now()) + interval '1 day' + make_interval(days => (g * 11) % ${DAYS})
             + interval '6 hours' + make_interval(mins => 15 * ((g * 29 + 7) % 56)) AS s
      FROM generate_series(0, ${count} - 1) g
    ) x`;
}

export async function slotsBench(report: (b: Budget) => void, adminUrl: string) {
  const ports = { app: await freePort(), baseline: await freePort() };
  const db = await freshDatabase(adminUrl, 'bench_slots');
  const sql = postgres(db.url, { max: 2, onnotice: () => {} }) as unknown as Sql;
  let token: string;
  let portalId: string;
  let typeId: string;
  try {
    await migrate(sql);
    const providerId = await seedProvider(sql, 'provider0', 10, await hashPassword('benchmark'), {
      clients: 20,
      projects: 20,
    });
    const [client] = await sql<{ id: string; portal_id: string }[]>`
      SELECT id, portal_id FROM clients WHERE provider_id = ${providerId} ORDER BY id LIMIT 1`;
    if (!client) throw new Error('no client seeded');
    portalId = client.portal_id;
    const day = [['06:00', '22:00']] as const;
    const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day };
    typeId = await insertBookingType(sql, {
      providerId,
      weeklyHours: week,
      intervalMinutes: 15,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 10,
      minNoticeMinutes: 60,
      horizonDays: 90,
    });
    // The exclusion constraint keeps the meetings apart: a slot another seeded row holds is skipped.
    await seedBookings(sql, providerId, typeId, client.id, BOOKINGS, 0);
    await seedEvents(sql, providerId, BUSY);
    const [counts] = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM bookings WHERE provider_id = ${providerId}`;
    console.log(`slots: ${counts?.n} confirmed bookings seeded over ${DAYS} days`);
    await sql`VACUUM ANALYZE`;
    token = (await createPortalSession(sql, { id: client.id, portalId, providerId }, 'password', new Date()))
      .token;
  } finally {
    await sql.end();
  }

  const from = new Date();
  const query = `from=${from.toISOString()}&to=${new Date(from.getTime() + DAYS * 86_400_000).toISOString()}&timeZone=America%2FNew_York`;
  const children: Started[] = [];
  try {
    const env = { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' };
    await Promise.all([
      assertFree(`http://127.0.0.1:${ports.app}/`),
      assertFree(`http://127.0.0.1:${ports.baseline}/`),
    ]);
    const app = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(ports.app), LOG_LEVEL: 'warn' });
    const base = startProcess(tsx, ['tests/bench/slots-baseline-server.ts'], {
      ...env,
      PORT: String(ports.baseline),
    });
    children.push(app, base);
    await Promise.all([
      waitForUrl(`http://127.0.0.1:${ports.app}/api/health`, app.child),
      waitForUrl(`http://127.0.0.1:${ports.baseline}/`, base.child),
    ]);
    const appUrl = `http://127.0.0.1:${ports.app}/api/portal/${portalId}/booking-types/${typeId}/slots?${query}`;
    const baseUrl = `http://127.0.0.1:${ports.baseline}/${typeId}?${query}`;
    const [a, b] = await Promise.all(
      [appUrl, baseUrl].map(async (url) => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`slots: ${url} answered ${res.status} ${await res.text()}`);
        return res.text();
      }),
    );
    if (a === undefined || a !== b) throw new Error('slots: the app and the baseline answer differently');
    console.log(`slots: ${(JSON.parse(a) as { slots: unknown[] }).slots.length} free slots in ${DAYS} days`);
    await load(appUrl, token, 1);
    await load(baseUrl, token, 1);
    const appRuns: Load[] = [];
    const baseRuns: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const x = await load(appUrl, token, SECONDS);
      const y = await load(baseUrl, token, SECONDS);
      if (x.errors || y.errors) throw new Error(`errors during load: app ${x.errors}, baseline ${y.errors}`);
      appRuns.push(x);
      baseRuns.push(y);
    }
    const app_ = { rps: median(appRuns.map((r) => r.rps)), p95: median(appRuns.map((r) => r.p95)) };
    const base_ = { rps: median(baseRuns.map((r) => r.rps)), p95: median(baseRuns.map((r) => r.p95)) };
    console.log(
      `slots (${DAYS} days, ${BOOKINGS} bookings + ${BUSY} events; ${CONNECTIONS} in flight; median of ${ROUNDS} × ${SECONDS} s): app ${app_.rps.toFixed(1)} req/s p95 ${app_.p95.toFixed(1)} ms; baseline node:http+postgres.js ${base_.rps.toFixed(1)} req/s p95 ${base_.p95.toFixed(1)} ms; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    report({ name: 'slots-p95', measured: app_.p95, limit: 20, unit: ' ms', kind: 'max', digits: 1 });
    report({ name: 'slots-ratio', measured: app_.rps / base_.rps, limit: 0.9, unit: '×', kind: 'min' });
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    if (!process.env.BENCH_KEEP_DB) await db.drop();
  }
}
