import type { Invoice } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope, type Scope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { INVOICE_LINES, type LinesTable } from './drafts';
import {
  type DetailRow,
  detailColumns,
  detailJoins,
  type LineRow,
  paymentsOf,
  summaryColumns,
  toInvoice,
} from './view';

/** One invoice of the provider with its lines (404 for another provider's or a missing one). */
export async function getInvoice(sql: Sql | Tx, scope: ProviderScope, invoiceId: string): Promise<Invoice> {
  const [[row], lines, payments] = await Promise.all([
    sql<DetailRow[]>`
      SELECT ${summaryColumns(sql)}, ${detailColumns(sql)}
      FROM invoices i ${detailJoins(sql)}
      WHERE ${ownedBy(sql, scope, 'i.provider_id')} AND i.id = ${invoiceId}`,
    linesOf(sql, scope, invoiceId),
    paymentsOf(sql, scope, invoiceId),
  ]);
  if (!row) throw new ApiError('not_found');
  return toInvoice(row, lines, payments);
}

/** An invoice's lines in order (the caller has checked the invoice is the reader's); a quote's with `QUOTE_LINES`. */
export function linesOf(sql: Sql | Tx, scope: Scope, invoiceId: string, target: LinesTable = INVOICE_LINES) {
  return sql<LineRow[]>`
    SELECT id, position, description, quantity_milli::text AS quantity_milli,
           unit_price_cents::text AS unit_price_cents, tax_rate_bp, amount_cents::text AS amount_cents,
           unit, vat_category, exemption_reason
    FROM ${sql(target.table)} WHERE ${ownedBy(sql, scope, 'provider_id')} AND ${sql(target.owner)} = ${invoiceId}
    ORDER BY position`;
}
