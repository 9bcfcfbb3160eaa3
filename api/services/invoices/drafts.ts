import type { z } from 'zod';
import type { Language } from '../../../shared/contracts/common';
import type { InvoiceCreate, InvoiceStatus } from '../../../shared/contracts/invoices';
import { computeTotals, MAX_AMOUNT_CENTS, type MoneyLine } from '../../../shared/contracts/money';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';

/*
 * What the draft use cases (create, update, delete) and the status changes share: the totals check, the
 * lines' rows, the client/project check and the invoice's row lock.
 */

/** The lines' amounts and the totals (422 `invoice_total_too_large` past Stripe's ceiling). */
export function totalsOf(lines: readonly MoneyLine[]) {
  const totals = computeTotals(lines);
  if (totals.totalCents > MAX_AMOUNT_CENTS) {
    throw new ApiError('invoice_total_too_large', { fields: [{ path: 'lines', key: 'validation.invalid' }] });
  }
  return totals;
}

/** Where a document's lines live: an invoice's (`invoice_lines.invoice_id`) or a quote's (`quote_lines.quote_id`). */
export type LinesTable =
  | { table: 'invoice_lines'; owner: 'invoice_id' }
  | { table: 'quote_lines'; owner: 'quote_id' }
  | { table: 'recurring_invoice_lines'; owner: 'recurring_invoice_id' };
export const INVOICE_LINES: LinesTable = { table: 'invoice_lines', owner: 'invoice_id' };
export const QUOTE_LINES: LinesTable = { table: 'quote_lines', owner: 'quote_id' };
/** A recurring invoice's lines (issue 28), copied onto each invoice it makes. */
export const RECURRING_LINES: LinesTable = {
  table: 'recurring_invoice_lines',
  owner: 'recurring_invoice_id',
};

/** Replaces a draft's lines (numbered 1..n) with their computed amounts (an invoice's, or a quote's). */
export async function writeLines(
  tx: Tx,
  scope: ProviderScope,
  documentId: string,
  lines: z.output<typeof InvoiceCreate>['lines'],
  amounts: number[],
  target: LinesTable = INVOICE_LINES,
) {
  await tx`DELETE FROM ${tx(target.table)} WHERE ${ownedBy(tx, scope, 'provider_id')} AND ${tx(target.owner)} = ${documentId}`;
  const rows = lines.map((line, index) => ({
    provider_id: scope.providerId,
    [target.owner]: documentId,
    position: index + 1,
    description: line.description,
    quantity_milli: line.quantityMilli,
    unit_price_cents: line.unitPriceCents,
    tax_rate_bp: line.taxRateBp,
    amount_cents: amounts[index] ?? 0,
    unit: line.unit,
    vat_category: line.vatCategory,
    exemption_reason: line.exemptionReason || null,
  }));
  if (rows.length > 0) await tx`INSERT INTO ${tx(target.table)} ${tx(rows)}`;
}

/** The client (the provider's, else 404) and the project (optional; the same client's, else 422). */
export async function checkClientAndProject(
  tx: Tx,
  scope: ProviderScope,
  clientId: string,
  projectId: string | null,
): Promise<{ language: Language }> {
  const [client] = await tx<{ language: Language }[]>`
    SELECT language FROM clients WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${clientId} FOR SHARE`;
  if (!client) throw new ApiError('not_found');
  if (projectId) {
    const [project] = await tx<{ client_id: string }[]>`
      SELECT client_id FROM projects WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${projectId} FOR SHARE`;
    if (!project) throw new ApiError('not_found');
    if (project.client_id !== clientId) {
      throw new ApiError('validation_failed', {
        fields: [{ path: 'projectId', key: 'validation.projectInvalid' }],
      });
    }
  }
  return client;
}

/**
 * A changed client or project of a quote or a recurring invoice (the row locked by the caller): both checked;
 * a project of the previous client, not named by the change, no longer fits and is dropped unless it is the
 * new client's too.
 */
export async function recheckClientAndProject(
  tx: Tx,
  scope: ProviderScope,
  table: 'quotes' | 'recurring_invoices',
  id: string,
  current: { client_id: string; project_id: string | null },
  input: { clientId?: string | undefined; projectId?: string | null | undefined },
) {
  if (input.clientId === undefined && input.projectId === undefined) return;
  const clientId = input.clientId ?? current.client_id;
  const projectId = input.projectId !== undefined ? input.projectId : current.project_id;
  const [fits] = projectId
    ? await tx`SELECT 1 FROM projects WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${projectId}
               AND client_id = ${clientId}`
    : [true];
  if (!fits && input.projectId === undefined) {
    await checkClientAndProject(tx, scope, clientId, null);
    await tx`UPDATE ${tx(table)} SET project_id = NULL WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
  } else {
    await checkClientAndProject(tx, scope, clientId, projectId);
  }
}

/** The provider's invoice locked for the transaction (404 otherwise). */
export async function lockInvoice(tx: Tx, scope: ProviderScope, invoiceId: string) {
  const [row] = await tx<
    {
      id: string;
      status: InvoiceStatus;
      client_id: string;
      project_id: string | null;
      currency: string;
      amount_cents: string;
      number: string | null;
    }[]
  >`
    SELECT id, status, client_id, project_id, currency::text AS currency, amount_cents::text AS amount_cents, number
    FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} FOR UPDATE`;
  if (!row) throw new ApiError('not_found');
  return row;
}
