import { z } from 'zod';
import { text, Uuid } from './common';
import { FileStatus } from './files';
import { InvoiceStatus } from './invoices';
import { PageQuery, pageOf } from './paging';

/*
 * The activity feed and the notification sheet (spec §2, §3, §7, §8, §9). Every message, project change,
 * upload, file decision, invoice creation and invoice status change writes one activity row in the same
 * transaction as the change; the provider and the project's client each have their own read flag. Titles
 * and descriptions are rendered by the API in the caller's language from the row's type and metadata.
 */

/** Spec §3's types; anything else is generic (the sheet sends it to projects). */
export const ActivityType = z
  .enum([
    'message',
    'file_upload',
    'file_approval',
    'invoice_created',
    'invoice_status',
    'quote_status',
    'booking_created',
    'booking_rescheduled',
    'booking_cancelled',
    'project_created',
    'project_updated',
    'project_status',
  ])
  .meta({ description: 'What happened.', example: 'message' });
export type ActivityType = z.infer<typeof ActivityType>;

export const ActivityItem = z
  .object({
    id: Uuid(),
    seq: z
      .number()
      .int()
      .meta({ description: 'Increasing position in the feed (catch-up after a reconnect).' }),
    type: ActivityType,
    title: text().meta({ example: 'New message from Grace Hopper' }),
    description: text().nullable(),
    createdAt: text(),
    read: z.boolean().meta({ description: 'Read by the caller’s side.' }),
    senderType: z
      .enum(['provider', 'client'])
      .nullable()
      .meta({ description: 'spec §3 metadata.sender_type.' }),
    project: z
      .object({ id: Uuid(), name: text(), clientId: Uuid(), clientName: text() })
      .nullable()
      .meta({ description: 'The project; null for an invoice without one (see `client`).' }),
    client: z.object({ id: Uuid(), name: text() }).optional().meta({
      description: 'The client the row is about (the project’s, or the invoice’s); always sent by the API.',
    }),
    file: z.object({ id: Uuid(), name: text(), status: FileStatus }).optional().meta({
      description:
        'For file_upload and file_approval: the file and the status the event set (the widget’s `file.status_changed`).',
    }),
    invoice: z.object({ id: Uuid(), number: text().nullable(), status: InvoiceStatus }).optional().meta({
      description:
        'For invoice_created and invoice_status: the invoice, its number (null while a draft) and the status the event set.',
    }),
    quote: z
      .object({ id: Uuid(), number: text().nullable(), status: z.enum(['sent', 'accepted', 'declined']) })
      .optional()
      .meta({
        description:
          'For quote_status: the quote, its number and the status the event set (the widget’s `quote.accepted`).',
      }),
    booking: z
      .object({
        id: Uuid(),
        title: text(),
        startsAt: text(),
        endsAt: text(),
        status: z.enum(['confirmed', 'cancelled']),
      })
      .optional()
      .meta({
        description:
          'For booking_created, booking_rescheduled and booking_cancelled: the booking as the event left it (the widget’s `booking.created` and `booking.cancelled`).',
      }),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof ActivityItem>;

/** Spec §9: 50 fetched. */
export const NOTIFICATIONS_FETCHED = 50;

export const NotificationListQuery = z.object({ ...PageQuery });

export const NotificationList = pageOf(ActivityItem)
  .extend({ unreadCount: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationList>;

export const UnreadCount = z
  .object({
    count: z.number().int(),
    latestSeq: z.number().int().meta({
      description:
        'The newest feed position (`seq`) the caller’s side can see, 0 when none: a page that reads it on load toasts what arrives after it.',
    }),
  })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** spec §7 mark_notifications_read(p_project_ids, p_user_type): the user type is the caller's. */
export const MarkNotificationsRead = z
  .object({
    projectIds: z
      .array(Uuid())
      .max(1000)
      .optional()
      .meta({ description: 'Only these projects; omitted: all of the caller’s projects.' }),
  })
  .strict()
  .meta({ id: 'MarkNotificationsRead' });

export const MarkedRead = z.object({ count: z.number().int() }).meta({ id: 'MarkedRead' });

export const ActivityPageQuery = z.object({
  projectId: Uuid().optional(),
  ...PageQuery,
});
