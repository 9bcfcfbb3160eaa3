import { type Scope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { FileStore } from '../../storage/store';
import { legalColumns, legalJoins } from '../invoices/legal';
import { LABELS } from '../invoices/pdf/labels';
import { logoForPdf, type PdfRow, pdfDataOf, pdfFileName } from '../invoices/pdf/load';
import { renderInvoicePdf } from '../invoices/pdf/render';
import { quoteRow } from './get-quote';
import { shownStatus } from './view';

/*
 * A quote's PDF (issue 28): the invoice renderer (`kind: 'quote'`: "Quote"/"Angebot", its number, date and
 * validity, no payment block) from the same kind of row the invoice loader reads, plus how to accept it or,
 * once decided, the acceptance record (who, when, from where, the SHA-256 of the content accepted).
 */

/** The PDF of quote `quoteId` for the scope (a client never sees a draft), named after its number. */
export async function quotePdfFile(
  deps: { sql: Sql; store: FileStore; now: () => Date },
  scope: Scope,
  quoteId: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { sql } = deps;
  const quote = await quoteRow(sql, scope, quoteId);
  const [row] = await sql<PdfRow[]>`
    SELECT i.id, i.status, i.number, i.language, i.currency, i.description,
      to_char(coalesce(i.issued_at, i.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS issue_day,
      NULL AS due_day, NULL AS paid_day,
      c.name AS client_name, c.company AS client_company, c.email AS client_email,
      p.logo_path, p.primary_color, p.secondary_color,
      pr.full_name, pr.business_name, pr.website, u.email AS provider_email,
      s.payment_instructions, s.footer_note, ${legalColumns(sql)},
      coalesce((
        SELECT json_agg(json_build_object('description', l.description, 'quantityMilli', l.quantity_milli,
                                          'unitPriceCents', l.unit_price_cents, 'taxRateBp', l.tax_rate_bp,
                                          'unit', l.unit, 'vatCategory', l.vat_category,
                                          'exemptionReason', l.exemption_reason)
                        ORDER BY l.position)
        FROM quote_lines l WHERE l.provider_id = i.provider_id AND l.quote_id = i.id
      ), '[]'::json) AS lines,
      NULL AS credit_note_number, NULL AS credit_note_day, NULL AS credit_note_reason
    FROM quotes i
    JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
    JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    JOIN users u ON u.id = i.provider_id
    LEFT JOIN profiles pr ON pr.user_id = i.provider_id
    LEFT JOIN invoice_settings s ON s.provider_id = i.provider_id
    ${legalJoins(sql)}
    WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })} AND i.id = ${quoteId}`;
  if (!row) throw new ApiError('not_found');
  const today = deps.now().toISOString().slice(0, 10);
  const data = pdfDataOf(row);
  const logo = await logoForPdf(deps.store, row.logo_path);
  const decided = quote.status === 'accepted' || quote.status === 'declined';
  const bytes = await renderInvoicePdf({
    ...data,
    kind: 'quote',
    status: shownStatus(quote.status, quote.valid_until, today),
    dueDate: null,
    paidDate: null,
    branding: { ...data.branding, logo },
    quote: {
      validUntil: quote.valid_until,
      contentSha256: quote.content_sha256,
      decision:
        decided && quote.decided_at
          ? {
              outcome: quote.status as 'accepted' | 'declined',
              at: new Date(quote.decided_at).toISOString(),
              name: quote.decided_by_name,
              email: quote.decided_by_email,
              ip: quote.decided_ip,
              contentSha256: quote.decided_sha256,
            }
          : null,
    },
  });
  return {
    bytes,
    fileName: pdfFileName(data.number, data.language, LABELS[data.language].quote.draftFileName),
  };
}
