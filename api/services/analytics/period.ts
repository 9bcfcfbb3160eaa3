import { type AnalyticsQuery, daysBetween, periodProblem } from '../../../shared/contracts/analytics';
import type { Currency } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/** A validated period: days, the previous period of the same length, the zone and today in it. */
export interface ResolvedPeriod {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  timeZone: string;
  today: string;
  currency: Currency;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Checks the range (422 `validation.endBeforeStart` / `validation.rangeTooLong` on `to`), takes the zone
 * from the query or the profile (UTC while it has none), and reads today in it from the database, which
 * also proves PostgreSQL knows the zone (422 `validation.timeZoneInvalid` when it does not).
 */
export async function resolvePeriod(
  sql: Sql,
  scope: ProviderScope,
  query: { from: string; to: string; currency: Currency; timeZone?: string | undefined },
  now: Date,
): Promise<ResolvedPeriod> {
  const problem = periodProblem(query.from, query.to);
  if (problem) throw new ApiError('validation_failed', { fields: [{ path: 'to', key: problem }] });
  const length = daysBetween(query.from, query.to);
  let timeZone = query.timeZone;
  if (!timeZone) {
    const [profile] = await sql<{ time_zone: string | null }[]>`
      SELECT time_zone FROM profiles p WHERE ${ownedBy(sql, scope, 'p.user_id')}`;
    timeZone = profile?.time_zone ?? 'UTC';
  }
  let today: string;
  try {
    const [row] = await sql<{ today: string }[]>`
      SELECT to_char((${now}::timestamptz AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS today`;
    today = (row as { today: string }).today;
  } catch (error) {
    if ((error as { code?: string }).code === '22023')
      throw new ApiError('validation_failed', {
        fields: [{ path: 'timeZone', key: 'validation.timeZoneInvalid' }],
      });
    throw error;
  }
  return {
    from: query.from,
    to: query.to,
    previousFrom: addDays(query.from, -(length + 1)),
    previousTo: addDays(query.from, -1),
    timeZone,
    today,
    currency: query.currency,
  };
}

export type { AnalyticsQuery };
