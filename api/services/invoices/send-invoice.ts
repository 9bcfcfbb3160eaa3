import type { Language } from '../../../shared/contracts/common';
import { canTransition, type InvoiceSent } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { invoiceSentMail } from '../../mail/templates/invoice-sent';
import { queueDelivery } from './delivery';
import { type InvoiceDeps, publishInvoiceActivity } from './deps';
import { lockInvoice } from './drafts';
import { xrechnungAttachment } from './einvoice/file';
import { getInvoice, linesOf } from './get-invoice';
import {
  currentParties,
  type LegalRow,
  legalColumns,
  legalJoins,
  type PartiesSnapshot,
  problemsOf,
} from './legal';
import { formatNumber, lockSettings } from './settings';
import { recordInvoiceStatus } from './transitions';

/**
 * Sends a draft, in ONE transaction: the settings row locked, its next number taken and formatted
 * (`INV-0007`), the invoice `sent` with that number and its issue date, the sequence incremented, the
 * `invoice_status` activity row, the client's e-mail job and, with Stripe connected, the job that creates
 * it in Stripe (`queueDelivery`; the answer's `payment` says `pending`). Concurrent sends of one provider
 * queue on the settings row, so numbers are gapless and unique; a rolled-back send leaves the number to
 * the next one and queues nothing. 409 `invoice_transition_not_allowed` when it is not a draft.
 * `mailClient: false` (the demo data) sends no e-mail.
 */
export async function sendInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  opts: { mailClient?: boolean } = {},
): Promise<InvoiceSent> {
  const { seq, payment } = await deps.sql.begin((tx) => sendDraft(tx, deps, scope, invoiceId, opts));
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return { invoice: await getInvoice(deps.sql, scope, invoiceId), payment };
}

/**
 * {@link sendInvoice}'s work in the caller's transaction (a recurring invoice is made and sent in one, with
 * `actor: 'system'`): the activity's seq to publish after the commit, and where the payment goes.
 */
export async function sendDraft(
  tx: Tx,
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  opts: {
    mailClient?: boolean;
    actor?: 'provider' | 'system';
    /**
     * `false`: neither the client's e-mail nor the payment provider's delivery now (a recurring invoice that
     * is charged automatically first; `deliverSentInvoice` sends it to pay when that fails).
     */
    deliver?: boolean;
  } = {},
): Promise<{ seq: number; payment: InvoiceSent['payment'] }> {
  const current = await lockInvoice(tx, scope, invoiceId);
  if (!canTransition(current.status, 'sent')) throw new ApiError('invoice_transition_not_allowed');
  const settings = await lockSettings(tx, scope);
  // The pre-send check (§ 14 (4) UStG), on the details as they are under the locks; they become the
  // invoice's own (`parties`), so later changes to the settings or the client leave it as it was sent.
  const parties = await checkLegalContent(tx, scope, invoiceId);
  const number = formatNumber(settings.number_prefix, settings.next_number);
  const now = deps.now();
  const [row] = await tx<
    {
      id: string;
      number: string;
      client_id: string;
      project_id: string | null;
      amount_cents: string;
      currency: string;
      due_date: string | null;
      language: Language;
    }[]
  >`
    UPDATE invoices SET number = ${number}, status = 'sent', issued_at = ${now}, updated_at = ${now},
                        parties = ${tx.json(parties as never)}, tax_mode = ${parties.taxMode}
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} AND status = 'draft'
    RETURNING id, number, client_id, project_id, amount_cents::text AS amount_cents, currency::text AS currency,
              to_char(due_date, 'YYYY-MM-DD') AS due_date, language`;
  if (!row) throw new ApiError('invoice_transition_not_allowed');
  await tx`
    UPDATE invoice_settings SET next_number = next_number + 1, updated_at = now()
    WHERE ${ownedBy(tx, scope, 'provider_id')}`;
  const activitySeq = await recordInvoiceStatus(
    tx,
    deps.jobs,
    scope.providerId,
    { ...row, from_status: 'draft', status: 'sent' },
    opts.actor ?? 'provider',
  );
  if (opts.deliver === false)
    return { seq: activitySeq, payment: { provider: 'none', status: 'not_connected' } };
  if (opts.mailClient !== false) await queueInvoiceMail(deps, tx, scope, row);
  return { seq: activitySeq, payment: await queueDelivery(tx, deps.jobs, scope.providerId, invoiceId) };
}

