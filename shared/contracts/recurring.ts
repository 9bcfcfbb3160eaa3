import { z } from 'zod';
import { DateOnly, Language, text, Uuid } from './common';
import { Currency, documentDefaults, InvoiceFields, InvoiceLine, InvoiceStatus, TaxGroup } from './invoices';
import { PageQuery, pageOf } from './paging';

/*
 * Recurring invoices (issue 28): a schedule per client that the job queue turns into a sent invoice once
 * per period, with the period of service filled in. The lines, currency, language, description and tax
 * mode are an invoice draft's (the same contracts); the schedule adds its rhythm:
 *   monthly | quarterly | yearly   period k starts k months (3k, 12k) after the start day, on the same day
 *                                  of the month or, in a shorter month, its last day (31 Jan → 28/29 Feb →
 *                                  31 Mar: always counted from the start, never from the last date, so it
 *                                  never drifts);
 *   days                           every `intervalDays` days (at least 1: never more than one invoice a day).
 * A period ends the day before the next one starts (the last one at the end date, if any). Dates are
 * calendar days; nothing here depends on a time zone or daylight saving time.
 */

export const RecurringFrequency = z
  .enum(['monthly', 'quarterly', 'yearly', 'days'], { error: 'validation.recurringFrequency' })
  .meta({
    description: 'How often: each month, quarter or year from the start day, or every `intervalDays` days.',
  });
export type RecurringFrequency = z.infer<typeof RecurringFrequency>;
export const RECURRING_FREQUENCIES = RecurringFrequency.options;

/** `ended`: past its end date (not stored: a schedule without a next date). */
export const RecurringStatus = z
  .enum(['active', 'paused', 'ended'])
  .meta({ description: '`active` (invoices are made), `paused`, or `ended` (past its end date).' });
export type RecurringStatus = z.infer<typeof RecurringStatus>;

/** The longest interval of days (10 years), and the most days a payment term may have. */
export const MAX_INTERVAL_DAYS = 3660;
export const MAX_DUE_DAYS = 365;

// ── Calendar-day arithmetic (pure, time-zone free: days are `YYYY-MM-DD` and computed in UTC) ─────────

const MONTHS: Record<Exclude<RecurringFrequency, 'days'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const utc = (y: number, m0: number, d: number) => {
  const date = new Date(0);
  date.setUTCFullYear(y, m0, d);
  return date;
};

/** The day `days` later (or earlier, when negative). */
export function addCalendarDays(day: string, days: number): string {
  const { y, m, d } = parseDay(day);
  return dayText(utc(y, m - 1, d + days));
}

