import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/contracts/activity';
import type { Invoice, InvoiceSettings } from '../../../shared/contracts/invoices';
import type { PortalQuote, Quote, QuoteList } from '../../../shared/contracts/quotes';
import { outbox } from '../../auth/testing';
import { POPPLER, pdfText } from '../../services/invoices/pdf/pdf-tools';
import { type InvoicesWorld, invoicesWorld, line } from '../../services/invoices/testing';
import { quoteContentSha256 } from '../../services/quotes/canonical';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';

/**
 * The quotes API through HTTP (issue 28): drafts, numbers of their own, sending (e-mail, hash, activity), the
 * client's view, acceptance (who, when, from where, which content) and its refusals (twice, after validity,
 * another content, concurrently: one wins, nothing half-written), and invoices made of an accepted quote
 * (all of it; a deposit and the rest adding up to the cent).
 */

let t: TestContext;
let w: InvoicesWorld;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true', TRUST_PROXY: 'true' });
  w = await invoicesWorld(t, 'quo');
});
afterAll(() => t.close());

const today = () => t.deps.now().toISOString().slice(0, 10);
const plusDays = (days: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const LINES = [
  line('Design', 12_500, 8_000, 1_900),
  line('Hosting', 1_000, 1_999, 700),
  line('Fee', 1_000, 333),
];

const createQuote = async (body: Record<string, unknown> = {}, owner = w.owner) =>
  json<Quote>(
    await send(t, 'POST', '/api/quotes', owner, { clientId: w.clientId, lines: LINES, ...body }),
    201,
  );
const sendQuote = async (id: string) => json<Quote>(await send(t, 'POST', `/api/quotes/${id}/send`, w.owner));
const portal = (method: string, path: string, body?: unknown, ip = '203.0.113.7') =>
  portalRequest(t, method, `/api/portal/${w.portalId}${path}`, w.token, body, { 'X-Forwarded-For': ip });
const accept = (q: { id: string; contentSha256: string | null }, ip?: string) =>
  portal('POST', `/quotes/${q.id}/accept`, { contentSha256: q.contentSha256 }, ip);

describe('drafts', () => {
  it('creates a draft with the invoice arithmetic, the client’s language and 30 days of validity', async () => {
    const draft = await createQuote();
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      language: 'en',
      currency: 'USD',
      validUntil: plusDays(30),
      subtotalCents: 100_000 + 1_999 + 333,
      taxCents: 19_000 + 140,
      amountCents: 102_332 + 19_140,
      contentSha256: null,
      decision: null,
      invoices: [],
      invoiceable: [],
    });
  });

  it('edits and deletes drafts only; another provider’s quote is 404', async () => {
    const draft = await createQuote();
    const edited = await json<Quote>(
      await send(t, 'PATCH', `/api/quotes/${draft.id}`, w.owner, {
        validUntil: plusDays(10),
        lines: [line('A', 1000, 100)],
      }),
    );
    expect(edited).toMatchObject({ validUntil: plusDays(10), amountCents: 100 });
    const other = await invoicesWorld(t, 'quo-other');
    expect((await send(t, 'GET', `/api/quotes/${draft.id}`, other.owner)).status).toBe(404);
    expect((await send(t, 'DELETE', `/api/quotes/${draft.id}`, other.owner)).status).toBe(404);
    expect((await send(t, 'DELETE', `/api/quotes/${draft.id}`, w.owner)).status).toBe(204);
    expect((await send(t, 'GET', `/api/quotes/${draft.id}`, w.owner)).status).toBe(404);
  });
});

