import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../shared/contracts/activity';
import type {
  Invoice,
  InvoiceList,
  InvoiceSent,
  InvoiceSettings,
  PortalInvoiceDetail,
} from '../../../shared/contracts/invoices';
import { outbox } from '../../auth/testing';
import { filesWorld } from '../../services/files/testing';
import {
  completeLegalDetails,
  createDraft,
  type InvoicesWorld,
  invoicesWorld,
  line,
} from '../../services/invoices/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { addClient, portalRequest } from '../portal-client/testing';

/**
 * The invoices API through HTTP: drafts (defaults, validation, totals), editing and deleting drafts only,
 * sending (numbers, e-mail, activity), status changes along INVOICE_TRANSITIONS, cancelling with a credit
 * note, the list (filters, cursor, totals), settings and the client's portal view.
 */

let t: TestContext;
let w: InvoicesWorld;

beforeAll(async () => {
  // Many providers sign up in this file: the sign-up limits would refuse some.
  t = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
  w = await invoicesWorld(t, 'inv');
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

const sendIt = async (id: string, owner = w.owner) =>
  json<InvoiceSent>(await send(t, 'POST', `/api/invoices/${id}/send`, owner));

describe('drafts', () => {
  it('creates a draft with computed totals and the defaults', async () => {
    const draft = await createDraft(t, w.owner, {
      clientId: w.clientId,
      lines: [
        line('Design', 12_500, 8_000, 1_900),
        line('Hosting', 1_000, 1_999, 700),
        line('Fee', 1_000, 500),
      ],
    });
    expect(draft).toMatchObject({
      status: 'draft',
      number: null,
      currency: 'USD', // an English profile without a currency
      language: 'en', // the client's
      dueDate: plusDays(14),
      subtotalCents: 100_000 + 1_999 + 500,
      taxes: [
        { rateBp: 700, netCents: 1_999, taxCents: 140 },
        { rateBp: 1_900, netCents: 100_000, taxCents: 19_000 },
      ],
      taxCents: 19_140,
      amountCents: 102_499 + 19_140,
      project: null,
      allowedStatuses: [],
      creditNote: null,
      stripe: null,
    });
    expect(draft.lines.map((l) => [l.position, l.amountCents])).toEqual([
      [1, 100_000],
      [2, 1_999],
      [3, 500],
    ]);
  });

  it('takes the currency from the profile and the due date from the settings', async () => {
    await json(await send(t, 'PATCH', '/api/invoice-settings', w.owner, { defaultDueDays: 30 }));
    await t.sql`UPDATE profiles SET currency = 'EUR' WHERE user_id = ${w.providerId}`;
    const draft = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('A', 1000, 100)] });
    expect(draft).toMatchObject({ currency: 'EUR', dueDate: plusDays(30) });
    const noDue = await createDraft(t, w.owner, {
      clientId: w.clientId,
      dueDate: null,
      lines: [line('A', 1000, 1)],
    });
    expect(noDue.dueDate).toBeNull();
    await t.sql`UPDATE profiles SET currency = NULL WHERE user_id = ${w.providerId}`;
    await send(t, 'PATCH', '/api/invoice-settings', w.owner, { defaultDueDays: 14 });
  });

  it('refuses another provider’s client or project (404), another client’s project (422) and totals too large', async () => {
    const other = await invoicesWorld(t, 'inv-other');
    const body = { clientId: w.clientId, lines: [line('A', 1000, 100)] };
    expect((await send(t, 'POST', '/api/invoices', other.owner, body)).status).toBe(404);
    const foreignProject = { ...body, projectId: other.projectId };
    expect((await send(t, 'POST', '/api/invoices', w.owner, foreignProject)).status).toBe(404);
    const neighbour = await addClient(t, { ...w, client: { id: w.clientId, email: '' } }, 'inv-neighbour');
    const wrongClient = await send(t, 'POST', '/api/invoices', w.owner, {
      clientId: neighbour.id,
      projectId: w.projectId,
      lines: [line('A', 1000, 100)],
    });
    expect(wrongClient.status).toBe(422);
    expect((await wrongClient.json()).error.fields).toEqual([
      expect.objectContaining({ path: 'projectId', key: 'validation.projectInvalid' }),
    ]);
    const tooLarge = await send(t, 'POST', '/api/invoices', w.owner, {
      clientId: w.clientId,
      lines: [line('A', 1000, 99_999_999), line('B', 1000, 1)],
    });
    expect(tooLarge.status).toBe(422);
    expect((await tooLarge.json()).error.code).toBe('invoice_total_too_large');
  });

  it('validates lines with the contract’s keys', async () => {
    const res = await send(t, 'POST', '/api/invoices', w.owner, {
      clientId: w.clientId,
      currency: 'GBP',
      lines: [{ description: '', quantityMilli: 0, unitPriceCents: 1.5, taxRateBp: 20_000 }],
    });
    expect(res.status).toBe(422);
    const keys = ((await res.json()).error.fields as { key: string }[]).map((f) => f.key).sort();
    expect(keys).toEqual([
      'validation.invoiceCurrency',
      'validation.lineDescriptionRequired',
      'validation.quantityInvalid',
      'validation.taxRateInvalid',
      'validation.unitPriceInvalid',
    ]);
    const none = await send(t, 'POST', '/api/invoices', w.owner, { clientId: w.clientId, lines: [] });
    expect((await none.json()).error.fields[0].key).toBe('validation.linesRequired');
  });

  it('edits a draft (lines replace all) and deletes it; a sent invoice is immutable', async () => {
    const draft = await createDraft(t, w.owner, {
      clientId: w.clientId,
      projectId: w.projectId,
      lines: [line('A', 1000, 100), line('B', 2000, 100)],
    });
    const edited = await json<Invoice>(
      await send(t, 'PATCH', `/api/invoices/${draft.id}`, w.owner, {
        description: 'Phase 2',
        lines: [line('C', 1500, 1_000, 1_900)],
        dueDate: '2030-01-31',
      }),
    );
    expect(edited).toMatchObject({
      description: 'Phase 2',
      dueDate: '2030-01-31',
      subtotalCents: 1_500,
      taxCents: 285,
      amountCents: 1_785,
      project: { id: w.projectId },
    });
    expect(edited.lines).toEqual([
      expect.objectContaining({ position: 1, description: 'C', amountCents: 1_500 }),
    ]);
    await sendIt(draft.id);
    const patch = await send(t, 'PATCH', `/api/invoices/${draft.id}`, w.owner, { description: 'x' });
    expect(patch.status).toBe(409);
    expect((await patch.json()).error.code).toBe('invoice_not_editable');
    expect((await send(t, 'DELETE', `/api/invoices/${draft.id}`, w.owner)).status).toBe(409);

    const other = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('A', 1000, 100)] });
    expect((await send(t, 'DELETE', `/api/invoices/${other.id}`, w.owner)).status).toBe(204);
    expect((await send(t, 'GET', `/api/invoices/${other.id}`, w.owner)).status).toBe(404);
  });
});

