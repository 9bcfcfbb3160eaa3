import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { recordActivity } from '../activity/record-activity';

/** What a quote status change's activity row says. */
export interface QuoteChange {
  id: string;
  number: string | null;
  client_id: string;
  project_id: string | null;
  amount_cents: string | number;
  currency: string;
  from: string;
  status: 'sent' | 'accepted' | 'declined';
}

/**
 * The `quote_status` activity row of a change (client-visible: only sent quotes reach the client), in the
 * transaction of the change: the sheets, the live updates and the webhook events (`quote.sent`,
 * `quote.accepted`, `quote.declined`) follow from it as they do for invoices.
 * @returns the row's seq, to publish after the commit
 */
export async function recordQuoteStatus(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  providerId: string,
  change: QuoteChange,
  actor: 'provider' | 'client',
  extra: Record<string, unknown> = {},
): Promise<number> {
  const activity = await recordActivity(tx, {
    jobs,
    providerId,
    projectId: change.project_id,
    clientId: change.client_id,
    type: 'quote_status',
    metadata: {
      quoteId: change.id,
      number: change.number,
      status: change.status,
      from: change.from,
      amountCents: Number(change.amount_cents),
      currency: change.currency.trim(),
      sender_type: actor,
      ...extra,
    },
    clientVisible: true,
    actor,
  });
  return activity.seq;
}