describe('sending', () => {
  it('numbers quotes in their own gapless sequence, mails the client and fixes the content’s hash', async () => {
    const settings = await json<InvoiceSettings>(await send(t, 'GET', '/api/invoice-settings', w.owner));
    expect(settings.quotePrefix).toBe('Q-'); // an English-speaking provider
    const a = await sendQuote((await createQuote()).id);
    const b = await sendQuote((await createQuote()).id);
    const [na, nb] = [Number(a.number?.slice(2)), Number(b.number?.slice(2))];
    expect(a.number).toMatch(/^Q-\d{4}$/);
    expect(nb).toBe(na + 1);
    expect(a.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    // Anyone holding the quote's data can recompute it.
    expect(quoteContentSha256(a)).toBe(a.contentSha256);
    expect(a.status).toBe('sent');
    const mail = (await outbox(t, (await clientEmail()) ?? '')).find((m) =>
      m.subject.includes(b.number ?? '?'),
    );
    expect(mail?.text).toContain(`/portal/${w.portalId}/quotes/${b.id}`);
    // Sent is final: no edit, no second send, no delete.
    expect((await send(t, 'PATCH', `/api/quotes/${a.id}`, w.owner, { description: 'x' })).status).toBe(409);
    expect((await send(t, 'POST', `/api/quotes/${a.id}/send`, w.owner)).status).toBe(409);
    expect((await send(t, 'DELETE', `/api/quotes/${a.id}`, w.owner)).status).toBe(409);
  });

  it('takes the German prefix AN- for a German-speaking provider, and a prefix of one’s own', async () => {
    const de = await invoicesWorld(t, 'quo-de');
    await t.sql`UPDATE profiles SET preferred_language = 'de' WHERE user_id = ${de.providerId}`;
    const q = await json<Quote>(
      await send(t, 'POST', '/api/quotes', de.owner, { clientId: de.clientId, lines: LINES }),
      201,
    );
    expect((await json<Quote>(await send(t, 'POST', `/api/quotes/${q.id}/send`, de.owner))).number).toBe(
      'AN-0001',
    );
    const same = await send(t, 'PATCH', '/api/invoice-settings', de.owner, { quotePrefix: 'INV-' });
    expect(same.status).toBe(422);
    expect(
      (
        await json<InvoiceSettings>(
          await send(t, 'PATCH', '/api/invoice-settings', de.owner, { quotePrefix: 'ANG-' }),
        )
      ).quotePrefix,
    ).toBe('ANG-');
  });

  it('refuses to send a quote whose validity has passed (422 on validUntil)', async () => {
    const draft = await createQuote({ validUntil: plusDays(-1) });
    const res = await send(t, 'POST', `/api/quotes/${draft.id}/send`, w.owner);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('validUntil');
  });
});

async function clientEmail() {
  const [row] = await t.sql<{ email: string }[]>`SELECT email FROM clients WHERE id = ${w.clientId}`;
  return row?.email;
}

describe('the client’s decision', () => {
  it('shows sent quotes only, and records who accepted, when, from where and which content', async () => {
    const draft = await createQuote();
    expect((await portal('GET', `/quotes/${draft.id}`)).status).toBe(404);
    const sent = await sendQuote((await createQuote()).id);
    const list = await json<{ items: PortalQuote[] }>(await portal('GET', '/quotes'));
    expect(list.items.map((q) => q.id)).toContain(sent.id);
    expect(list.items.map((q) => q.id)).not.toContain(draft.id);
    const seen = await json<PortalQuote>(await portal('GET', `/quotes/${sent.id}`));
    expect(seen.contentSha256).toBe(sent.contentSha256);

    const accepted = await json<PortalQuote>(await accept(seen, '198.51.100.23'));
    expect(accepted.status).toBe('accepted');
    const provider = await json<Quote>(await send(t, 'GET', `/api/quotes/${sent.id}`, w.owner));
    expect(provider.decision).toMatchObject({
      outcome: 'accepted',
      clientId: w.clientId,
      ip: '198.51.100.23',
      contentSha256: sent.contentSha256,
      email: await clientEmail(),
    });
    expect(provider.invoiceable).toEqual(['full', 'deposit']);
    // The provider hears of it.
    const sheet = await json<NotificationList>(await send(t, 'GET', '/api/notifications', w.owner));
    expect(sheet.items.find((i) => i.type === 'quote_status')).toMatchObject({
      title: `Quote ${sent.number} accepted`,
      quote: { id: sent.id, status: 'accepted' },
    });
  });

  it('refuses a second decision with a clear 409 in the client’s language, and writes nothing', async () => {
    const sent = await sendQuote((await createQuote()).id);
    await json(await accept(sent));
    const before = await t.sql`SELECT decided_at, decided_ip FROM quotes WHERE id = ${sent.id}`;
    const again = await portalRequest(
      t,
      'POST',
      `/api/portal/${w.portalId}/quotes/${sent.id}/accept`,
      w.token,
      { contentSha256: sent.contentSha256 },
      { 'Accept-Language': 'de', 'X-Forwarded-For': '192.0.2.99' },
    );
    expect(again.status).toBe(409);
    const body = (await again.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('quote_already_decided');
    expect(body.error.message).toBe('Dieses Angebot wurde bereits angenommen oder abgelehnt.');
    expect((await portal('POST', `/quotes/${sent.id}/decline`, { reason: null })).status).toBe(409);
    expect(await t.sql`SELECT decided_at, decided_ip FROM quotes WHERE id = ${sent.id}`).toEqual(before);
  });

  it('refuses an acceptance after the validity date (409 quote_expired), and lists the quote as expired', async () => {
    const sent = await sendQuote((await createQuote({ validUntil: today() })).id);
    t.advance(2 * 86_400_000);
    try {
      const res = await accept(sent);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('quote_expired');
      expect((await json<PortalQuote>(await portal('GET', `/quotes/${sent.id}`))).status).toBe('expired');
      const expired = await json<QuoteList>(await send(t, 'GET', '/api/quotes?status=expired', w.owner));
      expect(expired.items.map((q) => q.id)).toContain(sent.id);
      const [row] = await t.sql<{ status: string; decided_at: Date | null }[]>`
        SELECT status, decided_at FROM quotes WHERE id = ${sent.id}`;
      expect(row).toEqual({ status: 'sent', decided_at: null });
    } finally {
      t.advance(-2 * 86_400_000);
    }
  });

  it('refuses an acceptance of content the client was not shown (409 quote_changed)', async () => {
    const sent = await sendQuote((await createQuote()).id);
    const res = await accept({ id: sent.id, contentSha256: '0'.repeat(64) });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('quote_changed');
  });

  it('lets exactly one of two concurrent decisions through', async () => {
    const sent = await sendQuote((await createQuote()).id);
    const results = await Promise.all([
      accept(sent),
      portal('POST', `/quotes/${sent.id}/decline`, { reason: 'Too dear' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM activity_feed
      WHERE activity_type = 'quote_status' AND metadata->>'quoteId' = ${sent.id} AND metadata->>'from' = 'sent'`;
    const count = rows[0]?.count;
    expect(count).toBe(1);
  });

  it('pages the client’s quotes by cursor, newest first, every sent quote once', async () => {
    await sendQuote((await createQuote()).id);
    await sendQuote((await createQuote()).id);
    const all = await json<{ items: PortalQuote[]; nextCursor: string | null }>(
      await portal('GET', '/quotes'),
    );
    expect(all.nextCursor).toBeNull();
    expect(all.items.length).toBeGreaterThanOrEqual(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await json<{ items: PortalQuote[]; nextCursor: string | null }>(
        await portal('GET', `/quotes${query}`),
      );
      expect(page.items.length).toBe(1);
      seen.push(...page.items.map((q) => q.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((q) => q.id));
    expect((await portal('GET', '/quotes?limit=101')).status).toBe(422);
    expect((await portal('GET', '/quotes?cursor=nonsense')).status).toBe(422);
  });

  it('records a decline with its reason', async () => {
    const sent = await sendQuote((await createQuote()).id);
    const declined = await json<PortalQuote>(
      await portal('POST', `/quotes/${sent.id}/decline`, { reason: 'Too dear' }),
    );
    expect(declined.decision).toMatchObject({ outcome: 'declined', reason: 'Too dear', contentSha256: null });
    expect((await send(t, 'POST', `/api/quotes/${sent.id}/invoices`, w.owner, { part: 'full' })).status).toBe(
      409,
    );
  });
});

describe('invoices of an accepted quote', () => {
  const accepted = async () => {
    const sent = await sendQuote((await createQuote({ supplyDate: '2026-03-02' })).id);
    await json(await accept(sent));
    return sent;
  };
  const invoice = (id: string, body: unknown) => send(t, 'POST', `/api/quotes/${id}/invoices`, w.owner, body);

  it('refuses before acceptance', async () => {
    const sent = await sendQuote((await createQuote()).id);
    expect((await invoice(sent.id, { part: 'full' })).status).toBe(409);
  });

  it('bills all of it once, with the quote’s lines', async () => {
    const quote = await accepted();
    const full = await json<Invoice>(await invoice(quote.id, { part: 'full' }), 201);
    expect(full).toMatchObject({
      status: 'draft',
      amountCents: quote.amountCents,
      client: { id: w.clientId },
      quote: { id: quote.id, number: quote.number, part: 'full' },
    });
    expect(full.lines.map((l) => l.description)).toEqual(['Design', 'Hosting', 'Fee']);
    expect((await invoice(quote.id, { part: 'full' })).status).toBe(409);
    expect((await invoice(quote.id, { part: 'deposit', depositPercent: 30 })).status).toBe(409);
    const after = await json<Quote>(await send(t, 'GET', `/api/quotes/${quote.id}`, w.owner));
    expect(after.invoices).toEqual([expect.objectContaining({ id: full.id, part: 'full' })]);
    expect(after.invoiceable).toEqual([]);
  });

  it('bills a 30 % deposit and then the rest, which add up to the quote’s total to the cent', async () => {
    const quote = await accepted();
    expect((await invoice(quote.id, { part: 'rest' })).status).toBe(409);
    expect((await invoice(quote.id, { part: 'deposit' })).status).toBe(422);
    expect((await invoice(quote.id, { part: 'deposit', depositPercent: 100 })).status).toBe(422);
    const deposit = await json<Invoice>(
      await invoice(quote.id, { part: 'deposit', depositPercent: 30 }),
      201,
    );
    // One line per VAT group (19 %, 7 %, zero-rated), each 30 % of the group.
    expect(deposit.lines.map((l) => [l.taxRateBp, l.unitPriceCents])).toEqual([
      [1_900, 30_000],
      [700, 600],
      [null, 100],
    ]);
    expect(deposit.lines[0]?.description).toBe(`Deposit of 30 % for quote ${quote.number} (19 %)`);
    // The deposit is sent first (it gets its number); the rest names it.
    await json(await send(t, 'POST', `/api/invoices/${deposit.id}/send`, w.owner));
    const rest = await json<Invoice>(await invoice(quote.id, { part: 'rest' }), 201);
    expect(deposit.amountCents + rest.amountCents).toBe(quote.amountCents);
    expect([deposit.quote?.part, rest.quote?.part]).toEqual(['deposit', 'rest']);
    const plain = await json<Invoice>(await send(t, 'GET', `/api/invoices/${rest.id}`, w.owner));
    expect(plain.quote).toEqual({ id: quote.id, number: quote.number, part: 'rest' });
    expect(deposit.subtotalCents + rest.subtotalCents).toBe(quote.subtotalCents);
    expect(rest.description).toContain('INV-');
    expect((await invoice(quote.id, { part: 'rest' })).status).toBe(409);
    const after = await json<Quote>(await send(t, 'GET', `/api/quotes/${quote.id}`, w.owner));
    expect(after.invoices.map((v) => v.part)).toEqual(['deposit', 'rest']);
  });
});

describe('the PDF', () => {
  it('is a PDF for the provider and the client, named after the number, with the acceptance record once accepted', async () => {
    const quote = await sendQuote((await createQuote()).id);
    const res = await send(t, 'GET', `/api/quotes/${quote.id}/pdf`, w.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${quote.number}.pdf`);
    const sentPdf = Buffer.from(await res.arrayBuffer());
    expect(sentPdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (POPPLER) {
      const text = pdfText(sentPdf);
      expect(text).toContain('Quote number');
      expect(text).toContain(quote.number);
      expect(text).toContain('Valid until');
      expect(text.replace(/\s+/g, '')).toContain(quote.contentSha256);
    }
    await json(await accept(quote, '198.51.100.77'));
    const client = await portal('GET', `/quotes/${quote.id}/pdf`);
    expect(client.status).toBe(200);
    if (POPPLER) {
      const text = pdfText(Buffer.from(await client.arrayBuffer()));
      expect(text).toContain('ACCEPTED');
      expect(text).toContain('Acceptance record'.toUpperCase());
      expect(text).toContain('198.51.100.77');
    }
  });
});
