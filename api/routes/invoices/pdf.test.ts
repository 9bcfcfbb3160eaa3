import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { type FilesWorld, filesWorld } from '../../services/files/testing';
import { pdfFormat } from '../../services/invoices/pdf/format';
import { POPPLER, pdfImageCount, pdfText } from '../../services/invoices/pdf/pdf-tools';
import { insertTestInvoice, type TestInvoiceInput } from '../../services/invoices/pdf/testing';
import { createTestContext, jsonHeaders, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';
import { tempDataDir } from '../portals/testing';
import { expectSafeDownload } from './testing';

/**
 * The invoice PDF routes: who gets which PDF (the provider any of theirs, drafts marked; the client only
 * its own sent ones), 404 for everything else, and the download headers.
 */

let t: TestContext;
let w: FilesWorld;
let stranger: FilesWorld;
let siblingToken: string;
const ids: Record<string, string> = {};

const lines: TestInvoiceInput['lines'] = [
  { description: 'Beratung für Bäckerei Groß', quantityMilli: 1500, unitPriceCents: 123450, taxRateBp: 1900 },
  { description: 'Fahrtkosten (Maße & Größe)', quantityMilli: 1000, unitPriceCents: 4200, taxRateBp: null },
];

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  w = await filesWorld(t, 'invoice-pdf');
  stranger = await filesWorld(t, 'invoice-pdf-stranger');
  await t.sql`
    INSERT INTO invoice_settings (provider_id, street, postcode, city, country, vat_id, payment_instructions,
                                  footer_note, next_number, next_credit_note_number)
    VALUES (${w.providerId}, 'Hauptstraße 5', '80331', 'München', 'DE', 'DE123456789',
            'IBAN DE89 3704 0044 0532 0130 00', 'Grüße aus München', 100, 100)`; // numbers below 100 belong to the invoices written directly below
  await t.sql`UPDATE profiles SET business_name = 'Weiß & Söhne Design' WHERE user_id = ${w.providerId}`;
  const base = { providerId: w.providerId, clientId: w.clientId, lines };
  ids.sent = await insertTestInvoice(t.sql, {
    ...base,
    status: 'sent',
    number: 'INV-0001',
    language: 'de',
    dueDate: '2026-03-26',
  });
  ids.draft = await insertTestInvoice(t.sql, { ...base, status: 'draft', language: 'en', currency: 'USD' });
  ids.paid = await insertTestInvoice(t.sql, { ...base, status: 'paid', number: 'INV-0002', language: 'en' });
  ids.cancelled = await insertTestInvoice(t.sql, {
    ...base,
    status: 'cancelled',
    number: 'INV-0003',
    language: 'de',
    creditNote: { number: 'CN-0001', reason: 'Doppelt berechnet' },
  });
  ids.strangers = await insertTestInvoice(t.sql, {
    providerId: stranger.providerId,
    clientId: stranger.clientId,
    status: 'sent',
    number: 'INV-0001',
    lines,
  });
  // Another client of the same portal, signed in.
  const sibling = await send(t, 'POST', '/api/clients', w.owner, {
    name: 'Sibling',
    email: 'sibling-invoice-pdf@example.com',
    portalId: w.portalId,
  });
  expect(sibling.status).toBe(201);
  const siblingId = ((await sibling.json()) as { id: string }).id;
  ids.siblings = await insertTestInvoice(t.sql, {
    providerId: w.providerId,
    clientId: siblingId,
    status: 'sent',
    number: 'INV-0004',
    lines,
  });
  siblingToken = (
    await createPortalSession(
      t.sql,
      { id: siblingId, portalId: w.portalId, providerId: w.providerId },
      'password',
      t.deps.now(),
    )
  ).token;
});
afterAll(() => t.close());

const provider = (id: string, suffix = '/pdf', cookie = w.owner) =>
  send(t, 'GET', `/api/invoices/${id}${suffix}`, cookie);