describe('sending, status and cancelling', () => {
  it('sends with the next number, e-mails the client and tells both sides', async () => {
    await json(await send(t, 'PATCH', '/api/invoice-settings', w.owner, { numberPrefix: 'RE-' }));
    const draft = await createDraft(t, w.owner, {
      clientId: w.clientId,
      language: 'de',
      lines: [line('Beratung', 2000, 9_000, 1_900)],
    });
    const before = await json<InvoiceSettings>(await send(t, 'GET', '/api/invoice-settings', w.owner));
    const sent = await sendIt(draft.id);
    expect(sent.payment).toEqual({ provider: 'none', status: 'not_connected' });
    expect(sent.invoice).toMatchObject({
      status: 'sent',
      number: `RE-${String(before.nextNumber).padStart(4, '0')}`,
      allowedStatuses: ['paid', 'overdue'],
    });
    expect(sent.invoice.issuedAt).not.toBeNull();
    const after = await json<InvoiceSettings>(await send(t, 'GET', '/api/invoice-settings', w.owner));
    expect(after.nextNumber).toBe(before.nextNumber + 1);

    const [mail] = (await outbox(t, 'inv-client@example.com')).filter((m) => m.kind === 'invoice_sent');
    expect(mail?.subject).toMatch(new RegExp(`^Rechnung ${sent.invoice.number} von .+`)); // the invoice's language
    expect(mail?.text).toContain('214,20');
    expect(mail?.text).toContain(`/portal/${w.portalId}/invoices`);

    const again = await send(t, 'POST', `/api/invoices/${draft.id}/send`, w.owner);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('invoice_transition_not_allowed');

    const clientSheet = await json<NotificationList>(
      await portalRequest(t, 'GET', `/api/portal/${w.portalId}/notifications`, w.token),
    );
    const item = clientSheet.items.find((i) => i.invoice?.id === draft.id);
    expect(item).toMatchObject({
      type: 'invoice_status',
      invoice: { number: sent.invoice.number, status: 'sent' },
    });
    expect(clientSheet.items.some((i) => i.type === 'invoice_created')).toBe(false);
    const providerSheet = await json<NotificationList>(await send(t, 'GET', '/api/notifications', w.owner));
    expect(providerSheet.items.some((i) => i.type === 'invoice_created' && i.invoice?.id === draft.id)).toBe(
      true,
    );
  });

  it('marks paid with a paid date, and refuses what INVOICE_TRANSITIONS does not allow', async () => {
    const draft = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('A', 1000, 5_000)] });
    const status = (body: unknown) => send(t, 'POST', `/api/invoices/${draft.id}/status`, w.owner, body);
    expect((await status({ status: 'paid' })).status).toBe(409); // a draft
    await sendIt(draft.id);
    expect((await status({ status: 'paid', paidDate: plusDays(1) })).status).toBe(422);
    const overdue = await json<Invoice>(await status({ status: 'overdue' }));
    expect(overdue).toMatchObject({ status: 'overdue', allowedStatuses: ['paid'] });
    const paid = await json<Invoice>(await status({ status: 'paid', paidDate: '2026-01-15' }));
    expect(paid).toMatchObject({ status: 'paid', paidVia: 'manual', paidAt: '2026-01-15T12:00:00.000Z' });
    expect((await status({ status: 'overdue' })).status).toBe(409);
    expect((await status({ status: 'paid' })).status).toBe(409);
    expect((await send(t, 'POST', `/api/invoices/${draft.id}/cancel`, w.owner, {})).status).toBe(409);
    expect((await status({ status: 'sent' })).status).toBe(422);
  });

  it('cancels with a credit note from its own sequence', async () => {
    const draftOnly = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('A', 1000, 100)] });
    expect((await send(t, 'POST', `/api/invoices/${draftOnly.id}/cancel`, w.owner, {})).status).toBe(409);
    const a = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('A', 1000, 7_000)] });
    const b = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('B', 1000, 3_000)] });
    await sendIt(a.id);
    await sendIt(b.id);
    const first = await json<Invoice>(
      await send(t, 'POST', `/api/invoices/${a.id}/cancel`, w.owner, { reason: 'Wrong rate' }),
    );
    expect(first).toMatchObject({
      status: 'cancelled',
      creditNote: { number: 'CN-0001', reason: 'Wrong rate', amountCents: 7_000 },
      creditNoteNumber: 'CN-0001',
      allowedStatuses: [],
    });
    expect(first.cancelledAt).not.toBeNull();
    await json(await send(t, 'POST', `/api/invoices/${b.id}/status`, w.owner, { status: 'overdue' }));
    const second = await json<Invoice>(await send(t, 'POST', `/api/invoices/${b.id}/cancel`, w.owner, {}));
    expect(second.creditNote).toMatchObject({ number: 'CN-0002', reason: null });
    expect((await send(t, 'POST', `/api/invoices/${b.id}/cancel`, w.owner, {})).status).toBe(409);
  });

  it('another provider’s invoice is 404 for every operation', async () => {
    const stranger = await invoicesWorld(t, 'inv-stranger');
    const draft = await createDraft(t, w.owner, { clientId: w.clientId, lines: [line('A', 1000, 100)] });
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { description: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/send', undefined],
      ['POST', '/status', { status: 'paid' }],
      ['POST', '/cancel', {}],
    ] as const) {
      const res = await send(t, method, `/api/invoices/${draft.id}${path}`, stranger.owner, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await send(t, 'GET', `/api/invoices/${draft.id}`, w.owner)).status).toBe(200);
  });
});

