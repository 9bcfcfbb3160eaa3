import type { Language } from '../../../shared/contracts/common';
import type { Quote } from '../../../shared/contracts/quotes';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { quoteSentMail } from '../../mail/templates/quote-sent';
import { type InvoiceDeps, publishInvoiceActivity, todayOf } from '../invoices/deps';
import { currentParties } from '../invoices/legal';
import { formatNumber, lockSettings } from '../invoices/settings';
import { recordQuoteStatus } from './activity';
import { quoteContentSha256 } from './canonical';
import { getQuote, lockQuote, quoteRow } from './get-quote';

/**
 * Sends a draft quote, in ONE transaction as an invoice is sent: the quote and the settings row locked, the
 * next quote number taken (`AN-0007`), the seller and buyer stored as they are now, the SHA-256 of its
 * canonical content fixed, the `quote_status` activity row, the client's e-mail (a `send_mail` job). Numbers
 * are gapless and never reused (the settings row is the lock; a rollback gives the number back).
 * 409 `quote_transition_not_allowed` when it is not a draft; 422 on `validUntil` when its validity has passed.
 * `mailClient: false` (the demo data) sends no e-mail.
 */
export async function sendQuote(
  deps: InvoiceDeps,
  scope: ProviderScope,
  quoteId: string,
  opts: { mailClient?: boolean } = {},
): Promise<Quote> {
  const today = todayOf(deps.now());
  const seq = await deps.sql.begin(async (tx) => {
    const current = await lockQuote(tx, scope, quoteId);
    if (current.status !== 'draft') throw new ApiError('quote_transition_not_allowed');
    if (current.valid_until < today) {
      throw new ApiError('validation_failed', {
        fields: [{ path: 'validUntil', key: 'validation.quoteValidityPast' }],
      });
    }
    const settings = await lockSettings(tx, scope);
    const number = formatNumber(settings.quote_prefix_effective, settings.next_quote_number);
    const now = deps.now();
    const draft = await getQuote(tx, scope, quoteId, today);
    const parties = currentParties(await quoteRow(tx, scope, quoteId));
    // The quote as the client will see it: its hash is fixed now, and a sent quote never changes.
    const sent: Quote = { ...draft, number, status: 'sent', issuedAt: now.toISOString() };
    const hash = quoteContentSha256(sent);
    const [row] = await tx<
      {
        id: string;
        number: string;
        client_id: string;
        project_id: string | null;
        amount_cents: string;
        currency: string;
        valid_until: string;
        language: Language;
      }[]
    >`
      UPDATE quotes SET number = ${number}, status = 'sent', issued_at = ${now}, updated_at = ${now},
                        parties = ${tx.json(parties as never)}, tax_mode = ${parties.taxMode}, content_sha256 = ${hash}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${quoteId} AND status = 'draft'
      RETURNING id, number, client_id, project_id, amount_cents::text AS amount_cents, currency,
                to_char(valid_until, 'YYYY-MM-DD') AS valid_until, language`;
    if (!row) throw new ApiError('quote_transition_not_allowed');
    await tx`
      UPDATE invoice_settings SET next_quote_number = next_quote_number + 1, updated_at = now()
      WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    const activitySeq = await recordQuoteStatus(
      tx,
      deps.jobs,
      scope.providerId,
      { ...row, from: 'draft', status: 'sent' },
      'provider',
    );
    if (opts.mailClient !== false) await queueQuoteMail(deps, tx, scope, row);
    return activitySeq;
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getQuote(deps.sql, scope, quoteId, today);
}

/** The client's "new quote" e-mail, queued in the send's transaction (in the quote's language). */
async function queueQuoteMail(
  deps: InvoiceDeps,
  tx: Tx,
  scope: ProviderScope,
  quote: {
    id: string;
    client_id: string;
    number: string;
    amount_cents: string;
    currency: string;
    valid_until: string;
    language: Language;
  },
) {
  const [to] = await tx<{ email: string; name: string; portal_id: string; sender: string | null }[]>`
    SELECT c.email, c.name, c.portal_id,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS sender
    FROM clients c LEFT JOIN profiles pr ON pr.user_id = c.provider_id
    WHERE ${ownedBy(tx, scope, 'c.provider_id')} AND c.id = ${quote.client_id}`;
  if (!to) return;
  await deps.mailer.queue(tx, {
    ...quoteSentMail({
      to: to.email,
      name: to.name,
      lang: quote.language,
      sender: to.sender ?? '',
      number: quote.number,
      amountCents: Number(quote.amount_cents),
      currency: quote.currency.trim(),
      validUntil: quote.valid_until,
      link: `${deps.config.publicOrigin}/portal/${to.portal_id}/quotes/${quote.id}`,
    }),
    senderProviderId: scope.providerId,
  });
}
