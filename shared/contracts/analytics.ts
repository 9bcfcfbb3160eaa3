import { z } from 'zod';
import { DateOnly, text } from './common';
import { Currency } from './invoices';
import { TimeZone } from './time-zone';

export { daysBetween, periodProblem, rangeLimit } from './analytics-period';

/**
 * The analytics section's operations (issue 29): one per view, each over a period of calendar days
 * (`from`..`to`, both included), in one currency (amounts of different currencies are never added), with
 * "today" and month boundaries in a time zone (the profile's unless `timeZone` is given; UTC while the
 * profile has none). A range that ends before it starts or spans more than 5 years answers 422.
 */

export const AnalyticsQuery = z.object({
  from: DateOnly.meta({ description: 'First day of the period (included).', example: '2026-01-01' }),
  to: DateOnly.meta({
    description: 'Last day of the period (included); not before `from`, at most 5 years after it.',
    example: '2026-12-31',
  }),
  currency: Currency,
  timeZone: TimeZone.optional().meta({
    description: 'IANA time zone for "today" and month boundaries; default the profile’s (UTC while unset).',
    example: 'Europe/Berlin',
  }),
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

/** The period the figures were computed for, with the one before it (same length) for comparison. */
const Period = z.object({
  from: DateOnly,
  to: DateOnly,
  previousFrom: DateOnly,
  previousTo: DateOnly,
  timeZone: text(),
  today: DateOnly.meta({ description: 'Today in `timeZone`: what "overdue" and "upcoming" count from.' }),
  currency: Currency,
});

const Cents = z.number().int();

export const AGEING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export const AgeingBucket = z.enum(AGEING_BUCKETS);
export type AgeingBucket = z.infer<typeof AgeingBucket>;

export const UPCOMING_WINDOWS = ['days0to30', 'days31to60', 'days61to90'] as const;

export const MoneyAnalytics = z
  .object({
    period: Period,
    totals: z.object({
      revenueCents: Cents.meta({ description: 'Paid in the period: the sum of `months[].paidCents`.' }),
      previousRevenueCents: Cents,
      invoicedCents: Cents.meta({
        description: 'Issued in the period: the sum of `months[].invoicedCents`.',
      }),
      previousInvoicedCents: Cents,
      outstandingCents: Cents.meta({ description: 'Open balances today: the sum of `ageing[].cents`.' }),
      overdueCents: Cents.meta({ description: 'The part of `outstandingCents` past its due date.' }),
      averageDaysToPay: z.number().nullable().meta({
        description: 'Issue day to the day of the last payment, over invoices paid in full in the period.',
      }),
      paidInvoiceCount: z.number().int(),
    }),
    months: z
      .array(
        z.object({
          month: text().meta({ example: '2026-03' }),
          invoicedCents: Cents,
          paidCents: Cents,
        }),
      )
      .meta({ description: 'Every month the period touches, oldest first (parts of months at its ends).' }),
    ageing: z.array(z.object({ bucket: AgeingBucket, count: z.number().int(), cents: Cents })),
    upcoming: z.array(
      z.object({
        window: z.enum(UPCOMING_WINDOWS),
        count: z.number().int(),
        cents: Cents.meta({ description: 'Open balances due in the window (days after today).' }),
        scheduledCount: z.number().int(),
        scheduledCents: Cents.meta({
          description: 'What active recurring schedules will invoice on days in the window (every period).',
        }),
      }),
    ),
    topClients: z
      .array(
        z.object({
          clientId: z.string(),
          name: text(),
          paidCents: Cents,
          invoicedCents: Cents,
        }),
      )
      .meta({ description: 'The ten clients with the most paid in the period, most first.' }),
  })
  .meta({
    id: 'MoneyAnalytics',
    example: {
      period: {
        from: '2026-01-01',
        to: '2026-03-31',
        previousFrom: '2025-10-03',
        previousTo: '2025-12-31',
        timeZone: 'Europe/Berlin',
        today: '2026-03-31',
        currency: 'EUR',
      },
      totals: {
        revenueCents: 1_250_000,
        previousRevenueCents: 980_000,
        invoicedCents: 1_400_000,
        previousInvoicedCents: 1_100_000,
        outstandingCents: 300_000,
        overdueCents: 120_000,
        averageDaysToPay: 12.5,
        paidInvoiceCount: 9,
      },
      months: [
        { month: '2026-01', invoicedCents: 500_000, paidCents: 400_000 },
        { month: '2026-02', invoicedCents: 400_000, paidCents: 450_000 },
        { month: '2026-03', invoicedCents: 500_000, paidCents: 400_000 },
      ],
      ageing: [
        { bucket: 'current', count: 2, cents: 180_000 },
        { bucket: 'days1to30', count: 1, cents: 80_000 },
        { bucket: 'days31to60', count: 1, cents: 40_000 },
        { bucket: 'days61to90', count: 0, cents: 0 },
        { bucket: 'over90', count: 0, cents: 0 },
      ],
      upcoming: [
        { window: 'days0to30', count: 2, cents: 180_000, scheduledCount: 1, scheduledCents: 50_000 },
        { window: 'days31to60', count: 0, cents: 0, scheduledCount: 1, scheduledCents: 50_000 },
        { window: 'days61to90', count: 0, cents: 0, scheduledCount: 0, scheduledCents: 0 },
      ],
      topClients: [
        {
          clientId: '6f1c2b7a-3d4e-4f5a-8b9c-0d1e2f3a4b5c',
          name: 'Acme GmbH',
          paidCents: 800_000,
          invoicedCents: 900_000,
        },
      ],
    },
  });
export type MoneyAnalytics = z.infer<typeof MoneyAnalytics>;

const Duration = z.number().nullable();

export const WorkAnalytics = z
  .object({
    period: Period,
    projectsByStatus: z
      .array(z.object({ status: text(), count: z.number().int() }))
      .meta({ description: 'Every project by its status now.' }),
    filesByStatus: z
      .array(z.object({ status: text(), count: z.number().int() }))
      .meta({ description: 'Every file by its approval status now.' }),
    approvals: z.object({
      count: z
        .number()
        .int()
        .meta({ description: 'Client decisions in the period: the sum of `byClient[].count`.' }),
      medianHours: Duration,
      p90Hours: Duration,
      byClient: z.array(
        z.object({
          clientId: z.string(),
          name: text(),
          count: z.number().int(),
          medianHours: Duration,
          p90Hours: Duration,
        }),
      ),
    }),
    revisions: z.object({
      fileCount: z.number().int(),
      averagePerFile: z.number().nullable(),
      histogram: z.array(z.object({ revisions: z.number().int(), files: z.number().int() })).meta({
        description: 'Files by their number of revisions (versions after the first; 3 means 3 or more).',
      }),
    }),
    messages: z.object({
      total: z
        .number()
        .int()
        .meta({ description: 'Messages in the period: the sum of `byProject[].count`.' }),
      byProject: z.array(
        z.object({
          projectId: z.string(),
          name: text(),
          clientName: text(),
          count: z.number().int(),
          fromClient: z.number().int(),
        }),
      ),
    }),
    firstResponse: z.object({
      medianMinutes: Duration.meta({
        description: 'Median time from a client’s message (the first of a run) to the provider’s next reply.',
      }),
      answered: z.number().int(),
      unanswered: z.number().int(),
    }),
  })
  .meta({
    id: 'WorkAnalytics',
    example: {
      period: {
        from: '2026-01-01',
        to: '2026-03-31',
        previousFrom: '2025-10-03',
        previousTo: '2025-12-31',
        timeZone: 'Europe/Berlin',
        today: '2026-03-31',
        currency: 'EUR',
      },
      projectsByStatus: [
        { status: 'in_progress', count: 3 },
        { status: 'completed', count: 5 },
      ],
      filesByStatus: [
        { status: 'pending_review', count: 2 },
        { status: 'client_approved', count: 7 },
      ],
      approvals: {
        count: 7,
        medianHours: 20.5,
        p90Hours: 70,
        byClient: [
          {
            clientId: '6f1c2b7a-3d4e-4f5a-8b9c-0d1e2f3a4b5c',
            name: 'Acme GmbH',
            count: 7,
            medianHours: 20.5,
            p90Hours: 70,
          },
        ],
      },
      revisions: {
        fileCount: 9,
        averagePerFile: 0.7,
        histogram: [
          { revisions: 0, files: 5 },
          { revisions: 1, files: 2 },
          { revisions: 2, files: 1 },
          { revisions: 3, files: 1 },
        ],
      },
      messages: {
        total: 42,
        byProject: [
          {
            projectId: '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10',
            name: 'Website relaunch',
            clientName: 'Acme GmbH',
            count: 42,
            fromClient: 18,
          },
        ],
      },
      firstResponse: { medianMinutes: 95, answered: 12, unanswered: 1 },
    },
  });
export type WorkAnalytics = z.infer<typeof WorkAnalytics>;

export const ClientEngagement = z
  .object({
    period: Period,
    clients: z.array(
      z.object({
        clientId: z.string(),
        name: text(),
        company: text().nullable(),
        signIns: z.number().int().meta({ description: 'Portal sign-ins in the period.' }),
        lastSeenAt: z.iso
          .datetime()
          .nullable()
          .meta({ description: 'The client’s last portal sign-in or message.' }),
        unreadMessages: z.number().int().meta({ description: 'Your messages the client has not read yet.' }),
        filesWaiting: z.number().int().meta({ description: 'Your files waiting for the client’s decision.' }),
        invoicesDue: z.number().int().meta({ description: 'Open invoices in the currency.' }),
        dueCents: Cents,
      }),
    ),
  })
  .meta({
    id: 'ClientEngagement',
    example: {
      period: {
        from: '2026-01-01',
        to: '2026-03-31',
        previousFrom: '2025-10-03',
        previousTo: '2025-12-31',
        timeZone: 'Europe/Berlin',
        today: '2026-03-31',
        currency: 'EUR',
      },
      clients: [
        {
          clientId: '6f1c2b7a-3d4e-4f5a-8b9c-0d1e2f3a4b5c',
          name: 'Jane Doe',
          company: 'Acme GmbH',
          signIns: 4,
          lastSeenAt: '2026-03-28T09:15:00.000Z',
          unreadMessages: 2,
          filesWaiting: 1,
          invoicesDue: 1,
          dueCents: 80_000,
        },
      ],
    },
  });
export type ClientEngagement = z.infer<typeof ClientEngagement>;