describe('the pre-send check (§ 14 (4) UStG)', () => {
  it('refuses to send what the law requires and is missing, naming each field in the caller’s language; nothing is written', async () => {
    const world = await filesWorld(t, 'inv-incomplete');
    const draft = await createDraft(t, world.owner, {
      clientId: world.clientId,
      supplyDate: null,
      lines: [{ description: 'Beratung', quantityMilli: 1000, unitPriceCents: 10_000, taxRateBp: null }],
    });
    // The draft itself lists what is missing.
    expect(draft.legal.missing.map((m) => m.path)).toEqual([
      'seller.street',
      'seller.postcode',
      'seller.city',
      'seller.country',
      'seller.taxNumber',
      'buyer.street',
      'buyer.postcode',
      'buyer.city',
      'buyer.country',
      'supplyDate',
      'lines.0.vatCategory',
    ]);
    const before =
      await t.sql`SELECT next_number FROM invoice_settings WHERE provider_id = ${world.providerId}`;
    const res = await send(t, 'POST', `/api/invoices/${draft.id}/send`, world.owner, undefined, {
      'Accept-Language': 'de',
    });
    expect(res.status).toBe(422);
    const error = (await res.json()).error as {
      code: string;
      message: string;
      fields: { path: string; key: string; message: string }[];
    };
    expect(error.code).toBe('invoice_incomplete');
    expect(error.message).toMatch(/Gesetz/);
    expect(error.fields.map((f) => f.path)).toEqual(draft.legal.missing.map((m) => m.path));
    expect(error.fields.find((f) => f.path === 'supplyDate')?.message).toBe(
      'Das Leistungsdatum (oder ein Leistungszeitraum)',
    );
    expect(error.fields.every((f) => f.message && !f.message.startsWith('legal.'))).toBe(true);
    // Nothing half-written: still a draft without a number, the sequence untouched, no activity, no e-mail.
    const [row] = await t.sql`SELECT status, number, issued_at, parties FROM invoices WHERE id = ${draft.id}`;
    expect(row).toMatchObject({ status: 'draft', number: null, issued_at: null, parties: null });
    const after =
      await t.sql`SELECT next_number FROM invoice_settings WHERE provider_id = ${world.providerId}`;
    expect(after).toEqual(before);
    const activity = await t.sql`
      SELECT 1 FROM activity_feed WHERE provider_id = ${world.providerId} AND activity_type = 'invoice_status'`;
    expect(activity.length).toBe(0);

    // Filled in: the settings, the client's address, the day of supply, the line's category. Then it goes,
    // and it keeps the details it was sent with.
    await completeLegalDetails(t.sql, world.providerId, world.clientId);
    const fixed = await json<Invoice>(
      await send(t, 'PATCH', `/api/invoices/${draft.id}`, world.owner, {
        supplyFrom: '2026-02-01',
        supplyTo: '2026-02-28',
        lines: [
          {
            description: 'Beratung',
            quantityMilli: 1000,
            unitPriceCents: 10_000,
            taxRateBp: null,
            unit: 'day',
            vatCategory: 'exempt',
            exemptionReason: '§ 4 Nr. 21 UStG',
          },
        ],
      }),
    );
    expect(fixed.legal.missing).toEqual([]);
    expect(fixed.lines[0]).toMatchObject({
      unit: 'day',
      unitCode: 'DAY',
      vatCategory: 'exempt',
      vatCategoryCode: 'E',
    });
    const sent = await json<{ invoice: Invoice }>(
      await send(t, 'POST', `/api/invoices/${draft.id}/send`, world.owner),
    );
    expect(sent.invoice.legal).toMatchObject({
      supplyFrom: '2026-02-01',
      supplyTo: '2026-02-28',
      taxMode: 'standard',
      seller: { street: 'Teststraße 1', vatId: 'DE123456789', taxNumber: '30/123/45678' },
      buyer: { street: 'Kundenweg 2', country: 'DE' },
      notes: ['§ 4 Nr. 21 UStG'],
    });
    await send(t, 'PATCH', `/api/clients/${world.clientId}`, world.owner, { billingStreet: 'Umzugsweg 9' });
    const later = await json<Invoice>(await send(t, 'GET', `/api/invoices/${draft.id}`, world.owner));
    expect(later.legal.buyer.street).toBe('Kundenweg 2');
  });

  it('applies § 19 UStG and reverse charge with their notes, and refuses a day and a period together', async () => {
    const world = await filesWorld(t, 'inv-modes');
    await completeLegalDetails(t.sql, world.providerId, world.clientId);
    const both = await send(t, 'POST', '/api/invoices', world.owner, {
      clientId: world.clientId,
      supplyDate: '2026-03-01',
      supplyFrom: '2026-02-01',
      supplyTo: '2026-02-28',
      lines: [line('Work', 1000, 100)],
    });
    expect(both.status).toBe(422);
    expect((await both.json()).error.fields[0].path).toBe('supplyDate');

    await send(t, 'PATCH', '/api/invoice-settings', world.owner, { taxMode: 'small_business' });
    const small = await createDraft(t, world.owner, {
      clientId: world.clientId,
      language: 'de',
      lines: [{ description: 'Logo', quantityMilli: 1000, unitPriceCents: 50_000, taxRateBp: 1900 }],
    });
    expect(small.legal.missing.map((m) => m.key)).toEqual(['legal.missing.line.smallBusinessTax']);
    const untaxed = await json<Invoice>(
      await send(t, 'PATCH', `/api/invoices/${small.id}`, world.owner, {
        lines: [{ description: 'Logo', quantityMilli: 1000, unitPriceCents: 50_000, taxRateBp: null }],
      }),
    );
    expect(untaxed.legal.notes).toEqual(['Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.']);
    expect(untaxed.lines[0]?.vatCategoryCode).toBe('E');
    expect((await send(t, 'POST', `/api/invoices/${small.id}/send`, world.owner)).status).toBe(200);

    await send(t, 'PATCH', '/api/invoice-settings', world.owner, { taxMode: 'standard' });
    const rc = await createDraft(t, world.owner, {
      clientId: world.clientId,
      language: 'en',
      lines: [
        {
          description: 'Audit',
          quantityMilli: 1000,
          unitPriceCents: 50_000,
          taxRateBp: 0,
          vatCategory: 'reverse_charge',
        },
      ],
    });
    expect(rc.legal.missing.map((m) => m.path)).toEqual(['buyer.vatId']);
    await send(t, 'PATCH', `/api/clients/${world.clientId}`, world.owner, {
      vatId: 'FR40303265045',
      billingCountry: 'FR',
    });
    const badVat = await send(t, 'PATCH', `/api/clients/${world.clientId}`, world.owner, { vatId: 'FR123' });
    expect(badVat.status).toBe(422);
    expect((await badVat.json()).error.fields[0].path).toBe('vatId');
    const ready = await json<Invoice>(await send(t, 'GET', `/api/invoices/${rc.id}`, world.owner));
    expect(ready.legal.missing).toEqual([]);
    expect(ready.legal.notes).toEqual(['Reverse charge: VAT to be accounted for by the recipient']);
    expect(ready.lines[0]?.vatCategoryCode).toBe('AE');
  });
});

