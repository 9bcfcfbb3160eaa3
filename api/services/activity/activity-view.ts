import type { ActivityItem, ActivityType } from '../../../shared/contracts/activity';
import { FILE_STATUSES, type FileStatus } from '../../../shared/contracts/files';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/contracts/invoices';
import { formatMoney } from '../../../shared/format/money';
import { type Scope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { type Lang, translate } from '../../http/i18n';

/** An activity row as the lists select it, with its project and client (spec §3's joined project). */
export interface ActivityRow {
  id: string;
  seq: string | number;
  activity_type: string;
  metadata: Record<string, unknown>;
  created_at: Date | string;
  read: boolean;
  /** Null for an invoice without a project (migration 0014). */
  project_id: string | null;
  project_name: string | null;
  client_id: string;
  client_name: string;
}

const KNOWN = new Set<string>([
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
]);

/** The columns and joins every activity read uses; `a` is the feed, the scope's condition applies to it. */
export function activityFrom(sql: Sql | Tx, scope: Scope) {
  const read = scope.kind === 'provider' ? sql`a.read_by_freelancer` : sql`a.read_by_client`;
  const visible = scope.kind === 'client' ? sql`AND a.client_visible` : sql``;
  return sql`
    SELECT a.id, a.seq, a.activity_type, a.metadata, a.created_at, ${read} AS read,
           p.id AS project_id, p.name AS project_name, c.id AS client_id, c.name AS client_name
    FROM activity_feed a
    LEFT JOIN projects p ON p.provider_id = a.provider_id AND p.id = a.project_id
    JOIN clients c ON c.provider_id = a.provider_id AND c.id = a.client_id
    WHERE ${tenant(sql, scope, { provider: 'a.provider_id', client: 'a.client_id' })} ${visible}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const isFileStatus = (value: unknown): value is FileStatus =>
  typeof value === 'string' && (FILE_STATUSES as readonly string[]).includes(value);

/**
 * The translation keys of a file event: an upload reads "New file" (its first version) or "New version";
 * a decision by what was decided, its feedback as the description.
 */
function fileKeys(type: ActivityType, meta: Record<string, unknown>): { title: string; description: string } {
  if (type === 'file_upload') {
    const again = Number(meta.version) > 1;
    return {
      title: again ? 'activity.file_upload.titleVersion' : 'activity.file_upload.title',
      description: again ? 'activity.file_upload.descriptionVersion' : 'activity.file_upload.description',
    };
  }
  const decision = isFileStatus(meta.decision) ? meta.decision : null;
  return {
    title: decision ? `activity.file_approval.titles.${decision}` : 'activity.file_approval.title',
    description: meta.feedback
      ? 'activity.file_approval.descriptionFeedback'
      : 'activity.file_approval.description',
  };
}

/** `ActivityItem.file` of a file event, from the ids and names its metadata carries. */
function fileOf(type: ActivityType, meta: Record<string, unknown>): ActivityItem['file'] {
  if (type !== 'file_upload' && type !== 'file_approval') return undefined;
  const id = text(meta.fileId);
  if (!id || !isFileStatus(meta.status)) return undefined;
  return { id, name: text(meta.fileName), status: meta.status };
}

const isInvoiceStatus = (value: unknown): value is InvoiceStatus =>
  typeof value === 'string' && (INVOICE_STATUSES as readonly string[]).includes(value);

const STRIPE_EVENTS = new Set([
  'late_payment_refunded',
  'late_payment_refund_failed',
  'stripe_push_failed',
  'stripe_close_failed',
]);

/** The translation keys of an invoice event: its creation, the status it moved to, or a Stripe outcome. */
function invoiceKeys(
  type: ActivityType,
  meta: Record<string, unknown>,
): { title: string; description: string } {
  if (type === 'invoice_created') {
    return { title: 'activity.invoice_created.title', description: 'activity.invoice_created.description' };
  }
  // What happened in Stripe (api/payments/stripe-jobs.ts `recordStripeEvent`): a late payment refunded (or
  // not), a push or closing given up. `reason`: what the invoice was when the payment came.
  if (typeof meta.event === 'string' && STRIPE_EVENTS.has(meta.event)) {
    const reason = meta.reason === 'paid' ? 'paid' : 'cancelled';
    return {
      title: `activity.invoice_status.events.${meta.event}.title`,
      description: `activity.invoice_status.events.${meta.event}.${meta.event.startsWith('late_payment') ? reason : 'description'}`,
    };
  }
  // A payment reminder sent by the job (services/reminders/sweep.ts; the status unchanged), a part payment
  // received or a hand-recorded payment removed (services/invoices/payments.ts; `amountCents` the payment's),
  // an automatic-payment agreement the provider ended (payments/autopay.ts; `amountCents` the schedule's).
  if (
    meta.event === 'reminder_sent' ||
    meta.event === 'payment_received' ||
    meta.event === 'payment_removed' ||
    meta.event === 'autopay_ended'
  ) {
    return {
      title: `activity.invoice_status.events.${meta.event}.title`,
      description: `activity.invoice_status.events.${meta.event}.description`,
    };
  }
  const status = isInvoiceStatus(meta.status) && meta.status !== 'draft' ? meta.status : null;
  return {
    title: status ? `activity.invoice_status.titles.${status}` : 'activity.invoice_status.title',
    description: meta.creditNoteNumber
      ? 'activity.invoice_status.descriptionCreditNote'
      : 'activity.invoice_status.description',
  };
}

/** `ActivityItem.invoice` of an invoice event. */
function invoiceOf(type: ActivityType, meta: Record<string, unknown>): ActivityItem['invoice'] {
  if (type !== 'invoice_created' && type !== 'invoice_status') return undefined;
  const id = text(meta.invoiceId);
  if (!id || !isInvoiceStatus(meta.status)) return undefined;
  return { id, number: typeof meta.number === 'string' ? meta.number : null, status: meta.status };
}

const QUOTE_STATUSES = new Set(['sent', 'accepted', 'declined']);

/** `ActivityItem.quote` of a quote event. */
function quoteOf(type: ActivityType, meta: Record<string, unknown>): ActivityItem['quote'] {
  if (type !== 'quote_status') return undefined;
  const id = text(meta.quoteId);
  const status = text(meta.status);
  if (!id || !QUOTE_STATUSES.has(status)) return undefined;
  return { id, number: typeof meta.number === 'string' ? meta.number : null, status: status as 'sent' };
}

/** The translation keys of a quote event: the status it moved to; a client's decision names the client. */
function quoteKeys(meta: Record<string, unknown>): { title: string; description: string } {
  const status = text(meta.status);
  return {
    title: QUOTE_STATUSES.has(status)
      ? `activity.quote_status.titles.${status}`
      : 'activity.quote_status.title',
    description: meta.actorName
      ? 'activity.quote_status.descriptionActor'
      : 'activity.quote_status.description',
  };
}

const BOOKING_TYPES = new Set(['booking_created', 'booking_rescheduled', 'booking_cancelled']);

/** `ActivityItem.booking` of a booking event. */
function bookingOf(type: ActivityType, meta: Record<string, unknown>): ActivityItem['booking'] {
  if (!BOOKING_TYPES.has(type)) return undefined;
  const id = text(meta.bookingId);
  if (!id) return undefined;
  return {
    id,
    title: text(meta.title),
    startsAt: text(meta.startsAt),
    endsAt: text(meta.endsAt),
    status: meta.status === 'cancelled' ? 'cancelled' : 'confirmed',
  };
}

/** A booking event's start in the reader's language and the zone it was booked in. */
function bookingWhen(meta: Record<string, unknown>, lang: Lang): string {
  const start = Date.parse(text(meta.startsAt));
  if (!Number.isFinite(start)) return '';
  const timeZone = text(meta.timeZone) || 'UTC';
  try {
    const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      start,
    );
    return `${when} (${timeZone.replaceAll('_', ' ')})`;
  } catch {
    return new Date(start).toISOString();
  }
}

/** An invoice event's amount in the reader's language (money in minor units, its own currency). */
function amountOf(meta: Record<string, unknown>, lang: Lang, field = 'amountCents'): string {
  const cents = Number(meta[field]);
  const currency = text(meta.currency);
  return Number.isFinite(cents) && /^[A-Z]{3}$/.test(currency) ? formatMoney(cents, lang, currency) : '';
}

/**
 * Renders a row in the reader's language: the title and description come from `activity.<type>.*` with
 * the row's metadata and the project's current name, so a renamed project reads right everywhere.
 */
export function toActivityItem(row: ActivityRow, lang: Lang): ActivityItem {
  const type = (KNOWN.has(row.activity_type) ? row.activity_type : 'project_updated') as ActivityType;
  const meta = row.metadata ?? {};
  const vars = {
    project: row.project_name ?? '',
    client: row.client_name,
    sender: text(meta.senderName),
    preview: text(meta.preview),
    status: meta.status ? translate(lang, `projectStatus.${text(meta.status)}`) : '',
    from: meta.from ? translate(lang, `projectStatus.${text(meta.from)}`) : '',
    name: text(meta.name),
    file: text(meta.fileName),
    actor: text(meta.actorName) || text(meta.uploaderName),
    version: String(Number(meta.version) || 1),
    feedback: text(meta.feedback),
    number: text(meta.number),
    amount: amountOf(meta, lang),
    balance: amountOf(meta, lang, 'balanceCents'),
    creditNote: text(meta.creditNoteNumber),
    title: text(meta.title),
    when: BOOKING_TYPES.has(type) ? bookingWhen(meta, lang) : '',
    reason: text(meta.reason),
  };
  const isFile = type === 'file_upload' || type === 'file_approval';
  const isInvoice = type === 'invoice_created' || type === 'invoice_status';
  const keys = isFile
    ? fileKeys(type, meta)
    : isInvoice
      ? invoiceKeys(type, meta)
      : type === 'quote_status'
        ? quoteKeys(meta)
        : { title: `activity.${type}.title`, description: `activity.${type}.description` };
  const description = translate(lang, keys.description, vars);
  const file = fileOf(type, meta);
  const invoice = invoiceOf(type, meta);
  const quote = quoteOf(type, meta);
  const booking = bookingOf(type, meta);
  const senderType =
    meta.sender_type === 'provider' || meta.sender_type === 'client' ? meta.sender_type : null;
  return {
    id: row.id,
    seq: Number(row.seq),
    type,
    title: translate(lang, keys.title, vars),
    description: description && description !== keys.description ? description : null,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read,
    senderType,
    project:
      row.project_id && row.project_name !== null
        ? { id: row.project_id, name: row.project_name, clientId: row.client_id, clientName: row.client_name }
        : null,
    client: { id: row.client_id, name: row.client_name },
    ...(file ? { file } : {}),
    ...(invoice ? { invoice } : {}),
    ...(quote ? { quote } : {}),
    ...(booking ? { booking } : {}),
  };
}