/**
 * Sends an invoice that was sent with `deliver: false` to pay, as the send would have: the client's e-mail
 * with the portal's pay link and the payment provider's delivery (in the caller's transaction).
 */
export async function deliverSentInvoice(tx: Tx, deps: InvoiceDeps, scope: ProviderScope, invoiceId: string) {
  const [row] = await tx<
    {
      id: string;
      number: string;
      client_id: string;
      amount_cents: string;
      currency: string;
      due_date: string | null;
      language: Language;
    }[]
  >`
    SELECT id, number, client_id, amount_cents::text AS amount_cents, currency::text AS currency,
           to_char(due_date, 'YYYY-MM-DD') AS due_date, language
    FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} AND number IS NOT NULL`;
  if (!row) return;
  await queueInvoiceMail(deps, tx, scope, row);
  await queueDelivery(tx, deps.jobs, scope.providerId, invoiceId);
}

/**
 * The invoice's seller, buyer and tax mode as they are now, refused with 422 `invoice_incomplete` naming each
 * field the law still needs (`preSendProblems`, the check the editor shows before Send).
 */
async function checkLegalContent(tx: Tx, scope: ProviderScope, invoiceId: string): Promise<PartiesSnapshot> {
  const [row] = await tx<(LegalRow & { client_name: string; client_company: string | null })[]>`
    SELECT i.language, c.name AS client_name, c.company AS client_company, ${legalColumns(tx)}
    FROM invoices i JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id ${legalJoins(tx)}
    WHERE ${ownedBy(tx, scope, 'i.provider_id')} AND i.id = ${invoiceId}`;
  if (!row) throw new ApiError('not_found');
  const lines = await linesOf(tx, scope, invoiceId);
  const parties = currentParties(row);
  const problems = problemsOf(
    row,
    parties,
    lines.map((l) => ({
      description: l.description,
      quantityMilli: Number(l.quantity_milli),
      unit: l.unit,
      taxRateBp: l.tax_rate_bp,
      vatCategory: l.vat_category,
      exemptionReason: l.exemption_reason,
    })),
  );
  if (problems.length > 0) throw new ApiError('invoice_incomplete', { fields: problems });
  return parties;
}

/** The client's "new invoice" e-mail, queued in the send's transaction (in the invoice's language). */
async function queueInvoiceMail(
  deps: InvoiceDeps,
  tx: Tx,
  scope: ProviderScope,
  invoice: {
    id: string;
    client_id: string;
    number: string;
    amount_cents: string;
    currency: string;
    due_date: string | null;
    language: Language;
  },
) {
  const [to] = await tx<{ email: string; name: string; portal_id: string; sender: string | null }[]>`
    SELECT c.email, c.name, c.portal_id,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS sender
    FROM clients c LEFT JOIN profiles pr ON pr.user_id = c.provider_id
    WHERE ${ownedBy(tx, scope, 'c.provider_id')} AND c.id = ${invoice.client_id}`;
  if (!to) return;
  const [settings] = await tx<{ attach_e_invoice: boolean }[]>`
    SELECT attach_e_invoice FROM invoice_settings WHERE ${ownedBy(tx, scope, 'provider_id')}`;
  const attachment = settings?.attach_e_invoice
    ? await xrechnungAttachment(tx, scope, invoice.id, deps.config.publicOrigin)
    : null;
  if (settings?.attach_e_invoice && !attachment) {
    deps.log.warn({ invoiceId: invoice.id }, 'XRechnung not attached: the invoice settings lack the phone');
  }
  await deps.mailer.queue(tx, {
    ...invoiceSentMail({
      to: to.email,
      name: to.name,
      lang: invoice.language,
      sender: to.sender ?? '',
      number: invoice.number,
      amountCents: Number(invoice.amount_cents),
      currency: invoice.currency.trim(),
      dueDate: invoice.due_date,
      link: `${deps.config.publicOrigin}/portal/${to.portal_id}/invoices`,
    }),
    senderProviderId: scope.providerId,
    ...(attachment ? { attachments: [attachment] } : {}),
  });
}