/** The day `months` later on the same day of the month, or that month's last day when it is shorter. */
export function addMonthsClamped(day: string, months: number): string {
  const { y, m, d } = parseDay(day);
  const first = utc(y, m - 1 + months, 1);
  const lastDay = utc(first.getUTCFullYear(), first.getUTCMonth() + 1, 0).getUTCDate();
  return dayText(utc(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  const pa = parseDay(a);
  const pb = parseDay(b);
  return Math.round((utc(pb.y, pb.m - 1, pb.d).getTime() - utc(pa.y, pa.m - 1, pa.d).getTime()) / 86_400_000);
}

export interface ScheduleTiming {
  frequency: RecurringFrequency;
  intervalDays: number | null;
  startDate: string;
  endDate: string | null;
}

/** The first day of period `k` (0 is the start date), always counted from the start day. */
export function periodStart(s: ScheduleTiming, k: number): string {
  if (s.frequency === 'days') return addCalendarDays(s.startDate, k * (s.intervalDays ?? 1));
  return addMonthsClamped(s.startDate, k * MONTHS[s.frequency]);
}

/** Period `k`: its first and last day (the day before the next period; at most the end date). */
export function periodOf(s: ScheduleTiming, k: number): { start: string; end: string } {
  const start = periodStart(s, k);
  const dayBeforeNext = addCalendarDays(periodStart(s, k + 1), -1);
  const end = s.endDate && s.endDate < dayBeforeNext ? s.endDate : dayBeforeNext;
  return { start, end };
}

/** Beyond this a date cannot be stored (`DateOnly`): a schedule ends there at the latest. */
const LAST_DAY = '9999-12-31';

/** Whether period `k` still lies within the schedule (its first day on or before the end date). */
export function periodExists(s: ScheduleTiming, k: number): boolean {
  const start = periodStart(s, k);
  return start <= LAST_DAY && start.length === 10 && (s.endDate === null || start <= s.endDate);
}

/** The first period that starts on or after `day` (a resumed schedule skips the periods it was paused for). */
export function firstPeriodFrom(s: ScheduleTiming, day: string): number {
  if (day <= s.startDate) return 0;
  const diff = daysBetween(s.startDate, day);
  // An estimate at or below the answer, then forward: months are 28–31 days, so at most a few steps.
  let k =
    s.frequency === 'days'
      ? Math.max(Math.floor(diff / (s.intervalDays ?? 1)) - 1, 0)
      : Math.max(Math.floor(diff / (31 * MONTHS[s.frequency])) - 1, 0);
  while (periodStart(s, k) < day) k += 1;
  return k;
}

/** The next `count` invoice dates from period `k` on (fewer when the schedule ends first). */
export function upcomingDates(s: ScheduleTiming, k: number, count: number): string[] {
  const out: string[] = [];
  for (let i = k; out.length < count && periodExists(s, i); i++) out.push(periodStart(s, i));
  return out;
}

// ── The API's contracts ─────────────────────────────────────────────────────────────────────────────

const IntervalDays = z
  .number({ error: 'validation.recurringInterval' })
  .int({ error: 'validation.recurringInterval' })
  .min(1, { error: 'validation.recurringInterval' })
  .max(MAX_INTERVAL_DAYS, { error: 'validation.recurringInterval' })
  .meta({ format: 'int32', description: 'For `days`: days between two invoices, 1 to 3660.', example: 14 });

const DueDays = z
  .number({ error: 'validation.dueDays' })
  .int({ error: 'validation.dueDays' })
  .min(0, { error: 'validation.dueDays' })
  .max(MAX_DUE_DAYS, { error: 'validation.dueDays' })
  .meta({ format: 'int32' });

const RecurringBody = {
  clientId: InvoiceFields.clientId,
  projectId: InvoiceFields.projectId,
  currency: InvoiceFields.currency,
  language: Language.meta({ description: 'Language of the invoices’ PDF and e-mails.' }),
  description: InvoiceFields.description,
  frequency: RecurringFrequency,
  intervalDays: IntervalDays.nullable(),
  startDate: DateOnly.meta({
    description: 'The first period’s first day: the first invoice is made that day.',
  }),
  endDate: DateOnly.nullable().meta({ description: 'The last day of service; no period starts after it.' }),
  dueDays: DueDays.nullable().meta({
    description: 'Days from each invoice’s issue to its due date; null: the invoice settings’ payment term.',
  }),
  taxMode: InvoiceFields.taxMode,
  lines: InvoiceFields.lines,
  autopay: z.boolean({ error: 'validation.invalid' }).meta({
    description:
      'Offer automatic payment: the client may save a card in the portal (Stripe, the provider’s account); each invoice is then charged to it and sent to pay only when that fails.',
  }),
};

/** The rhythm's own rules: an interval for `days` (only then), an end not before the start. */
function checkTiming(
  v: {
    frequency?: RecurringFrequency;
    intervalDays?: number | null;
    startDate?: string;
    endDate?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.frequency === 'days' && (v.intervalDays === null || v.intervalDays === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['intervalDays'], message: 'validation.recurringInterval' });
  }
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  }
}

/** A new schedule; it starts today or later (422 `validation.recurringStartPast`). */
export const RecurringInvoiceCreate = z
  .object({
    ...RecurringBody,
    ...documentDefaults(RecurringBody),
    intervalDays: RecurringBody.intervalDays.optional().default(null),
    endDate: RecurringBody.endDate.optional().default(null),
    dueDays: RecurringBody.dueDays.optional().default(null),
    autopay: RecurringBody.autopay.optional().default(false),
  })
  .superRefine(checkTiming)
  .meta({ id: 'RecurringInvoiceCreate' });
export type RecurringInvoiceCreate = z.input<typeof RecurringInvoiceCreate>;

/** Changes; `status` pauses or resumes it; `lines` replaces every line. */
export const RecurringInvoiceUpdate = z
  .object({
    ...RecurringBody,
    status: z.enum(['active', 'paused'], { error: 'validation.invalid' }).meta({
      description: '`paused` stops it; `active` resumes it from the next period that starts today or later.',
    }),
  })
  .partial()
  .superRefine(checkTiming)
  .meta({ id: 'RecurringInvoiceUpdate' });
export type RecurringInvoiceUpdate = z.infer<typeof RecurringInvoiceUpdate>;

