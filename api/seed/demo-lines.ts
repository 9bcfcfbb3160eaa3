import type { z } from 'zod';
import type { InvoiceLineInput } from '../../shared/contracts/invoices';
import type { InvoiceUnit, VatCategory } from '../../shared/contracts/legal';

/**
 * A line: hours by default. Ada (Netherlands, VAT id) is billed under reverse charge, Grace (United States)
 * for services not taxable in Germany (§ 3a (2) UStG), Jörg (Germany) with German VAT.
 */
export const line = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  taxRateBp: number | null = null,
  unit: InvoiceUnit = 'hour',
  vatCategory: VatCategory | null = null,
) =>
  ({
    description,
    quantityMilli: Math.round(quantity * 1000),
    unitPriceCents,
    taxRateBp,
    unit,
    vatCategory,
    exemptionReason: null,
  }) satisfies z.output<typeof InvoiceLineInput>;
export const rc = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  unit: InvoiceUnit = 'hour',
) => line(description, quantity, unitPriceCents, 0, unit, 'reverse_charge');
export const abroad = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  unit: InvoiceUnit = 'hour',
) => line(description, quantity, unitPriceCents, 0, unit, 'outside_scope');
