import { actingFor, ownedBy } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { queueBookingMails } from './mail';
import { type BookingRow, bookingSelect } from './view';

const HOUR = 3_600_000;
const BATCH = 100;

/**
 * Sends each confirmed booking's reminder once (issue 30): 24 hours before its start, or 1 hour before for a
 * booking made (or moved) later than that; none for one made within the last hour before its start. One
 * transaction per batch claims the due rows (`bookings_reminder_due_idx`, `FOR UPDATE SKIP LOCKED`, so
 * several instances share the work), sets `reminder_sent_at` and queues both sides' reminders with it.
 * @returns how many bookings were reminded
 */
export async function sendBookingReminders(
  deps: Pick<AppDeps, 'sql' | 'mailer' | 'config' | 'now'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await deps.sql.begin(async (tx) => {
      const now = deps.now();
      const due = await tx<BookingRow[]>`
        ${bookingSelect(tx)}
        WHERE b.id IN (
          SELECT d.id FROM bookings d
          WHERE d.status = 'confirmed' AND d.reminder_sent_at IS NULL
            AND d.starts_at > ${now} AND d.starts_at <= ${new Date(now.getTime() + 24 * HOUR)}
            AND (d.updated_at <= d.starts_at - interval '24 hours'
                 OR (d.starts_at <= ${new Date(now.getTime() + HOUR)} AND d.updated_at <= d.starts_at - interval '1 hour'))
          ORDER BY d.starts_at LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)`;
      for (const booking of due) {
        // The job acts for the provider of each booking it claimed.
        const scope = actingFor(booking.provider_id);
        await tx`
          UPDATE bookings SET reminder_sent_at = ${now}
          WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${booking.id} AND reminder_sent_at IS NULL`;
        await queueBookingMails(deps, tx, scope, booking, 'reminder');
      }
      return due.length;
    });
    total += claimed;
    if (claimed < BATCH) return total;
  }
}
