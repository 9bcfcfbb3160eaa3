import { type Lang, translate } from '../../http/i18n';
import type { MailAttachment, OutgoingMail } from '../mailer';
import { type MailLayoutParts, renderMailHtml, renderMailText } from './layout';

export type BookingMailEvent = 'created' | 'rescheduled' | 'cancelled' | 'reminder';

export interface BookingMailInput {
  to: string;
  /** The reader's name. */
  name: string;
  lang: Lang;
  /** Who reads it: the client who booked, or the provider booked. */
  audience: 'client' | 'provider';
  event: BookingMailEvent;
  /** The meeting's title (the booking type's name when booked). */
  title: string;
  /** The other side's name (the provider's business for the client, the client for the provider). */
  other: string;
  start: Date;
  end: Date;
  /** The zone the reader reads the times in. */
  timeZone: string;
  location: string | null;
  reason: string | null;
  /** Where the reader sees the booking (the portal's booking page, the dashboard's calendar). */
  link: string;
  /** The invitation (`.ics`): REQUEST for created/rescheduled/reminder, CANCEL for cancelled. */
  invitation: string;
}

/** "Monday, 14 December 2026, 10:00–10:30 (Europe/Berlin)" in the reader's language and zone. */
export function meetingTime(start: Date, end: Date, lang: Lang, timeZone: string): string {
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone }).format(start);
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone });
  return `${day}, ${time.format(start)}–${time.format(end)} (${timeZone.replaceAll('_', ' ')})`;
}

/**
 * A booking's e-mail to one side (issue 30), in the reader's language (`mail.booking.*`): the meeting, when
 * in the reader's zone, where, and the invitation attached (`invite.ics`, `text/calendar` with its METHOD).
 * @example await mailer.queue(tx, bookingMail({ …, audience: 'client', event: 'created', lang: 'de' }))
 */
export function bookingMail(input: BookingMailInput): OutgoingMail {
  const vars = {
    name: input.name,
    title: input.title,
    other: input.other,
    when: meetingTime(input.start, input.end, input.lang, input.timeZone),
    location: input.location ?? '',
    reason: input.reason ?? '',
  };
  const t = (key: string) => translate(input.lang, `mail.booking.${key}`, vars);
  const paragraphs = [t('greeting'), t(`${input.event}.${input.audience}`), t('when')];
  if (input.location) paragraphs.push(t('where'));
  if (input.reason) paragraphs.push(t('reason'));
  const parts: MailLayoutParts = {
    lang: input.lang,
    paragraphs,
    button: { label: t(`button.${input.audience}`), href: input.link },
    footer: [t(input.event === 'cancelled' ? 'footerCancel' : 'footer')],
  };
  const method = input.event === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const attachment: MailAttachment = {
    filename: 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: new TextEncoder().encode(input.invitation),
  };
  return {
    to: input.to,
    subject: t(`subject.${input.event}`),
    html: renderMailHtml(parts),
    text: renderMailText(parts),
    kind: `booking_${input.event}`,
    attachments: [attachment],
  };
}
