import { isPayable, type PortalInvoiceDetail } from '../../../shared/contracts/invoices';
import { type ClientScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { linesOf } from './get-invoice';
import {
  type DetailRow,
  detailColumns,
  detailJoins,
  paymentsOf,
  summaryColumns,
  toPortalInvoiceDetail,
} from './view';

/**
 * One of the signed-in client's invoices (never a draft: 404, as another client's), with its lines, taxes
 * and how to pay it: `card` when it is open (`isPayable`) and the provider has Stripe connected,
 * `instructions` when it is open and the provider wrote payment instructions, else `none`. The
 * instructions text goes along with `card` and `instructions` only.
 */
export async function getPortalInvoice(
  sql: Sql,
  scope: ClientScope,
  invoiceId: string,
): Promise<PortalInvoiceDetail> {
  const [row] = await sql<(DetailRow & { instructions: string | null; stripe_connected: boolean })[]>`
    SELECT ${summaryColumns(sql)}, ${detailColumns(sql)},
           s.payment_instructions AS instructions,
           EXISTS (SELECT 1 FROM stripe_connections sc WHERE sc.provider_id = i.provider_id) AS stripe_connected
    FROM invoices i ${detailJoins(sql)}
    LEFT JOIN invoice_settings s ON s.provider_id = i.provider_id
    WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })}
      AND i.id = ${invoiceId} AND i.status <> 'draft'`;
  if (!row) throw new ApiError('not_found');
  const [lines, payments] = await Promise.all([
    linesOf(sql, scope, invoiceId),
    paymentsOf(sql, scope, invoiceId),
  ]);
  const instructions = row.instructions?.trim() ? row.instructions : null;
  const method: PortalInvoiceDetail['payment']['method'] = !isPayable(row.status)
    ? 'none'
    : row.stripe_connected
      ? 'card'
      : instructions
        ? 'instructions'
        : 'none';
  return toPortalInvoiceDetail(
    row,
    lines,
    { method, instructions: method === 'none' ? null : instructions },
    payments,
  );
}