describe('the list', () => {
  it('filters, searches, pages by cursor and totals per status and currency', async () => {
    const world = await invoicesWorld(t, 'inv-list');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const draft = await createDraft(t, world.owner, {
        clientId: world.clientId,
        projectId: i % 2 === 0 ? world.projectId : null,
        currency: i < 5 ? 'EUR' : 'USD',
        description: i === 3 ? 'Logo Sprint' : `Work ${i}`,
        lines: [line('A', 1000, (i + 1) * 1_000)],
      });
      ids.push(draft.id);
      if (i >= 2) await sendIt(draft.id, world.owner);
    }
    const list = async (query: string) =>
      json<InvoiceList>(await send(t, 'GET', `/api/invoices${query}`, world.owner));
    const all = await list('');
    expect(all.items.map((i) => i.id)).toEqual([...ids].reverse());
    expect(all.totals).toEqual([
      { status: 'draft', count: 2, amounts: [{ currency: 'EUR', amountCents: 3_000, balanceCents: 0 }] },
      {
        status: 'sent',
        count: 5,
        amounts: [
          { currency: 'EUR', amountCents: 3_000 + 4_000 + 5_000, balanceCents: 3_000 + 4_000 + 5_000 },
          { currency: 'USD', amountCents: 6_000 + 7_000, balanceCents: 6_000 + 7_000 },
        ],
      },
      { status: 'overdue', count: 0, amounts: [] },
      { status: 'paid', count: 0, amounts: [] },
      { status: 'cancelled', count: 0, amounts: [] },
    ]);
    const sent = await list('?status=sent&limit=2');
    expect(sent.items).toHaveLength(2);
    expect(sent.totals.find((s) => s.status === 'draft')?.count).toBe(2); // totals ignore the status filter
    let cursor = sent.nextCursor;
    const seen = sent.items.map((i) => i.id);
    while (cursor) {
      const page = await list(`?status=sent&limit=2&cursor=${cursor}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(ids.slice(2).reverse());
    expect((await list(`?projectId=${world.projectId}`)).items).toHaveLength(4);
    expect((await list(`?clientId=${world.clientId}`)).items).toHaveLength(7);
    const search = await list('?q=logo%20spr');
    expect(search.items.map((i) => i.id)).toEqual([ids[3]]);
    const byNumber = await list(`?q=${encodeURIComponent(all.items[0]?.number ?? '')}`);
    expect(byNumber.items.map((i) => i.id)).toEqual([ids[6]]);
    expect((await send(t, 'GET', '/api/invoices?cursor=nonsense', world.owner)).status).toBe(422);
    // Another provider's list does not contain them.
    const mine = await list('');
    const theirs = await json<InvoiceList>(await send(t, 'GET', '/api/invoices?limit=100', w.owner));
    expect(theirs.items.some((i) => mine.items.some((m) => m.id === i.id))).toBe(false);
  });
});

describe('settings', () => {
  it('are created with defaults and refuse equal prefixes', async () => {
    const world = await filesWorld(t, 'inv-settings');
    const defaults = await json<InvoiceSettings>(await send(t, 'GET', '/api/invoice-settings', world.owner));
    expect(defaults).toEqual({
      numberPrefix: 'INV-',
      creditNotePrefix: 'CN-',
      nextNumber: 1,
      legalName: null,
      street: null,
      postcode: null,
      city: null,
      country: null,
      taxNumber: null,
      vatId: null,
      taxMode: 'standard',
      businessNote: null,
      phone: null,
      iban: null,
      bic: null,
      attachEInvoice: false,
      paymentInstructions: null,
      footerNote: null,
      defaultDueDays: 14,
      defaultTaxRateBp: null,
      // Quotes (issue 28): their own sequence; `Q-` for an English-speaking provider.
      quotePrefix: 'Q-',
      nextQuoteNumber: 1,
      defaultQuoteValidDays: 30,
    });
    const same = await send(t, 'PATCH', '/api/invoice-settings', world.owner, { numberPrefix: 'CN-' });
    expect(same.status).toBe(422);
    expect((await same.json()).error.fields[0].key).toBe('validation.prefixesDiffer');
    const changed = await json<InvoiceSettings>(
      await send(t, 'PATCH', '/api/invoice-settings', world.owner, {
        street: 'Hauptstraße 1',
        postcode: '10115',
        city: 'Berlin',
        country: 'de',
        vatId: 'de 123 456 789',
        taxMode: 'small_business',
        paymentInstructions: 'IBAN DE00 0000',
        defaultTaxRateBp: 1_900,
        taxNumber: '',
      }),
    );
    expect(changed).toMatchObject({
      street: 'Hauptstraße 1',
      country: 'DE',
      vatId: 'DE123456789',
      taxMode: 'small_business',
      paymentInstructions: 'IBAN DE00 0000',
      defaultTaxRateBp: 1_900,
      taxNumber: null,
    });
    expect(
      (await send(t, 'PATCH', '/api/invoice-settings', world.owner, { defaultDueDays: 400 })).status,
    ).toBe(422);
    expect((await send(t, 'GET', '/api/invoice-settings', undefined)).status).toBe(401);
  });

  it('refuses a VAT id of the wrong shape or an unknown country naming the field, in the caller’s language, changing nothing', async () => {
    const world = await filesWorld(t, 'inv-settings-vat');
    for (const [body, path] of [
      [{ vatId: 'DE12345678', city: 'Berlin' }, 'vatId'],
      [{ vatId: 'XX123', city: 'Berlin' }, 'vatId'],
      [{ country: 'ZZ', city: 'Berlin' }, 'country'],
      [{ taxMode: 'sometimes', city: 'Berlin' }, 'taxMode'],
    ] as const) {
      const res = await send(t, 'PATCH', '/api/invoice-settings', world.owner, body, {
        'Accept-Language': 'de',
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = (await res.json()).error;
      expect(error.fields.map((f: { path: string }) => f.path)).toEqual([path]);
      if (path === 'vatId') expect(error.fields[0].message).toMatch(/USt-IdNr/);
    }
    const after = await json<InvoiceSettings>(await send(t, 'GET', '/api/invoice-settings', world.owner));
    expect(after.city).toBeNull();
    expect(after.vatId).toBeNull();
  });
});

describe('the portal', () => {
  it('shows sent invoices with how to pay, never drafts or another client’s', async () => {
    const world = await invoicesWorld(t, 'inv-portal');
    const portal = (path: string) =>
      portalRequest(t, 'GET', `/api/portal/${world.portalId}${path}`, world.token);
    const draft = await createDraft(t, world.owner, {
      clientId: world.clientId,
      projectId: world.projectId,
      lines: [line('Design', 1000, 10_000, 1_900)],
    });
    expect((await portal(`/invoices/${draft.id}`)).status).toBe(404);
    await sendIt(draft.id, world.owner);
    const none = await json<PortalInvoiceDetail>(await portal(`/invoices/${draft.id}`));
    expect(none).toMatchObject({
      status: 'sent',
      number: 'INV-0001',
      amountCents: 11_900,
      project: { id: world.projectId },
      payment: { method: 'none', instructions: null },
      lines: [{ position: 1, description: 'Design', amountCents: 10_000 }],
      taxes: [{ rateBp: 1_900, netCents: 10_000, taxCents: 1_900 }],
    });
    await send(t, 'PATCH', '/api/invoice-settings', world.owner, { paymentInstructions: 'IBAN DE12' });
    expect((await json<PortalInvoiceDetail>(await portal(`/invoices/${draft.id}`))).payment).toEqual({
      method: 'instructions',
      instructions: 'IBAN DE12',
    });
    await t.sql`
      INSERT INTO stripe_connections (provider_id, account_id, livemode, secret_key_enc, secret_key_last4, webhook_secret_enc)
      VALUES (${world.providerId}, 'acct_test', false, '\\x00', '4242', '\\x00')`;
    expect((await json<PortalInvoiceDetail>(await portal(`/invoices/${draft.id}`))).payment).toEqual({
      method: 'card',
      instructions: 'IBAN DE12',
    });
    await json(await send(t, 'POST', `/api/invoices/${draft.id}/status`, world.owner, { status: 'paid' }));
    expect((await json<PortalInvoiceDetail>(await portal(`/invoices/${draft.id}`))).payment).toEqual({
      method: 'none',
      instructions: null,
    });
    const list = await json<{ items: { id: string; number: string }[] }>(await portal('/invoices'));
    expect(list.items.map((i) => i.id)).toEqual([draft.id]);
    // Another provider's client cannot see it.
    const stranger = await invoicesWorld(t, 'inv-portal-stranger');
    const res = await portalRequest(
      t,
      'GET',
      `/api/portal/${stranger.portalId}/invoices/${draft.id}`,
      stranger.token,
    );
    expect(res.status).toBe(404);
  });
});

describe('deleting the invoice’s project', () => {
  it('keeps the invoice and its activity, without the project', async () => {
    const world = await invoicesWorld(t, 'inv-project-gone');
    const draft = await createDraft(t, world.owner, {
      clientId: world.clientId,
      projectId: world.projectId,
      lines: [line('A', 1000, 2_500)],
    });
    await sendIt(draft.id, world.owner);
    expect((await send(t, 'DELETE', `/api/projects/${world.projectId}`, world.owner)).status).toBe(200);
    const invoice = await json<Invoice>(await send(t, 'GET', `/api/invoices/${draft.id}`, world.owner));
    expect(invoice).toMatchObject({ project: null, status: 'sent', number: 'INV-0001' });
    const sheet = await json<NotificationList>(await send(t, 'GET', '/api/notifications', world.owner));
    const rows = sheet.items.filter((i) => i.invoice?.id === draft.id);
    expect(rows.map((i) => i.type).sort()).toEqual(['invoice_created', 'invoice_status']);
    expect(rows.every((i) => i.project === null && i.client?.id === world.clientId)).toBe(true);
    const clientSheet = await json<NotificationList>(
      await portalRequest(t, 'GET', `/api/portal/${world.portalId}/notifications`, world.token),
    );
    expect(clientSheet.items.filter((i) => i.invoice?.id === draft.id).map((i) => i.type)).toEqual([
      'invoice_status',
    ]);
  });
});
