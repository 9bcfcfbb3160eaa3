import { z } from 'zod';
import { text } from './common';

/** ISO 4217 code, upper case (`EUR`). */
export const CurrencyCode = text()
  .regex(/^[A-Z]{3}$/)
  .meta({ description: 'ISO 4217 currency code.', example: 'EUR' });

/** An amount of money in the currency's minor unit (cents); never summed across currencies. */
export const Money = z
  .object({
    amountCents: z.number().int().meta({ description: 'Amount in minor units (cents).', example: 1250000 }),
    currency: CurrencyCode,
  })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof Money>;

/**
 * The dashboard totals of spec §3 for the signed-in provider. Revenue is the sum of paid invoices:
 * `totalRevenue` in the provider's currency, every other currency listed separately in `otherRevenue`.
 */
export const Overview = z
  .object({
    totalClients: z.number().int().meta({ description: 'All clients of all portals.', example: 12 }),
    activeProjects: z
      .number()
      .int()
      .meta({ description: 'Projects in status planning or in_progress.', example: 5 }),
    pendingInvoices: z
      .number()
      .int()
      .meta({ description: 'Invoices in status sent or overdue.', example: 3 }),
    totalRevenue: Money.meta({
      description: 'Money received on invoices (paid ones and partial payments) in the provider currency.',
    }),
    otherRevenue: z
      .array(Money)
      .meta({ description: 'The same in other currencies, one entry per currency, largest first.' }),
    outstanding: z.array(Money).meta({
      description:
        'The balance due of sent and overdue invoices (partial payments deducted) per currency, the provider currency first.',
    }),
    currency: CurrencyCode.meta({
      description:
        'The provider currency: the profile currency if set, else USD for English and EUR for German (spec §9).',
    }),
    isEmpty: z.boolean().meta({
      description: 'No portals, clients or projects yet: the dashboard shows the first-steps guide instead.',
    }),
  })
  .meta({
    id: 'Overview',
    example: {
      totalClients: 12,
      activeProjects: 5,
      pendingInvoices: 3,
      totalRevenue: { amountCents: 1250000, currency: 'EUR' },
      otherRevenue: [{ amountCents: 48000, currency: 'USD' }],
      outstanding: [{ amountCents: 320000, currency: 'EUR' }],
      currency: 'EUR',
      isEmpty: false,
    },
  });
export type Overview = z.infer<typeof Overview>;
