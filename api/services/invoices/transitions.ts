import type { Tx } from '../../db/client';

/*
 * Stand-in of inv-core's invoice transitions (issue 21), with the signature inv-core exports, so the Stripe
 * webhooks build before that lands. At merge the lead keeps inv-core's version of this file (which also
 * writes the `invoice_status` activity row); this one only moves the status forward.
 */

/**
 * Marks a sent or overdue invoice paid; false when it is already paid or cancelled (or not the provider's).
 * Status only moves forward, so a repeated or late event changes nothing.
 */
export async function markInvoicePaid(
  tx: Tx,
  providerId: string,
  invoiceId: string,
  opts: {
    paidAt: Date;
    via: 'manual' | 'stripe_invoice' | 'stripe_checkout';
    actor?: 'provider' | 'client' | 'system';
    /** inv-core's version pushes the seq of the activity row it writes, to publish after commit. */
    activitySeqs?: number[];
  },
): Promise<boolean> {
  const rows = await tx`
    UPDATE invoices SET status = 'paid', paid_at = ${opts.paidAt}, paid_via = ${opts.via}, updated_at = now()
    WHERE provider_id = ${providerId} AND id = ${invoiceId} AND status IN ('sent', 'overdue')
    RETURNING id`;
  return rows.length > 0;
}