const portal = (id: string, token = w.token, portalId = w.portalId) =>
  portalRequest(t, 'GET', `/api/portal/${portalId}/invoices/${id}/pdf`, token);

const PDF = (fileName: string) => ({ contentType: 'application/pdf', fileName });
const pdfFormatEur = (cents: number) => pdfFormat('de', 'EUR').money(cents).replace('\u00a0', ' ');

async function pdfOf(res: Response): Promise<Buffer> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('GET /api/invoices/{invoiceId}/pdf', () => {
  it('sends the provider’s invoice as an attachment named by its number, never sniffed or cached', async () => {
    const bytes = await expectSafeDownload(await provider(ids.sent as string), PDF('INV-0001.pdf'));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (POPPLER) {
      const text = pdfText(bytes);
      for (const expected of [
        'Rechnung',
        'INV-0001',
        'Weiß & Söhne Design',
        'Hauptstraße 5',
        '80331 München',
        'USt-IdNr.: DE123456789',
        'invoice-pdf client',
        '1.851,75 €',
        '19 % USt. auf 1.851,75 €',
        'IBAN DE89 3704 0044 0532 0130 00',
        'Grüße aus München',
      ])
        expect(text).toContain(expected);
    }
  });

  it('shows it inline with ?inline=1', async () => {
    const res = await send(t, 'GET', `/api/invoices/${ids.sent}/pdf?inline=1`, w.owner);
    await expectSafeDownload(res, { ...PDF('INV-0001.pdf'), inline: true });
    expect((await send(t, 'GET', `/api/invoices/${ids.sent}/pdf?inline=yes`, w.owner)).status).toBe(422);
  });

  it('gives the provider a draft, marked as such and without a number', async () => {
    const res = await provider(ids.draft as string);
    const bytes = await pdfOf(res);
    expect(res.headers.get('content-disposition')).toContain('filename="Invoice-draft.pdf"');
    if (POPPLER) {
      const text = pdfText(bytes);
      expect(text).toContain('DRAFT');
      expect(text).toContain('$1,851.75');
    }
  });

  it('draws the portal’s logo once there is one', async () => {
    if (!POPPLER) return;
    expect(pdfImageCount(await pdfOf(await provider(ids.sent as string)))).toBe(0);
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const { 'Content-Type': _json, ...headers } = jsonHeaders({ Cookie: w.owner });
    const upload = await t.app.request(`/api/portals/${w.portalId}/logo`, {
      method: 'PUT',
      headers,
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    expect(pdfImageCount(await pdfOf(await provider(ids.sent as string)))).toBe(1);
  });

  it('answers 404 for another provider’s invoice and an unknown one, 401 without a session, 422 for a bad id', async () => {
    expect((await provider(ids.strangers as string)).status).toBe(404);
    expect((await provider(ids.sent as string, '/pdf', stranger.owner)).status).toBe(404);
    expect((await provider(crypto.randomUUID())).status).toBe(404);
    expect((await send(t, 'GET', `/api/invoices/${ids.sent}/pdf`, undefined)).status).toBe(401);
    expect((await provider('not-a-uuid')).status).toBe(422);
    // A portal client's bearer token is no provider session.
    expect((await portalRequest(t, 'GET', `/api/invoices/${ids.sent}/pdf`, w.token)).status).toBe(401);
  });
});

describe('GET /api/invoices/{invoiceId}/credit-note/pdf', () => {
  it('sends the credit note of a cancelled invoice', async () => {
    const res = await provider(ids.cancelled as string, '/credit-note/pdf');
    const bytes = await pdfOf(res);
    expect(res.headers.get('content-disposition')).toContain('filename="CN-0001.pdf"');
    if (POPPLER) {
      const text = pdfText(bytes);
      for (const expected of ['Stornorechnung', 'CN-0001', 'INV-0003', 'Doppelt berechnet', '-1.851,75 €'])
        expect(text).toContain(expected);
    }
    // The cancelled invoice itself says so.
    if (POPPLER) expect(pdfText(await pdfOf(await provider(ids.cancelled as string)))).toContain('STORNIERT');
  });

  it('answers 404 for an invoice without one, and for another provider’s', async () => {
    for (const id of [ids.sent, ids.draft, ids.paid, ids.strangers, crypto.randomUUID()])
      expect((await provider(id as string, '/credit-note/pdf')).status).toBe(404);
    expect((await provider(ids.cancelled as string, '/credit-note/pdf', stranger.owner)).status).toBe(404);
  });
});

describe('GET /api/portal/{portalId}/invoices/{invoiceId}/pdf', () => {
  it('sends the client its own sent, paid and cancelled invoices', async () => {
    for (const [id, number] of [
      [ids.sent, 'INV-0001'],
      [ids.paid, 'INV-0002'],
      [ids.cancelled, 'INV-0003'],
    ]) {
      await expectSafeDownload(await portal(id as string), PDF(`${number}.pdf`));
    }
    if (POPPLER) expect(pdfText(await pdfOf(await portal(ids.paid as string)))).toContain('PAID');
  });

  it('answers 404 for a draft, another client’s invoice and another provider’s', async () => {
    expect((await portal(ids.draft as string)).status).toBe(404);
    expect((await portal(ids.siblings as string)).status).toBe(404);
    expect((await portal(ids.strangers as string)).status).toBe(404);
    expect((await portal(ids.sent as string, siblingToken)).status).toBe(404);
    expect((await portal(ids.siblings as string, siblingToken)).status).toBe(200);
  });

  it('answers 401 without the portal’s session', async () => {
    expect((await portal(ids.sent as string, '')).status).toBe(401);
    expect((await portal(ids.sent as string, stranger.token)).status).toBe(401);
    const res = await t.app.request(`/api/portal/${w.portalId}/invoices/${ids.sent}/pdf`, {
      headers: jsonHeaders({ Cookie: w.owner }),
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/portal/{portalId}/invoices/{invoiceId}/credit-note/pdf', () => {
  const creditNote = (id: string, token = w.token) =>
    portalRequest(t, 'GET', `/api/portal/${w.portalId}/invoices/${id}/credit-note/pdf`, token);

  it('sends the client the credit note of their cancelled invoice', async () => {
    const pdf = await expectSafeDownload(await creditNote(ids.cancelled as string), PDF('CN-0001.pdf'));
    if (POPPLER) expect(pdfText(pdf)).toContain('Stornorechnung');
  });

  it('answers 404 without a credit note, for another client’s and another provider’s invoice, and 401 without the session', async () => {
    for (const id of [ids.sent, ids.draft, ids.paid, ids.siblings, ids.strangers, crypto.randomUUID()])
      expect((await creditNote(id as string)).status).toBe(404);
    expect((await creditNote(ids.cancelled as string, siblingToken)).status).toBe(404);
    expect((await creditNote(ids.cancelled as string, '')).status).toBe(401);
  });
});

describe('invoices written by the invoices API', () => {
  it('prints what the API stored: the draft, then the sent invoice with its number, then its credit note', async () => {
    const address = await send(t, 'PATCH', `/api/clients/${w.clientId}`, w.owner, {
      company: 'Groß & Klein GmbH',
      billingStreet: 'Brotgasse 12',
      billingPostcode: '90403',
      billingCity: 'Nürnberg',
      billingCountry: 'DE',
      buyerReference: '04011000-12345-67',
    });
    expect(address.status, await address.clone().text()).toBe(200);
    await t.sql`UPDATE invoice_settings SET tax_number = '143/123/45678' WHERE provider_id = ${w.providerId}`;
    const created = await send(t, 'POST', '/api/invoices', w.owner, {
      clientId: w.clientId,
      language: 'de',
      currency: 'EUR',
      dueDate: '2026-12-31',
      supplyFrom: '2026-02-01',
      supplyTo: '2026-02-28',
      description: 'Über die API: Größenänderung',
      lines: [
        {
          description: 'Straßenplanung',
          quantityMilli: 2500,
          unitPriceCents: 9999,
          taxRateBp: 1900,
          unit: 'hour',
        },
        { description: 'Fußnoten', quantityMilli: 1000, unitPriceCents: 1, taxRateBp: 700, unit: 'piece' },
      ],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const invoice = (await created.json()) as { id: string; amountCents: number };
    const draft = await pdfOf(await provider(invoice.id));
    const sent = await send(t, 'POST', `/api/invoices/${invoice.id}/send`, w.owner);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const { invoice: after } = (await sent.json()) as { invoice: { number: string; amountCents: number } };
    // The client moves after the invoice was sent: the invoice keeps the address it was sent with.
    await send(t, 'PATCH', `/api/clients/${w.clientId}`, w.owner, { billingStreet: 'Neue Straße 1' });
    const res = await portal(invoice.id);
    const bytes = await pdfOf(res);
    expect(res.headers.get('content-disposition')).toContain(`filename="${after.number}.pdf"`);
    const cancel = await send(t, 'POST', `/api/invoices/${invoice.id}/cancel`, w.owner, {
      reason: 'Falsche Menge',
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const { creditNote } = (await cancel.json()) as { creditNote: { number: string } };
    const note = await pdfOf(await provider(invoice.id, '/credit-note/pdf'));
    if (POPPLER) {
      // 2.5 × 99.99 = 249.975 → 249.98; 19 % of it 47.4962 → 47.50; 0.01 at 7 % → no tax: 297.49 € stored.
      expect(after.amountCents).toBe(29749);
      expect(pdfText(draft)).toContain('ENTWURF');
      const text = pdfText(bytes);
      const laidOut = pdfText(bytes, true).replace(/\s+/g, ' ');
      // Every field of § 14 (4) UStG, read back from the German PDF the client downloads.
      for (const [field, expected] of [
        ['supplier name', 'Weiß & Söhne Design'],
        ['supplier address', 'Hauptstraße 5'],
        ['supplier postcode and city', '80331 München'],
        ['supplier country', 'Deutschland'],
        ['tax number', 'Steuernummer: 143/123/45678'],
        ['VAT id', 'USt-IdNr.: DE123456789'],
        ['recipient name', 'Groß & Klein GmbH'],
        ['recipient address as sent', 'Brotgasse 12'],
        ['recipient postcode and city', '90403 Nürnberg'],
        ['buyer reference', '04011000-12345-67'],
        [
          'date of issue',
          `Rechnungsdatum ${new Date().toLocaleDateString('de-DE', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' })}`,
        ],
        ['number', `Rechnungsnummer ${after.number}`],
        ['period of service', 'Leistungszeitraum 01.02.2026 – 28.02.2026'],
        ['description', 'Straßenplanung'],
        ['quantity and unit', '2,5 Std.'],
        ['quantity and unit', '1 Stk.'],
        ['net and tax per rate', '19 % USt. auf 249,98 €'],
        ['tax amount', '47,50 €'],
      ] as const) {
        expect(laidOut, field).toContain(expected);
      }
      expect(laidOut).not.toContain('Neue Straße 1');
      expect(text).toContain(after.number);
      expect(text).toContain('249,98 €');
      expect(text).toContain('19 % USt. auf 249,98 €');
      expect(text).toContain(pdfFormatEur(after.amountCents));
      const noteText = pdfText(note);
      expect(noteText).toContain(creditNote.number);
      expect(noteText).toContain(after.number);
      expect(noteText).toContain('Falsche Menge');
      expect(noteText).toContain(pdfFormatEur(-after.amountCents));
    }
  });
});
