import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { recordActivity } from '../activity/record-activity';
import type { BookingRow } from './view';

export type BookingActivityType = 'booking_created' | 'booking_rescheduled' | 'booking_cancelled';

/**
 * The activity row of a booking change, in the change's transaction (client-visible): the notification
 * sheets, the live updates (`calendarLive`), the widget's `booking.created` / `booking.cancelled` and the
 * webhook events follow from it as they do for invoices and quotes.
 * @returns the row's seq, to publish after the commit
 */
export async function recordBookingActivity(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  providerId: string,
  booking: BookingRow,
  type: BookingActivityType,
  actor: 'provider' | 'client',
  reason: string | null = null,
): Promise<number> {
  const activity = await recordActivity(tx, {
    jobs,
    providerId,
    projectId: booking.project_id,
    clientId: booking.client_id,
    type,
    metadata: {
      bookingId: booking.id,
      title: booking.title,
      startsAt: booking.starts_at.toISOString(),
      endsAt: booking.ends_at.toISOString(),
      timeZone: booking.client_time_zone,
      status: booking.status,
      sender_type: actor,
      ...(reason ? { reason } : {}),
    },
    clientVisible: true,
    actor,
  });
  return activity.seq;
}
