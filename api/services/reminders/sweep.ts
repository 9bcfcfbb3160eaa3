import type { Language } from '../../../shared/contracts/common';
import { actingFor, ownedBy } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { paymentReminderMail } from '../../mail/templates/payment-reminder';
import { recordActivity } from '../activity/record-activity';
import { type InvoiceDeps, publishInvoiceActivity, todayOf } from '../invoices/deps';
import { stepText } from './settings';

/** Invoices reminded per transaction: a large backlog goes in several short transactions. */
const BATCH = 100;

interface Due {
  id: string;
  provider_id: string;
  client_id: string;
  project_id: string | null;
  number: string;
  status: string;
  amount_cents: string;
  currency: string;
  due_date: string;
  language: Language;
  step: number;
  days_after_due: number;
  text_en: string;
  text_de: string;
  days_overdue: number;
}

/**
 * The reminder job's work (`send_payment_reminders`, every 15 minutes, and for one provider when they turn
 * reminders on): every sent or overdue invoice (never a draft, a paid or a cancelled one) of a provider with
 * reminders on, whose due date plus a step's days has come (UTC day), gets that step's reminder: an
 * `invoice_reminders` row, the client's e-mail in the invoice's language through the outbox, and an
 * `invoice_status` activity row (`event: 'reminder_sent'`), all in one transaction. Only the latest step
 * that has come is sent (an invoice already past several steps when reminders were turned on gets one
 * e-mail, not three), and never a step at or before one already sent.
 *
 * Once per (invoice, step) on any number of instances: a batch claims its invoices `FOR UPDATE SKIP LOCKED`,
 * and the row is inserted `ON CONFLICT (invoice_id, step) DO NOTHING` — a sweep whose snapshot missed
 * another's committed row inserts nothing and queues no mail. Payment or cancellation stops it: the invoice
 * is locked, so a payment waits for the reminder's transaction or the reminder skips the paying invoice.
 * @returns how many reminders this call sent
 */
export async function sendPaymentReminders(
  deps: InvoiceDeps,
  opts: { providerId?: string } = {},
): Promise<number> {
  const today = todayOf(deps.now());
  const only = opts.providerId ?? null;
  let total = 0;
  for (;;) {
    const batch = await deps.sql.begin(async (tx) => {
      const due = await tx<Due[]>`
        SELECT i.id, i.provider_id, i.client_id, i.project_id, i.number, i.status,
               -- What is still due: the total less partial payments (0025).
               (i.amount_cents - i.paid_cents)::text AS amount_cents, i.currency::text AS currency,
               to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.language,
               st.step, st.days_after_due, st.text_en, st.text_de, (${today}::date - i.due_date) AS days_overdue
        FROM invoices i
        JOIN invoice_reminder_settings s ON s.provider_id = i.provider_id AND s.enabled
        JOIN LATERAL (
          SELECT step, days_after_due, text_en, text_de FROM invoice_reminder_steps st
          WHERE st.provider_id = i.provider_id AND i.due_date + st.days_after_due <= ${today}::date
          ORDER BY st.step DESC LIMIT 1
        ) st ON true
        WHERE i.status IN ('sent', 'overdue') AND i.due_date < ${today}::date
          ${only ? tx`AND ${ownedBy(tx, actingFor(only), 'i.provider_id')}` : tx``}
          AND NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = i.id AND r.step >= st.step)
        ORDER BY i.due_date, i.id
        LIMIT ${BATCH}
        FOR UPDATE OF i SKIP LOCKED`;
      const seqs = new Map<string, number[]>();
      let sent = 0;
      for (const row of due) {
        const seq = await remind(deps, tx, row);
        if (seq === null) continue;
        sent += 1;
        seqs.set(row.provider_id, [...(seqs.get(row.provider_id) ?? []), seq]);
      }
      return { claimed: due.length, sent, seqs };
    });
    for (const [providerId, list] of batch.seqs) await publishInvoiceActivity(deps, providerId, list);
    total += batch.sent;
    if (batch.claimed < BATCH) return total;
  }
}

/** One reminder: its row (once per invoice and step), the e-mail and the activity row. Null: already sent. */
async function remind(deps: InvoiceDeps, tx: Tx, invoice: Due): Promise<number | null> {
  const scope = actingFor(invoice.provider_id);
  const [to] = await tx<{ email: string; name: string; portal_id: string; sender: string | null }[]>`
    SELECT c.email, c.name, c.portal_id,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS sender
    FROM clients c LEFT JOIN profiles pr ON pr.user_id = c.provider_id
    WHERE ${ownedBy(tx, scope, 'c.provider_id')} AND c.id = ${invoice.client_id}`;
  if (!to) return null;
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO invoice_reminders (provider_id, invoice_id, step, days_after_due, language, sent_to, sent_at)
    VALUES (${invoice.provider_id}, ${invoice.id}, ${invoice.step}, ${invoice.days_after_due}, ${invoice.language},
            ${to.email}, ${deps.now()})
    ON CONFLICT (invoice_id, step) DO NOTHING
    RETURNING id`;
  if (!row) return null;
  const mail = await deps.mailer.queue(tx, {
    ...paymentReminderMail({
      to: to.email,
      name: to.name,
      lang: invoice.language,
      sender: to.sender ?? '',
      number: invoice.number,
      amountCents: Number(invoice.amount_cents),
      currency: invoice.currency.trim(),
      dueDate: invoice.due_date,
      daysOverdue: Number(invoice.days_overdue),
      body: stepText(invoice, invoice.language),
      link: `${deps.config.publicOrigin}/portal/${to.portal_id}/invoices/${invoice.id}`,
    }),
    senderProviderId: invoice.provider_id,
  });
  await tx`UPDATE invoice_reminders SET mail_id = ${mail.id} WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${row.id}`;
  const activity = await recordActivity(tx, {
    jobs: deps.jobs,
    providerId: invoice.provider_id,
    projectId: invoice.project_id,
    clientId: invoice.client_id,
    type: 'invoice_status',
    metadata: {
      invoiceId: invoice.id,
      number: invoice.number,
      status: invoice.status,
      from: invoice.status,
      amountCents: Number(invoice.amount_cents),
      currency: invoice.currency.trim().toUpperCase(),
      event: 'reminder_sent',
      step: invoice.step,
      sender_type: null,
    },
    actor: 'system',
  });
  return activity.seq;
}
