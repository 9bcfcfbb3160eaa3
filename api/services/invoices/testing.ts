import { expect } from 'vitest';
import type { Invoice, InvoiceStatus } from '../../../shared/contracts/invoices';
import { computeTotals, type MoneyLine } from '../../../shared/contracts/money';
import type { Sql } from '../../db/client';
import { send } from '../../routes/account/testing';
import type { TestContext } from '../../testing/harness';
import { type FilesWorld, filesWorld } from '../files/testing';

/**
 * Test helpers for invoices: rows as migration 0014's checks want them (a draft has no number, a sent one
 * has a number and an issue date, a paid one its paid date, amount = subtotal + tax, EUR/USD), for tests
 * that need invoices without going through the API, and a world with a portal client and a project.
 */

export interface InsertInvoice {
  providerId: string;
  clientId: string;
  projectId?: string | null;
  /** Required unless the status is `draft` (which has none). */
  number?: string | null;
  status?: InvoiceStatus;
  /** Total in minor units (one line, no tax) unless `lines` are given. */
  amountCents?: number;
  lines?: (MoneyLine & { description?: string })[];
  currency?: 'EUR' | 'USD';
  description?: string | null;
  dueDate?: string | null;
  paidAt?: Date | string | null;
  language?: 'en' | 'de';
  createdAt?: Date | string;
}

/** Inserts an invoice (and its lines) directly; returns its id. */
export async function insertInvoice(sql: Sql, input: InsertInvoice): Promise<string> {
  const status = input.status ?? 'draft';
  const lines = input.lines ?? [
    {
      description: 'Work',
      quantityMilli: 1000,
      unitPriceCents: input.amountCents ?? 10_000,
      taxRateBp: null,
    },
  ];
  const totals = computeTotals(lines);
  const number = status === 'draft' ? null : (input.number ?? `T-${Math.random().toString(36).slice(2, 10)}`);
  const created = input.createdAt ? new Date(input.createdAt) : new Date();
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO invoices (provider_id, client_id, project_id, number, amount_cents, subtotal_cents, tax_cents,
                          currency, status, description, due_date, paid_at, paid_via, issued_at, cancelled_at,
                          language, created_at, updated_at)
    VALUES (${input.providerId}, ${input.clientId}, ${input.projectId ?? null}, ${number}, ${totals.totalCents},
            ${totals.subtotalCents}, ${totals.taxCents}, ${input.currency ?? 'EUR'}, ${status},
            ${input.description ?? null}, ${input.dueDate ?? null},
            ${status === 'paid' ? new Date(input.paidAt ?? created) : null}, ${status === 'paid' ? 'manual' : null},
            ${status === 'draft' ? null : created}, ${status === 'cancelled' ? created : null},
            ${input.language ?? 'en'}, ${created}, ${created})
    RETURNING id`;
  const id = (row as { id: string }).id;
  await sql`
    INSERT INTO invoice_lines ${sql(
      lines.map((line, index) => ({
        provider_id: input.providerId,
        invoice_id: id,
        position: index + 1,
        description: line.description ?? 'Work',
        quantity_milli: line.quantityMilli,
        unit_price_cents: line.unitPriceCents,
        tax_rate_bp: line.taxRateBp,
        amount_cents: totals.lines[index] ?? 0,
      })),
    )}`;
  return id;
}

/**
 * What the pre-send check (§ 14 (4) UStG) needs of a provider and a client: the provider's structured
 * business details (standard tax mode) and the client's billing address, so a test's invoice can be sent.
 */
export async function completeLegalDetails(sql: Sql, providerId: string, clientId: string) {
  await sql`
    INSERT INTO invoice_settings (provider_id, legal_name, street, postcode, city, country, tax_number, vat_id)
    VALUES (${providerId}, 'Test Studio', 'Teststraße 1', '10115', 'Berlin', 'DE', '30/123/45678', 'DE123456789')
    ON CONFLICT (provider_id) DO UPDATE SET legal_name = EXCLUDED.legal_name, street = EXCLUDED.street,
      postcode = EXCLUDED.postcode, city = EXCLUDED.city, country = EXCLUDED.country,
      tax_number = EXCLUDED.tax_number, vat_id = EXCLUDED.vat_id`;
  await sql`
    UPDATE clients SET billing_street = 'Kundenweg 2', billing_postcode = '50667', billing_city = 'Köln',
      billing_country = 'DE'
    WHERE provider_id = ${providerId} AND id = ${clientId}`;
}

/**
 * A provider with a portal, a client (signed in: `token`) and a project of that client: the files tests'
 * world, with the legal details an invoice needs to be sent.
 */
export type InvoicesWorld = FilesWorld;
export async function invoicesWorld(t: TestContext, label: string): Promise<InvoicesWorld> {
  const w = await filesWorld(t, label);
  await completeLegalDetails(t.sql, w.providerId, w.clientId);
  return w;
}

/** A line as the editors send it (hours; an untaxed line zero-rated, so the pre-send check passes). */
export const line = (
  description: string,
  quantityMilli: number,
  unitPriceCents: number,
  taxRateBp: number | null = null,
) => ({
  description,
  quantityMilli,
  unitPriceCents,
  taxRateBp,
  unit: 'hour' as const,
  vatCategory: taxRateBp ? null : ('zero' as const),
  exemptionReason: null,
});

/** Creates a draft through the API (201) and returns it (with a day of supply unless the body says otherwise). */
export async function createDraft(
  t: TestContext,
  owner: string,
  body: Record<string, unknown>,
): Promise<Invoice> {
  // A day of supply unless the test gives its own (or a period): the pre-send check wants one.
  const withSupply =
    'supplyDate' in body || 'supplyFrom' in body ? body : { supplyDate: '2026-03-02', ...body };
  const res = await send(t, 'POST', '/api/invoices', owner, withSupply);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Invoice;
}
