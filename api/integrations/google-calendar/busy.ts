import type { AppDeps } from '../../http/context';
import { googleMessage, googleRequest } from './google-api';
import { GoogleConnectionUnusable, GoogleUnavailable } from './tokens';

/*
 * Busy times from the provider's Google calendars (`freeBusy.query` over the primary calendar and the one
 * written to), which block booking slots.
 *
 * Cached in PostgreSQL (`google_busy_cache`, one window per provider) rather than in memory: every
 * instance and the job worker see the same answer, a reconnect, a calendar change or a broken grant clear it
 * in the same transaction, and a slot list computed on one instance is confirmed against the same data on
 * another. An answer younger than two minutes that covers the asked window is used as it is; `fresh`
 * (before a slot is confirmed) always asks Google. Without a usable connection there are no busy times and
 * `status` says why; when Google fails, the last cached answer is used if there is one (`stale`).
 */

export const BUSY_CACHE_MS = 2 * 60_000;

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface GoogleBusy {
  intervals: BusyInterval[];
  /**
   * `ok`; `not_connected` (no Google connection: nothing to block); `broken` (Google refused the grant:
   * the provider should reconnect); `unavailable` (Google failed and nothing was cached); `stale` (Google
   * failed, the last answer was used).
   */
  status: 'ok' | 'not_connected' | 'broken' | 'unavailable' | 'stale';
}

type Deps = Pick<AppDeps, 'config' | 'sql' | 'now' | 'log'>;

interface CacheRow {
  window_from: Date;
  window_to: Date;
  intervals: { start: string; end: string }[];
  fetched_at: Date;
}

/** The connection's state with its cached window (`app_google_busy_state`; NULLs when nothing is cached). */
type StateRow = { status: string; calendar_id: string | null } & {
  [K in keyof CacheRow]: CacheRow[K] | null;
};

const inWindow = (rows: { start: string; end: string }[], from: Date, to: Date): BusyInterval[] =>
  rows
    .map((r) => ({ start: new Date(r.start), end: new Date(r.end) }))
    .filter((r) => r.end > from && r.start < to);

/**
 * The provider's Google busy times overlapping [from, to), with how they were obtained.
 * @example const { intervals, status } = await googleBusy(deps, providerId, from, to, { fresh: true })
 */
export async function googleBusy(
  deps: Deps,
  providerId: string,
  from: Date,
  to: Date,
  options: { fresh?: boolean } = {},
): Promise<GoogleBusy> {
  // Through 0040's functions: the tables are provider-private, and a portal client's slot list asks too.
  const [state] = await deps.sql<StateRow[]>`
    SELECT status, calendar_id, window_from, window_to, intervals, fetched_at FROM app_google_busy_state(${providerId})`;
  if (!state) return { intervals: [], status: 'not_connected' };
  if (state.status !== 'connected') return { intervals: [], status: 'broken' };
  const cached = state.fetched_at ? (state as CacheRow) : undefined;
  const now = deps.now().getTime();
  if (
    cached &&
    !options.fresh &&
    now - new Date(cached.fetched_at).getTime() < BUSY_CACHE_MS &&
    new Date(cached.window_from) <= from &&
    new Date(cached.window_to) >= to
  )
    return { intervals: inWindow(cached.intervals, from, to), status: 'ok' };

  const calendars = [...new Set(['primary', state.calendar_id ?? 'primary'])];
  try {
    const res = await googleRequest(deps, providerId, {
      method: 'POST',
      path: '/freeBusy',
      body: {
        timeMin: from.toISOString(),
        timeMax: to.toISOString(),
        items: calendars.map((id) => ({ id })),
      },
    });
    if (res.status !== 200) throw new GoogleUnavailable(`freeBusy: ${googleMessage(res)}`);
    const answer = res.body as { calendars?: Record<string, { busy?: { start: string; end: string }[] }> };
    const rows = Object.values(answer.calendars ?? {})
      .flatMap((c) => c.busy ?? [])
      .filter((b) => typeof b.start === 'string' && typeof b.end === 'string')
      .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }))
      .sort((a, b) => a.start.localeCompare(b.start));
    await deps.sql`
      SELECT app_google_busy_store(${providerId}, ${from}, ${to}, ${deps.sql.json(rows)}, ${deps.now()})`;
    return { intervals: inWindow(rows, from, to), status: 'ok' };
  } catch (err) {
    if (err instanceof GoogleConnectionUnusable)
      return { intervals: [], status: err.reason === 'broken' ? 'broken' : 'not_connected' };
    if (!(err instanceof GoogleUnavailable)) throw err;
    deps.log.warn({ err, providerId }, 'Google free/busy failed');
    if (cached && new Date(cached.window_from) <= from && new Date(cached.window_to) >= to)
      return { intervals: inWindow(cached.intervals, from, to), status: 'stale' };
    return { intervals: [], status: 'unavailable' };
  }
}

/**
 * The provider's Google busy times overlapping [from, to): `googleBusy` without its status (an empty list
 * when there is no usable connection or Google failed; never throws for that).
 * @example const busy = await googleBusyIntervals(deps, providerId, from, to, { fresh: true })
 */
export async function googleBusyIntervals(
  deps: Deps,
  providerId: string,
  from: Date,
  to: Date,
  options: { fresh?: boolean } = {},
): Promise<BusyInterval[]> {
  return (await googleBusy(deps, providerId, from, to, options)).intervals;
}