export const RecurringInvoiceRun = z
  .object({
    periodStart: text().meta({ description: 'The period of service’s first day, `YYYY-MM-DD`.' }),
    periodEnd: text().meta({ description: 'Its last day.' }),
    invoice: z
      .object({ id: Uuid(), number: text().nullable(), status: InvoiceStatus })
      .nullable()
      .meta({ description: 'Null: the invoice (a draft) was deleted since.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'RecurringInvoiceRun' });
export type RecurringInvoiceRun = z.infer<typeof RecurringInvoiceRun>;

export const RecurringInvoiceSummary = z
  .object({
    id: Uuid(),
    client: z.object({ id: Uuid(), name: text() }),
    project: z.object({ id: Uuid(), name: text() }).nullable(),
    status: RecurringStatus,
    frequency: RecurringFrequency,
    intervalDays: z.number().int().nullable(),
    startDate: text(),
    endDate: text().nullable(),
    nextDate: text().nullable().meta({ description: 'The next invoice’s day; null once it has ended.' }),
    currency: Currency,
    amountCents: z.number().int().meta({ description: 'Each invoice’s total, tax included.' }),
    description: text().nullable(),
    invoiceCount: z.number().int().meta({ description: 'Periods invoiced so far.' }),
    autopayState: z.enum(['off', 'offered', 'agreed', 'failed']).meta({
      description:
        'Automatic payment in one word: `off`, `offered` (no card agreed yet), `agreed` (a card on file), `failed` (the last charge failed).',
    }),
    lastError: z
      .object({
        code: text().meta({ description: 'Why the last invoice was not sent (e.g. `invoice_incomplete`).' }),
        fields: z.array(z.object({ path: text(), key: text() })),
        invoiceId: Uuid().nullable(),
      })
      .nullable()
      .meta({
        description:
          'The last period’s invoice stayed a draft (the pre-send check refused it); null when it was sent.',
      }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'RecurringInvoiceSummary' });
export type RecurringInvoiceSummary = z.infer<typeof RecurringInvoiceSummary>;

/** Why an automatic charge did not pay the invoice (it was sent to pay instead). */
export const AutopayFailure = z
  .enum([
    'authentication_required',
    'card_declined',
    'autopay_withdrawn',
    'stripe_not_connected',
    'stripe_unavailable',
    'invoice_not_payable',
  ])
  .meta({
    description:
      '`authentication_required`: the bank wants the client present (3D Secure); `card_declined`; `autopay_withdrawn` (or no longer offered); `stripe_not_connected` (or another account connected now); `stripe_unavailable`; `invoice_not_payable` (paid or cancelled before the charge).',
  });
export type AutopayFailure = z.infer<typeof AutopayFailure>;

/** The card a client saved for a schedule: shown, never usable from here. */
export const AutopayAgreement = z
  .object({
    cardBrand: text().nullable().meta({ description: 'e.g. `visa`, `mastercard`.' }),
    cardLast4: text().nullable(),
    agreedAt: z.iso.datetime(),
    agreedBy: z.object({ name: text(), email: text() }),
    agreedIp: text().meta({ description: 'The address the client agreed from.' }),
  })
  .meta({ id: 'AutopayAgreement' });
export type AutopayAgreement = z.infer<typeof AutopayAgreement>;

export const RecurringAutopay = z
  .object({
    offered: z.boolean(),
    agreement: AutopayAgreement.nullable().meta({ description: 'The agreement in force; null: none.' }),
    lastCharge: z
      .object({
        invoiceId: Uuid(),
        invoiceNumber: text().nullable(),
        status: z.enum(['pending', 'succeeded', 'failed']),
        errorCode: AutopayFailure.nullable(),
        at: z.iso.datetime(),
      })
      .nullable()
      .meta({ description: 'The last invoice charged automatically (or tried).' }),
  })
  .meta({ id: 'RecurringAutopay' });
export type RecurringAutopay = z.infer<typeof RecurringAutopay>;

export const RecurringInvoice = RecurringInvoiceSummary.extend({
  autopay: RecurringAutopay,
  language: Language,
  dueDays: z.number().int().nullable(),
  taxMode: InvoiceFields.taxMode,
  lines: z.array(InvoiceLine),
  subtotalCents: z.number().int(),
  taxes: z.array(TaxGroup),
  taxCents: z.number().int(),
  upcoming: z.array(text()).meta({ description: 'The next (up to 3) invoice days.' }),
  runs: z
    .array(RecurringInvoiceRun)
    .meta({ description: 'The last (up to 12) invoiced periods, newest first.' }),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'RecurringInvoice' });
export type RecurringInvoice = z.infer<typeof RecurringInvoice>;

export const RecurringInvoiceListQuery = z.object({
  status: RecurringStatus.optional(),
  clientId: Uuid({ error: 'validation.invalid' }).optional(),
  q: text()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'Searches the description and the client’s name.' }),
  ...PageQuery,
});
export type RecurringInvoiceListQuery = z.input<typeof RecurringInvoiceListQuery>;

export const RecurringInvoiceList = pageOf(RecurringInvoiceSummary).meta({ id: 'RecurringInvoiceList' });
export type RecurringInvoiceList = z.infer<typeof RecurringInvoiceList>;

/* --- The portal's view (automatic payment) ----------------------------------------------------------------- */

export const PortalRecurringInvoice = z
  .object({
    id: Uuid(),
    frequency: RecurringFrequency,
    intervalDays: z.number().int().nullable(),
    nextDate: text().nullable(),
    currency: Currency,
    amountCents: z.number().int(),
    description: text().nullable(),
    autopay: z.object({
      offered: z
        .boolean()
        .meta({ description: 'The provider offers automatic payment (and Stripe is connected).' }),
      agreement: AutopayAgreement.omit({ agreedIp: true, agreedBy: true }).nullable(),
      endedByProviderAt: z.iso.datetime().nullable().meta({
        description:
          'When the provider ended the client’s last agreement (no agreement in force since); null otherwise.',
      }),
    }),
  })
  .meta({ id: 'PortalRecurringInvoice' });
export type PortalRecurringInvoice = z.infer<typeof PortalRecurringInvoice>;

export const PortalRecurringInvoiceList = z
  .object({ items: z.array(PortalRecurringInvoice) })
  .meta({ id: 'PortalRecurringInvoiceList' });
export type PortalRecurringInvoiceList = z.infer<typeof PortalRecurringInvoiceList>;
