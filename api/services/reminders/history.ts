import type { InvoiceReminders } from '../../../shared/contracts/reminders';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { addDays, todayOf } from '../invoices/deps';
import { savedReminders } from './settings';

/**
 * GET /api/invoices/{invoiceId}/reminders: the reminders sent for one of the provider's invoices (oldest
 * first) and the next one to come (while it is unpaid and reminders are on). Another provider's invoice is 404.
 */
export async function listInvoiceReminders(
  sql: Sql,
  scope: ProviderScope,
  invoiceId: string,
  now: Date,
): Promise<InvoiceReminders> {
  const [invoice] = await sql<{ status: string; due_date: string | null }[]>`
    SELECT status, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM invoices
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${invoiceId}`;
  if (!invoice) throw new ApiError('not_found');
  const rows = await sql<
    {
      id: string;
      step: number;
      days_after_due: number;
      language: 'en' | 'de';
      sent_to: string;
      sent_at: Date;
    }[]
  >`
    SELECT id, step, days_after_due, language, sent_to, sent_at FROM invoice_reminders
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND invoice_id = ${invoiceId}
    ORDER BY sent_at, step`;
  const items = rows.map((r) => ({
    id: r.id,
    step: r.step,
    daysAfterDue: r.days_after_due,
    language: r.language,
    sentTo: r.sent_to,
    sentAt: r.sent_at.toISOString(),
  }));
  return { items, next: await nextReminder(sql, scope, invoice, items, todayOf(now)) };
}

/** The step the sweep will send next and from which day, as `sendPaymentReminders` decides it. */
async function nextReminder(
  sql: Sql,
  scope: ProviderScope,
  invoice: { status: string; due_date: string | null },
  sent: readonly { step: number }[],
  today: string,
): Promise<InvoiceReminders['next']> {
  if ((invoice.status !== 'sent' && invoice.status !== 'overdue') || !invoice.due_date) return null;
  const saved = await savedReminders(sql, scope);
  if (!saved?.enabled) return null;
  const last = Math.max(0, ...sent.map((r) => r.step));
  const dueDate = invoice.due_date;
  const open = saved.steps
    .filter((s) => s.step > last)
    .map((s) => ({ step: s.step, on: addDays(dueDate, s.days_after_due) }));
  // Several steps already come: the sweep sends the latest of them.
  const come = open.filter((s) => s.on <= today);
  return come.at(-1) ?? open[0] ?? null;
}
