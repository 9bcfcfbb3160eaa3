import type { ProviderScope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import type { InvoiceDeps } from '../services/invoices/deps';
import { recordInvoicePayment } from '../services/invoices/payments';
import { createRecurringInvoice } from '../services/recurring/create-recurring';
import { defaultReminderSteps, updateReminderSettings } from '../services/reminders/settings';
import { sendPaymentReminders } from '../services/reminders/sweep';
import { line } from './demo-lines';

/*
 * The demo's billing routine (issue 28), after its invoices (`demo-invoices.ts`): a monthly recurring invoice
 * for Jörg (the German client: shop maintenance and hosting, in euros with 19 % VAT, starting on the first
 * of next month, so the first start creates nothing yet), payment reminders switched on with three steps
 * (7, 14 and 30 days after the due date, the default texts in English and German) and the reminders the
 * overdue invoice got so far (the sweep run at past dates: step 1 nine days ago, step 2 two days ago; step 3
 * is still to come), and a part payment Jörg made by bank transfer on the corrected invoice (recorded by
 * hand), so that invoice shows its balance due. The reminder e-mails go to the outbox like any other.
 */

const DAY = 24 * 3600_000;

export async function seedDemoBilling(deps: AppDeps, providerId: string): Promise<void> {
  const scope: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  const [joerg] = await deps.sql<{ id: string }[]>`
    SELECT id FROM clients WHERE provider_id = ${providerId} AND email = 'joerg.demo@example.com'`;
  const [shop] = await deps.sql<{ id: string }[]>`
    SELECT id FROM projects WHERE provider_id = ${providerId} AND name = 'Onlineshop-Umzug'`;
  const [corrected] = await deps.sql<{ id: string }[]>`
    SELECT id FROM invoices
    WHERE provider_id = ${providerId} AND client_id = ${joerg?.id ?? null} AND status = 'sent'`;
  if (!joerg || !corrected) throw new Error('the demo invoices are missing');

  const base = deps.now().getTime();
  const at = (days: number): InvoiceDeps => ({ ...deps, now: () => new Date(base - days * DAY) });
  const date = (days: number) => new Date(base - days * DAY).toISOString().slice(0, 10);
  const today = new Date(base);
  const firstOfNextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);

  await createRecurringInvoice(deps, scope, {
    clientId: joerg.id,
    projectId: shop?.id ?? null,
    currency: 'EUR',
    language: 'de',
    description: 'Shop-Wartung und Hosting',
    frequency: 'monthly',
    intervalDays: null,
    startDate: firstOfNextMonth,
    endDate: null,
    dueDays: 14,
    taxMode: null,
    autopay: false,
    lines: [
      line('Wartung, Updates und Monitoring des Onlineshops', 1, 29_000, 1_900, 'month'),
      line('Hosting (Managed Server)', 1, 4_900, 1_900, 'month'),
    ],
  });

  await updateReminderSettings(deps, scope, { enabled: true, steps: defaultReminderSteps() });
  // What the sweep sent so far (the overdue invoice is due since 16 days): its clock set back.
  await sendPaymentReminders(at(9), { providerId });
  await sendPaymentReminders(at(2), { providerId });

  await recordInvoicePayment(at(3), scope, corrected.id, {
    amountCents: 50_000,
    paidDate: date(3),
    method: 'Überweisung',
    note: 'Abschlagszahlung',
  });
}
