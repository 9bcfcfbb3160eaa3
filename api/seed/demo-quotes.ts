import type { ProviderScope } from '../auth/scope';
import type { AppDeps } from '../http/context';
import type { InvoiceDeps } from '../services/invoices/deps';
import { createQuote } from '../services/quotes/create-quote';
import { decideQuote } from '../services/quotes/decide-quote';
import { sendQuote } from '../services/quotes/send-quote';
import { line, rc } from './demo-lines';

/*
 * The demo's quotes (issue 28), made through the quote services at dates in the past, after the demo's
 * invoices (`demo-invoices.ts`: the settings and the clients' billing details are in place): one Jörg has not
 * answered yet (in euros, German VAT, valid for two more weeks), and one Ada accepted in the portal (reverse
 * charge, US dollars), ready to become an invoice in one click. Demo sends do not e-mail the clients.
 */

const DAY = 24 * 3600_000;

export async function seedDemoQuotes(deps: AppDeps, providerId: string): Promise<void> {
  const scope: ProviderScope = { kind: 'provider', providerId, sessionId: '' };
  const clients = await deps.sql<{ id: string; email: string; name: string; portal_id: string }[]>`
    SELECT id, email, name, portal_id FROM clients WHERE provider_id = ${providerId}`;
  const projects = await deps.sql<{ id: string; name: string }[]>`
    SELECT id, name FROM projects WHERE provider_id = ${providerId}`;
  const project = (name: string) => projects.find((p) => p.name === name)?.id ?? null;
  const ada = clients.find((c) => c.email === 'ada.demo@example.com');
  const joerg = clients.find((c) => c.email === 'joerg.demo@example.com');
  if (!ada || !joerg) throw new Error('the demo clients are missing');

  const base = deps.now().getTime();
  const at = (days: number): InvoiceDeps => ({ ...deps, now: () => new Date(base - days * DAY) });
  const date = (days: number) => new Date(base - days * DAY).toISOString().slice(0, 10);

  // Sent 4 days ago, open: the shop migration's implementation.
  const open = await createQuote(at(5), scope, {
    clientId: joerg.id,
    projectId: project('Onlineshop-Umzug'),
    currency: 'EUR',
    language: 'de',
    description: 'Onlineshop-Umzug: Umsetzung und Go-live',
    validUntil: date(-14),
    taxMode: null,
    supplyDate: null,
    supplyFrom: date(-20),
    supplyTo: date(-50),
    lines: [
      line('Datenmigration und Tests', 24, 8_500, 1_900),
      line('Go-live-Begleitung (Pauschale)', 1, 60_000, 1_900, 'flat_rate'),
    ],
  });
  await sendQuote(at(4), scope, open.id, { mailClient: false });

  // Sent 12 days ago, accepted by Ada in the portal 9 days ago: the website's second phase.
  const accepted = await createQuote(at(13), scope, {
    clientId: ada.id,
    projectId: project('Website relaunch'),
    currency: 'USD',
    language: 'en',
    description: 'Website relaunch, phase 2: build',
    validUntil: date(-17),
    taxMode: null,
    supplyDate: null,
    supplyFrom: date(-1),
    supplyTo: date(-40),
    lines: [rc('Front-end build (templates, components)', 60, 9_500)],
  });
  const sent = await sendQuote(at(12), scope, accepted.id, { mailClient: false });
  await decideQuote(
    at(9),
    {
      kind: 'client',
      providerId,
      portalId: ada.portal_id,
      clientId: ada.id,
      clientName: ada.name,
      sessionId: '',
    },
    accepted.id,
    // 203.0.113.0/24: an address for documentation (RFC 5737), no real client's.
    { outcome: 'accepted', contentSha256: sent.contentSha256 ?? '', ip: '203.0.113.7' },
  );
}
