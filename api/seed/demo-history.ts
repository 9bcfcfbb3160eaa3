import type { ProviderScope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import { changeInvoiceStatus } from '../services/invoices/change-status';
import { createInvoice } from '../services/invoices/create-draft';
import type { InvoiceDeps } from '../services/invoices/deps';
import { sendInvoice } from '../services/invoices/send-invoice';
import { line, rc } from './demo-lines';

/*
 * Issue 29: a year of history before the demo's own invoices, so the analytics show a real shape at once.
 * Jörg (euros, 19 % VAT) pays a monthly maintenance retainer, 14 down to 2 months back, with extra hours in
 * some months; Ada (dollars, reverse charge) an hourly design invoice every other month. Each is sent on its
 * day and paid 6–34 days later (a calendar day), made through the invoice services like the rest of the demo.
 * Seeded before the demo's own invoices (by `seedDemoInvoices`), so the gapless numbers follow the issue dates.
 */

const DAY = 24 * 3600_000;
/** Days back of each month's invoice (about 30.4 days a month), oldest first: 14 months ago to 2. */
const MONTHS = Array.from({ length: 13 }, (_, i) => 14 - i);

export async function seedDemoHistory(deps: AppDeps, providerId: string): Promise<void> {
  const scope: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  const clients = await deps.sql<{ id: string; email: string }[]>`
    SELECT id, email FROM clients WHERE provider_id = ${providerId}`;
  const ada = clients.find((c) => c.email === 'ada.demo@example.com')?.id;
  const joerg = clients.find((c) => c.email === 'joerg.demo@example.com')?.id;
  if (!ada || !joerg) throw new Error('the demo clients are missing');
  const [mark] = await deps.sql<{ seq: string | null }[]>`
    SELECT max(seq)::text AS seq FROM activity_feed WHERE provider_id = ${providerId}`;
  const base = deps.now().getTime();
  const at = (days: number): InvoiceDeps => ({
    ...deps,
    log: deps.log,
    now: () => new Date(base - days * DAY),
  });
  const date = (days: number) => new Date(base - days * DAY).toISOString().slice(0, 10);

  for (const [i, months] of MONTHS.entries()) {
    const issued = Math.round(months * 30.4);
    // Paid a week to a month later; the growth and the quiet summer give the chart its shape.
    const paidAfter = 6 + ((i * 11) % 29);
    const extraHours = [0, 4, 6.5, 0, 12, 3, 0, 8, 2.5, 0, 10, 5, 7][i] ?? 0;
    const retainer = await createInvoice(at(issued), scope, {
      clientId: joerg,
      projectId: null,
      currency: 'EUR',
      language: 'de',
      description: 'Wartungsvertrag Onlineshop',
      dueDate: date(issued - 14),
      supplyFrom: date(issued + 30),
      supplyTo: date(issued + 1),
      lines: [
        line('Wartung und Support (monatlich)', 1, 90_000 + i * 2_500, 1_900, 'month'),
        ...(extraHours > 0 ? [line('Zusätzliche Stunden', extraHours, 8_500, 1_900)] : []),
      ],
    });
    await sendInvoice(at(issued), scope, retainer.id, { mailClient: false });
    await changeInvoiceStatus(at(issued - paidAfter), scope, retainer.id, {
      status: 'paid',
      paidDate: date(issued - paidAfter),
    });
    if (i % 2 === 1) {
      const design = await createInvoice(at(issued - 3), scope, {
        clientId: ada,
        projectId: null,
        currency: 'USD',
        description: 'Design support',
        dueDate: date(issued - 3 - 30),
        supplyFrom: date(issued + 27),
        supplyTo: date(issued - 2),
        lines: [rc('Design support', 8 + ((i * 7) % 15), 9_500)],
      });
      await sendInvoice(at(issued - 3), scope, design.id, { mailClient: false });
      await changeInvoiceStatus(at(issued - 3 - 20), scope, design.id, {
        status: 'paid',
        paidDate: date(issued - 3 - 20),
      });
    }
  }
  // The history is the books, not news: its activity (a year of "paid" notifications) is not kept, so the
  // bell and the feed show the demo's own recent events.
  await deps.sql`
    DELETE FROM activity_feed WHERE provider_id = ${providerId} AND seq > ${mark?.seq ?? '0'}::bigint`;
}
