import type { ProviderScope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import { cancelInvoice } from '../services/invoices/cancel-invoice';
import { changeInvoiceStatus } from '../services/invoices/change-status';
import { createInvoice } from '../services/invoices/create-draft';
import type { InvoiceDeps } from '../services/invoices/deps';
import { sendInvoice } from '../services/invoices/send-invoice';
import { updateInvoiceSettings } from '../services/invoices/settings';
import { markInvoiceOverdue } from '../services/invoices/transitions';
import { seedDemoHistory } from './demo-history';
import { abroad, line, rc } from './demo-lines';

/*
 * The demo's invoices (issue 21): one in every status, made through the invoice services (so numbers,
 * totals, credit notes and activity are what the product makes), at dates in the past (the services take
 * the clock from `deps.now`). The provider is a studio in Berlin; Ada (Amsterdam, Dutch VAT id) is billed in
 * US dollars under reverse charge, Grace (San Francisco) for services not taxable in Germany; Jörg (Köln) in
 * euros with 19 % and 7 % VAT, including a cancelled invoice with its credit note and the corrected one.
 * Every invoice carries its period or day of service and passes the pre-send check.
 * Demo sends do not e-mail the (example.com) clients.
 */

const DAY = 24 * 3600_000;

export async function seedDemoInvoices(deps: AppDeps, providerId: string): Promise<void> {
  const scope: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  const clients = await deps.sql<{ id: string; email: string }[]>`
    SELECT id, email FROM clients WHERE provider_id = ${providerId}`;
  const projects = await deps.sql<{ id: string; name: string }[]>`
    SELECT id, name FROM projects WHERE provider_id = ${providerId}`;
  const client = (email: string) => clients.find((c) => c.email === email)?.id;
  const project = (name: string) => projects.find((p) => p.name === name)?.id ?? null;
  const ada = client('ada.demo@example.com');
  const grace = client('grace.demo@example.com');
  const joerg = client('joerg.demo@example.com');
  if (!ada || !grace || !joerg) throw new Error('the demo clients are missing');

  const billing: [string, Record<string, string | null>][] = [
    [
      ada,
      {
        street: 'Keizersgracht 100',
        postcode: '1015 AA',
        city: 'Amsterdam',
        country: 'NL',
        vat: 'NL123456789B01',
        ref: null,
      },
    ],
    [
      grace,
      {
        street: '500 Market Street',
        postcode: 'CA 94105',
        city: 'San Francisco',
        country: 'US',
        vat: null,
        ref: 'PO-2026-117',
      },
    ],
    [
      joerg,
      {
        street: 'Musterweg 7',
        postcode: '50667',
        city: 'Köln',
        country: 'DE',
        vat: 'DE811569869',
        ref: null,
      },
    ],
  ];
  for (const [id, b] of billing) {
    await deps.sql`
      UPDATE clients SET billing_street = ${b.street ?? null}, billing_postcode = ${b.postcode ?? null},
        billing_city = ${b.city ?? null}, billing_country = ${b.country ?? null}, vat_id = ${b.vat ?? null},
        buyer_reference = ${b.ref ?? null}
      WHERE provider_id = ${providerId} AND id = ${id}`;
  }

  const base = deps.now().getTime();
  /** The services with the clock `days` days ago. */
  const at = (days: number): InvoiceDeps => ({
    ...deps,
    log: deps.log,
    now: () => new Date(base - days * DAY),
  });
  const date = (days: number) => new Date(base - days * DAY).toISOString().slice(0, 10);

  // A studio in Berlin: the structured details § 14 (4) UStG wants (the tax number and VAT id are of the
  // shape the tax office issues; example values, no real business).
  await updateInvoiceSettings(deps.sql, scope, {
    legalName: 'Demo Studio – Dana Demo',
    street: 'Beispielstraße 1',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    taxNumber: '30/123/45678',
    vatId: 'DE123456789',
    taxMode: 'standard',
    // What the e-invoices add (EN 16931: the seller contact's phone, the account for SEPA credit transfer).
    phone: '+49 30 1234567',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    paymentInstructions:
      'Bank transfer to Demo Studio, IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX. Please quote the invoice number.',
    footerNote: 'Thank you for working with Demo Studio.',
    defaultDueDays: 14,
  });
  // Issue 29: 14 months of paid history first, so the gapless numbers follow the issue dates (the history's
  // INV-0001…0019, then the demo's own, each sent on its day, oldest first).
  await seedDemoHistory(deps, providerId);

  // Paid: the website's design phase (sent 58 days ago, paid 44 days ago).
  const paid = await createInvoice(at(60), scope, {
    clientId: ada,
    projectId: project('Website relaunch'),
    currency: 'USD',
    description: 'Website relaunch, phase 1: design',
    dueDate: date(44),
    supplyFrom: date(90),
    supplyTo: date(61),
    lines: [
      rc('UX workshop and sitemap', 6, 9_500),
      rc('Home page and template designs', 24.5, 9_500),
      rc('Design system in Figma', 12, 9_500),
    ],
  });
  await sendInvoice(at(58), scope, paid.id, { mailClient: false });
  await changeInvoiceStatus(at(44), scope, paid.id, { status: 'paid', paidDate: date(44) });

  // Overdue: the app's discovery phase, due 16 days ago.
  const overdue = await createInvoice(at(31), scope, {
    clientId: grace,
    projectId: project('Mobile app MVP'),
    currency: 'USD',
    description: 'Mobile app MVP: discovery',
    dueDate: date(16),
    supplyFrom: date(45),
    supplyTo: date(32),
    lines: [abroad('Discovery workshops', 8, 11_000), abroad('Clickable prototype', 14.75, 11_000)],
  });
  await sendInvoice(at(30), scope, overdue.id, { mailClient: false });
  await deps.sql.begin((tx) =>
    markInvoiceOverdue(tx, scope, overdue.id, { jobs: deps.jobs, actor: 'system' }),
  );

  // Cancelled with a credit note (wrong hourly rate), then the corrected invoice, sent: in euros, 19 % VAT.
  const wrong = await createInvoice(at(22), scope, {
    clientId: joerg,
    projectId: project('Onlineshop-Umzug'),
    currency: 'EUR',
    language: 'de',
    description: 'Onlineshop-Umzug: Analyse und Datenexport',
    supplyFrom: date(35),
    supplyTo: date(23),
    lines: [
      line('Analyse des bestehenden Shops', 10, 9_500, 1_900),
      line('Konzept Datenmigration', 6, 9_500, 1_900),
    ],
  });
  await sendInvoice(at(21), scope, wrong.id, { mailClient: false });
  await cancelInvoice(at(19), scope, wrong.id, {
    reason: 'Falscher Stundensatz: vereinbart waren 85 € pro Stunde.',
  });
  const corrected = await createInvoice(at(19), scope, {
    clientId: joerg,
    projectId: project('Onlineshop-Umzug'),
    currency: 'EUR',
    language: 'de',
    description: 'Onlineshop-Umzug: Analyse und Datenexport (korrigiert)',
    dueDate: date(-2),
    supplyFrom: date(35),
    supplyTo: date(23),
    lines: [
      line('Analyse des bestehenden Shops', 10, 8_500, 1_900),
      line('Konzept Datenmigration', 6, 8_500, 1_900),
      line('Fachbuch „Shopmigration“', 1, 3_990, 700, 'piece', 'reduced'),
    ],
  });
  await sendInvoice(at(18), scope, corrected.id, { mailClient: false });

  // Sent: the brand guidelines, due in 9 days.
  const sent = await createInvoice(at(6), scope, {
    clientId: ada,
    projectId: project('Brand guidelines'),
    currency: 'USD',
    description: 'Brand guidelines: final delivery',
    dueDate: date(-9),
    supplyDate: date(7),
    lines: [
      rc('Brand guidelines (fixed price)', 1, 320_000, 'flat_rate'),
      rc('Print-ready logo files', 1, 45_000, 'flat_rate'),
    ],
  });
  await sendInvoice(at(5), scope, sent.id, { mailClient: false });

  // Draft: next month's retainer, not sent yet (the client does not see it).
  await createInvoice(at(1), scope, {
    clientId: grace,
    projectId: null,
    currency: 'USD',
    description: 'Maintenance retainer',
    supplyFrom: date(31),
    supplyTo: date(1),
    lines: [
      abroad('Maintenance and support (monthly)', 1, 120_000, 'month'),
      abroad('Additional support hours', 3.5, 11_000),
    ],
  });
}
