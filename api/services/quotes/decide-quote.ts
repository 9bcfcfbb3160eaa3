import type { PortalQuote } from '../../../shared/contracts/quotes';
import { type ClientScope, tenant } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { type InvoiceDeps, publishInvoiceActivity, todayOf } from '../invoices/deps';
import { recordQuoteStatus } from './activity';
import { getPortalQuote } from './portal-quote';

export type QuoteDecisionInput =
  | { outcome: 'accepted'; contentSha256: string; ip: string }
  | { outcome: 'declined'; reason: string | null; ip: string };

/**
 * The client accepts or declines a sent quote, in ONE transaction: ONE conditional `UPDATE … WHERE status =
 * 'sent' AND valid_until >= today [AND content_sha256 = the hash the client saw] RETURNING` records the
 * decision with who (the client's id, name and e-mail as they are now), when, from which address and, for an
 * acceptance, the hash; then the `quote_status` activity row. Of two concurrent decisions exactly one wins.
 * When nothing changed, why (nothing is written): 404 (not the client's, or a draft), 409
 * `quote_already_decided`, 409 `quote_expired` (past its validity), 409 `quote_changed` (another hash).
 */
export async function decideQuote(
  deps: InvoiceDeps,
  scope: ClientScope,
  quoteId: string,
  input: QuoteDecisionInput,
): Promise<PortalQuote> {
  const today = todayOf(deps.now());
  const seq = await deps.sql.begin(async (tx) => {
    const now = deps.now();
    const accepted = input.outcome === 'accepted';
    const [row] = await tx<
      {
        id: string;
        number: string;
        client_id: string;
        project_id: string | null;
        amount_cents: string;
        currency: string;
      }[]
    >`
      UPDATE quotes i SET status = ${input.outcome}, decided_at = ${now}, updated_at = ${now},
        decided_by_client_id = c.id, decided_by_name = c.name, decided_by_email = c.email,
        decided_ip = ${input.ip.slice(0, 64)},
        decided_sha256 = ${accepted ? tx`i.content_sha256` : tx`NULL`},
        decline_reason = ${input.outcome === 'declined' ? input.reason || null : null}
      FROM clients c
      WHERE ${tenant(tx, scope, { provider: 'i.provider_id', client: 'i.client_id' })}
        AND c.provider_id = i.provider_id AND c.id = i.client_id
        AND i.id = ${quoteId} AND i.status = 'sent' AND i.valid_until >= ${today}
        ${input.outcome === 'accepted' ? tx`AND i.content_sha256 = ${input.contentSha256}` : tx``}
      RETURNING i.id, i.number, i.client_id, i.project_id, i.amount_cents::text AS amount_cents, i.currency`;
    if (!row) throw await whyNot(tx, scope, quoteId, today);
    return recordQuoteStatus(
      tx,
      deps.jobs,
      scope.providerId,
      { ...row, from: 'sent', status: input.outcome },
      'client',
      { actorName: scope.clientName },
    );
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getPortalQuote(deps.sql, scope, quoteId, today);
}

/** Why a decision changed nothing, read after the refused update in the same transaction. */
async function whyNot(tx: Tx, scope: ClientScope, quoteId: string, today: string): Promise<ApiError> {
  const [row] = await tx<{ status: string; expired: boolean }[]>`
    SELECT i.status, i.valid_until < ${today} AS expired FROM quotes i
    WHERE ${tenant(tx, scope, { provider: 'i.provider_id', client: 'i.client_id' })}
      AND i.id = ${quoteId} AND i.status <> 'draft'`;
  if (!row) return new ApiError('not_found');
  if (row.status !== 'sent') return new ApiError('quote_already_decided');
  if (row.expired) return new ApiError('quote_expired');
  return new ApiError('quote_changed');
}
