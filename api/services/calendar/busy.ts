import type { Sql, Tx } from '../../db/client';
import { occurrences } from './recurrence';

/**
 * The provider's own timed events as busy time for the slot calculator (issue 30): every occurrence
 * (exceptions left out, recurring ones expanded in their own zone across DST) that overlaps [from, to);
 * all-day events do not block. The caller names the provider whose booking type it has already scoped.
 * Sorted by start; intervals are whole occurrences (not clipped to the window).
 * @example await eventBusyIntervals(sql, providerId, new Date('2027-03-01T00:00Z'), new Date('2027-05-01T00:00Z'))
 */
export async function eventBusyIntervals(
  sql: Sql | Tx,
  providerId: string,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  // Through `app_busy_events` (0039): a portal client's transaction sees only its own client's events under
  // row-level security, yet every event blocks; the function answers timings only, of the scope's provider.
  const rows = await sql<
    { starts_at: Date; ends_at: Date; time_zone: string; rrule: string | null; exdates: Date[] }[]
  >`SELECT starts_at, ends_at, time_zone, rrule, exdates FROM app_busy_events(${providerId}, ${from}, ${to})`;
  return rows
    .flatMap((row) =>
      occurrences(
        {
          startsAt: row.starts_at,
          endsAt: row.ends_at,
          timeZone: row.time_zone,
          allDay: false,
          rrule: row.rrule,
          exdates: row.exdates,
        },
        from,
        to,
      ),
    )
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}
