import { ownedBy, type Scope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { Lang } from '../../http/i18n';
import type { Mailer } from '../../mail/mailer';
import { type BookingMailEvent, bookingMail } from '../../mail/templates/booking';
import { bookingInvitation } from './ics';
import type { BookingRow } from './view';

interface People {
  client_email: string;
  client_name: string;
  client_language: Lang;
  portal_id: string;
  provider_email: string;
  provider_name: string;
  provider_language: Lang;
  provider_time_zone: string;
}

/**
 * Both sides' e-mails of a booking event, queued in the caller's transaction: the client in their language
 * and the zone they booked in, the provider in theirs and their profile's zone (the type's when unset),
 * each with the invitation in their zone (same UID and SEQUENCE).
 */
export async function queueBookingMails(
  deps: { mailer: Pick<Mailer, 'queue'>; config: { publicOrigin: string }; now: () => Date },
  tx: Tx,
  scope: Scope,
  booking: BookingRow,
  event: BookingMailEvent,
  reason: string | null = null,
): Promise<void> {
  const [who] = await tx<People[]>`
    SELECT c.email AS client_email, c.name AS client_name, c.language AS client_language, c.portal_id,
           u.email AS provider_email,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, ''), u.email) AS provider_name,
           coalesce(pr.preferred_language, 'en') AS provider_language,
           coalesce(pr.time_zone, t.time_zone) AS provider_time_zone
    FROM bookings b
    JOIN clients c ON c.provider_id = b.provider_id AND c.id = b.client_id
    JOIN booking_types t ON t.provider_id = b.provider_id AND t.id = b.booking_type_id
    JOIN users u ON u.id = b.provider_id
    LEFT JOIN profiles pr ON pr.user_id = b.provider_id
    WHERE ${ownedBy(tx, scope, 'b.provider_id')} AND b.id = ${booking.id}`;
  if (!who) return;
  const origin = deps.config.publicOrigin;
  const sides = [
    {
      audience: 'client' as const,
      to: who.client_email,
      name: who.client_name,
      lang: who.client_language,
      other: who.provider_name,
      timeZone: booking.client_time_zone,
      link: `${origin}/portal/${who.portal_id}/bookings`,
    },
    {
      audience: 'provider' as const,
      to: who.provider_email,
      name: who.provider_name,
      lang: who.provider_language,
      other: who.client_name,
      timeZone: who.provider_time_zone,
      link: `${origin}/dashboard/calendar`,
    },
  ];
  for (const side of sides) {
    const invitation = bookingInvitation({
      uid: booking.uid,
      sequence: booking.sequence,
      start: booking.starts_at,
      end: booking.ends_at,
      title: booking.title,
      description: booking.note ?? '',
      location: booking.location,
      timeZone: side.timeZone,
      cancelled: event === 'cancelled',
      organizer: { name: who.provider_name, email: who.provider_email },
      attendee: { name: who.client_name, email: who.client_email },
      stamp: deps.now(),
    });
    await deps.mailer.queue(tx, {
      ...bookingMail({
        ...side,
        event,
        title: booking.title,
        start: booking.starts_at,
        end: booking.ends_at,
        location: booking.location,
        reason,
        invitation,
      }),
      senderProviderId: side.audience === 'client' ? booking.provider_id : undefined,
    });
  }
}
