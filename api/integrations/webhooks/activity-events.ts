import type { ActivityType } from '../../../shared/contracts/activity';
import type { WebhookEventType } from '../../../shared/contracts/webhooks';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { getBooking } from '../../services/booking/view';
import { type FileRow, fileSelect, toFileSummary } from '../../services/files/file-view';
import { getInvoice } from '../../services/invoices/get-invoice';
import { MESSAGE_COLUMNS, type MessageRow, toMessage } from '../../services/messages/messages';
import { getProject } from '../../services/projects/list-projects';
import { getQuote } from '../../services/quotes/get-quote';
import { queueWebhookEvent, type WebhookJobs } from './events';

/*
 * The events of what `recordActivity` records: every project change, message, upload, file decision and
 * invoice status change goes through that one writer, in the transaction of the change, which hands its
 * row here. (Clients have no activity rows: `services/clients` queues theirs itself.)
 */

/** What `recordActivity` knows of a row. */
export interface ActivityFacts {
  type: ActivityType;
  projectId: string | null;
  metadata?: Record<string, unknown>;
}

const INVOICE_EVENTS: Record<string, WebhookEventType> = {
  sent: 'invoice.sent',
  paid: 'invoice.paid',
  overdue: 'invoice.overdue',
  cancelled: 'invoice.cancelled',
};

const QUOTE_EVENTS: Record<string, WebhookEventType> = {
  sent: 'quote.sent',
  accepted: 'quote.accepted',
  declined: 'quote.declined',
};

/** The webhook event of an activity row, with how to load its object; null when it has none. */
export function eventOfActivity(
  tx: Tx,
  scope: ProviderScope,
  facts: ActivityFacts,
): { type: WebhookEventType; object: () => Promise<unknown> } | null {
  const meta = facts.metadata ?? {};
  const id = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : null);
  const project = () => getProject(tx as unknown as Sql, scope, facts.projectId as string);
  switch (facts.type) {
    case 'project_created':
      return { type: 'project.created', object: project };
    case 'project_updated':
      return { type: 'project.updated', object: project };
    case 'project_status':
      return { type: 'project.status_changed', object: project };
    case 'message': {
      const messageId = id('messageId');
      return messageId ? { type: 'message.created', object: () => loadMessage(tx, scope, messageId) } : null;
    }
    case 'file_upload':
    case 'file_approval': {
      const fileId = id('fileId');
      if (!fileId) return null;
      const type = facts.type === 'file_upload' ? 'file.uploaded' : 'file.status_changed';
      return { type, object: () => loadFile(tx, scope, fileId) };
    }
    case 'invoice_status': {
      // A Stripe outcome (`event`) leaves the status as it was: not a status change.
      const invoiceId = id('invoiceId');
      const status = id('status');
      if (!invoiceId || !status || meta.event !== undefined || meta.from === status) return null;
      const type = INVOICE_EVENTS[status];
      return type ? { type, object: () => getInvoice(tx, scope, invoiceId) } : null;
    }
    case 'quote_status': {
      const quoteId = id('quoteId');
      const status = id('status');
      const type = status ? QUOTE_EVENTS[status] : undefined;
      return quoteId && type
        ? { type, object: () => getQuote(tx, scope, quoteId, new Date().toISOString().slice(0, 10)) }
        : null;
    }
    case 'booking_created':
    case 'booking_rescheduled':
    case 'booking_cancelled': {
      const bookingId = id('bookingId');
      const type = `booking.${facts.type.slice('booking_'.length)}` as WebhookEventType;
      return bookingId ? { type, object: () => getBooking(tx, scope, bookingId) } : null;
    }
    default:
      return null;
  }
}

/** Queues the webhook event of an activity row just written in `tx` (nothing when none or no endpoint wants it). */
export async function queueActivityEvent(
  tx: Tx,
  jobs: WebhookJobs,
  scope: ProviderScope,
  facts: ActivityFacts,
): Promise<void> {
  const event = eventOfActivity(tx, scope, facts);
  if (event) await queueWebhookEvent(tx, jobs, scope, event.type, event.object);
}

async function loadFile(tx: Tx, scope: ProviderScope, fileId: string) {
  const [row] = await tx<FileRow[]>`${fileSelect(tx, scope)} AND f.id = ${fileId}`;
  if (!row) throw new Error(`webhook event for a file that is not there: ${fileId}`);
  return toFileSummary(row, scope);
}

async function loadMessage(tx: Tx, scope: ProviderScope, messageId: string) {
  const [row] = await tx<MessageRow[]>`
    SELECT ${tx.unsafe(MESSAGE_COLUMNS)} FROM messages m
    WHERE ${ownedBy(tx, scope, 'm.provider_id')} AND m.id = ${messageId}`;
  if (!row) throw new Error(`webhook event for a message that is not there: ${messageId}`);
  return toMessage(row, scope);
}
