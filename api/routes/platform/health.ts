import { Health, Readiness, type ReadinessReason } from '../../../shared/contracts/platform';
import type { Sql } from '../../db/client';
import { readMigrations } from '../../db/migrate';
import { concurrencyLimit } from '../../http/overload';
import { operations, publicOperation } from '../operation';

/** How long a health probe waits for the database before it counts as unreachable. */
const PROBE_MS = 2000;

/** The probe's answer, or undefined when it failed or took longer than {@link PROBE_MS}. */
async function within<T>(probe: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(resolve, PROBE_MS, undefined);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const getHealth = publicOperation(
  {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    tags: ['Platform'],
    summary: 'Service health (liveness)',
    description:
      'Liveness: the process answers. Also reports whether its database answers a `SELECT 1` within 2 s (503 when not). Whether this instance should get traffic is `GET /api/health/ready`.',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
      503: { description: 'Database unreachable', content: { 'application/json': { schema: Health } } },
    },
  },
  async (c) => {
    const { sql, version } = c.get('deps');
    const up = (await within(sql`SELECT 1`.then(() => true))) ?? false;
    c.header('Cache-Control', 'no-store');
    return up
      ? c.json({ status: 'ok' as const, database: 'up' as const, version }, 200)
      : c.json({ status: 'degraded' as const, database: 'down' as const, version }, 503);
  },
);

/** The migrations this build ships (read once): all must be applied for the instance to be ready. */
let shipped: string[] | undefined;

/** How many of the shipped migrations the database has applied (the query is the database probe too). */
async function appliedMigrations(sql: Sql): Promise<number> {
  shipped ??= readMigrations().map((m) => m.name);
  const [row] = await sql<{ applied: number }[]>`
    SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY(${shipped}::text[])`;
  return row?.applied ?? 0;
}

const getReadiness = publicOperation(
  {
    method: 'get',
    path: '/api/health/ready',
    operationId: 'getReadiness',
    tags: ['Platform'],
    summary: 'Service readiness',
    description:
      'Readiness, for a load balancer deciding whether to send this instance traffic: 200 when the database answers within 2 s, every migration of this build is applied, the instance is not shutting down and its concurrency limit in front of the database pool is not saturated (every slot taken and its queue full); else 503 with the reasons. Liveness is `GET /api/health`.',
    responses: {
      200: { description: 'Ready', content: { 'application/json': { schema: Readiness } } },
      503: {
        description: 'Not ready; `reasons` says why',
        content: { 'application/json': { schema: Readiness } },
      },
    },
  },
  async (c) => {
    const deps = c.get('deps');
    const limit = concurrencyLimit(deps);
    const reasons: ReadinessReason[] = [];
    if (limit.stopping) reasons.push('shutting_down');
    const applied = await within(appliedMigrations(deps.sql));
    if (applied === undefined) reasons.push('database_unreachable');
    else if (applied < (shipped?.length ?? 0)) reasons.push('migrations_pending');
    if (limit.saturated) reasons.push('overloaded');
    c.header('Cache-Control', 'no-store');
    return reasons.length
      ? c.json({ status: 'not_ready' as const, reasons, version: deps.version }, 503)
      : c.json({ status: 'ready' as const, reasons, version: deps.version }, 200);
  },
);

export const registerHealth = operations(getHealth, getReadiness);
