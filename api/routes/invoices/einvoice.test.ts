import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { type FilesWorld, filesWorld } from '../../services/files/testing';
import { attachment, attachments, ruleProblems, xsdProblems } from '../../services/invoices/einvoice/testing';
import { QPDF, qpdfCheck } from '../../services/invoices/pdf/pdf-tools';
import { insertTestInvoice, type TestInvoiceInput } from '../../services/invoices/pdf/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';
import { tempDataDir } from '../portals/testing';
import { expectSafeDownload } from './testing';

/**
 * The e-invoice routes (issue 28): the provider and the client download an invoice's and a credit note's
 * XRechnung XML and ZUGFeRD PDF; drafts, missing credit notes, other providers' and other clients' invoices
 * answer 404; what XRechnung needs and the settings lack answers 422 naming it.
 */

let t: TestContext;
let w: FilesWorld;
let stranger: FilesWorld;
let siblingToken: string;
const ids: Record<string, string> = {};

const lines: TestInvoiceInput['lines'] = [
  { description: 'Beratung für Bäckerei Groß', quantityMilli: 1500, unitPriceCents: 123450, taxRateBp: 1900 },
  { description: 'Fachbuch', quantityMilli: 1000, unitPriceCents: 4200, taxRateBp: 700 },
];

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  w = await filesWorld(t, 'einvoice');
  stranger = await filesWorld(t, 'einvoice-stranger');
  await t.sql`
    INSERT INTO invoice_settings (provider_id, legal_name, street, postcode, city, country, vat_id, tax_number,
                                  phone, iban, bic, next_number, next_credit_note_number)
    VALUES (${w.providerId}, 'Weiß & Söhne Design', 'Hauptstraße 5', '80331', 'München', 'DE', 'DE123456789',
            '143/123/45678', '+49 89 1234567', 'DE89370400440532013000', 'COBADEFFXXX', 100, 100)`;
  // The stranger has its address but no phone: its XRechnung is refused, its ZUGFeRD made.
  await t.sql`
    INSERT INTO invoice_settings (provider_id, street, postcode, city, country, vat_id)
    VALUES (${stranger.providerId}, 'Unter den Linden 1', '10117', 'Berlin', 'DE', 'DE987654321')`;
  for (const world of [w, stranger]) {
    await t.sql`
      UPDATE clients SET company = 'Bäckerei Groß GmbH', billing_street = 'Brotgasse 12', billing_postcode = '90403',
        billing_city = 'Nürnberg', billing_country = 'DE', buyer_reference = '04011000-12345-67'
      WHERE provider_id = ${world.providerId}`;
  }
  const base = { providerId: w.providerId, clientId: w.clientId, lines };
  ids.sent = await insertTestInvoice(t.sql, {
    ...base,
    status: 'sent',
    number: 'INV-0001',
    language: 'de',
    dueDate: '2026-03-26',
  });
  ids.draft = await insertTestInvoice(t.sql, { ...base, status: 'draft' });
  ids.cancelled = await insertTestInvoice(t.sql, {
    ...base,
    status: 'cancelled',
    number: 'INV-0002',
    language: 'en',
    creditNote: { number: 'CN-0001', reason: 'Billed twice' },
  });
  ids.strangers = await insertTestInvoice(t.sql, {
    providerId: stranger.providerId,
    clientId: stranger.clientId,
    status: 'sent',
    number: 'INV-0001',
    lines,
  });
  await t.sql`UPDATE invoices SET supply_date = '2026-03-10' WHERE status <> 'draft'`;
  const sibling = await send(t, 'POST', '/api/clients', w.owner, {
    name: 'Sibling',
    email: 'sibling-einvoice@example.com',
    portalId: w.portalId,
  });
  expect(sibling.status).toBe(201);
  const siblingId = ((await sibling.json()) as { id: string }).id;
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

const provider = (id: string, suffix: string, cookie = w.owner) =>
  send(t, 'GET', `/api/invoices/${id}${suffix}`, cookie);
const portal = (id: string, suffix: string, token = w.token) =>
  portalRequest(t, 'GET', `/api/portal/${w.portalId}/invoices/${id}${suffix}`, token);

async function ok(res: Response): Promise<Buffer> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('XRechnung', () => {
  it('the provider gets the invoice’s XML, valid against the XSD and the EN 16931 and XRechnung rules', async () => {
    const res = await provider(ids.sent as string, '/xrechnung');
    const xml = (
      await expectSafeDownload(res, {
        contentType: 'application/xml; charset=utf-8',
        fileName: 'INV-0001.xml',
      })
    ).toString('utf8');
    expect(await xsdProblems(xml)).toEqual([]);
    expect(ruleProblems(xml)).toEqual([]);
    for (const expected of [
      '<ram:ID>INV-0001</ram:ID>',
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:BuyerReference>04011000-12345-67</ram:BuyerReference>',
      '<ram:Name>Weiß &amp; Söhne Design</ram:Name>',
      '<ram:IBANID>DE89370400440532013000</ram:IBANID>',
      '<ram:CompleteNumber>+49 89 1234567</ram:CompleteNumber>',
      '<ram:CityName>Nürnberg</ram:CityName>',
      '<udt:DateTimeString format="102">20260310</udt:DateTimeString>',
    ]) {
      expect(xml).toContain(expected);
    }
  });

  it('the client gets the same file in the portal; the credit note is type 381 naming the invoice', async () => {
    const mine = (await ok(await portal(ids.sent as string, '/xrechnung'))).toString('utf8');
    expect(mine).toContain('<ram:ID>INV-0001</ram:ID>');
    const credit = (await ok(await portal(ids.cancelled as string, '/credit-note/xrechnung'))).toString(
      'utf8',
    );
    expect(credit).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(credit).toContain('<ram:IssuerAssignedID>INV-0002</ram:IssuerAssignedID>');
    expect(ruleProblems(credit)).toEqual([]);
    expect(await xsdProblems(credit)).toEqual([]);
  });

  it('answers 422 naming the phone when the settings have none', async () => {
    const res = await provider(ids.strangers as string, '/xrechnung', stranger.owner);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; fields: { path: string }[] } };
    expect(body.error.code).toBe('einvoice_incomplete');
    expect(body.error.fields.map((f) => f.path)).toEqual(['seller.phone']);
  });

  it('the client’s invoice view says which e-invoices can be made, by the download’s own rule', async () => {
    type Detail = { eInvoices: { xrechnung: boolean; zugferd: boolean } };
    const mine = (await (await portal(ids.sent as string, '')).json()) as Detail;
    expect(mine.eInvoices).toEqual({ xrechnung: true, zugferd: true });
    // The stranger's settings have no phone: no XRechnung link (its download is 422), ZUGFeRD still made.
    const theirs = (await (
      await portalRequest(
        t,
        'GET',
        `/api/portal/${stranger.portalId}/invoices/${ids.strangers}`,
        stranger.token,
      )
    ).json()) as Detail;
    expect(theirs.eInvoices).toEqual({ xrechnung: false, zugferd: true });
    const refused = await portalRequest(
      t,
      'GET',
      `/api/portal/${stranger.portalId}/invoices/${ids.strangers}/xrechnung`,
      stranger.token,
    );
    expect(refused.status).toBe(422);
    // An invoice sent before the legal content, without the buyer's country: neither can be made.
    await t.sql`UPDATE invoices SET parties = jsonb_set(parties, '{buyer,country}', 'null')
                WHERE id = ${ids.strangers as string} AND parties IS NOT NULL`;
    await t.sql`UPDATE clients SET billing_country = NULL WHERE provider_id = ${stranger.providerId}`;
    try {
      const none = (await (
        await portalRequest(
          t,
          'GET',
          `/api/portal/${stranger.portalId}/invoices/${ids.strangers}`,
          stranger.token,
        )
      ).json()) as Detail;
      expect(none.eInvoices).toEqual({ xrechnung: false, zugferd: false });
      const zugferd = await portalRequest(
        t,
        'GET',
        `/api/portal/${stranger.portalId}/invoices/${ids.strangers}/zugferd`,
        stranger.token,
      );
      expect(zugferd.status).toBe(422);
    } finally {
      await t.sql`UPDATE clients SET billing_country = 'DE' WHERE provider_id = ${stranger.providerId}`;
      await t.sql`UPDATE invoices SET parties = jsonb_set(parties, '{buyer,country}', '"DE"')
                  WHERE id = ${ids.strangers as string} AND parties IS NOT NULL`;
    }
  });
});

describe.skipIf(!QPDF)('ZUGFeRD', () => {
  it('the provider and the client get the PDF/A-3 with factur-x.xml, for the invoice and the credit note', async () => {
    for (const [res, fileName] of [
      [await provider(ids.sent as string, '/zugferd'), 'INV-0001.pdf'],
      [await portal(ids.sent as string, '/zugferd'), 'INV-0001.pdf'],
      [await provider(ids.cancelled as string, '/credit-note/zugferd'), 'CN-0001.pdf'],
      [await provider(ids.strangers as string, '/zugferd', stranger.owner), 'INV-0001.pdf'],
    ] as const) {
      const pdf = await expectSafeDownload(res, { contentType: 'application/pdf', fileName });
      expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
      expect(attachments(pdf)).toEqual(['factur-x.xml']);
      const xml = attachment(pdf, 'factur-x.xml');
      expect(await xsdProblems(xml)).toEqual([]);
      expect(ruleProblems(xml)).toEqual([]);
    }
  }, 120_000); // four PDF/A-3 made and checked (qpdf, XSD, rules): over 30 s at a load average of 30
});

describe('who gets nothing', () => {
  it('404 for a draft, a missing credit note, another provider’s and another client’s invoice', async () => {
    for (const suffix of ['/xrechnung', '/zugferd']) {
      expect((await provider(ids.draft as string, suffix)).status).toBe(404);
      expect((await provider(ids.sent as string, `/credit-note${suffix}`)).status).toBe(404);
      expect((await provider(ids.strangers as string, suffix)).status).toBe(404);
      expect((await provider(ids.sent as string, suffix, stranger.owner)).status).toBe(404);
      expect((await portal(ids.draft as string, suffix)).status).toBe(404);
      expect((await portal(ids.strangers as string, suffix)).status).toBe(404);
      expect((await portal(ids.sent as string, suffix, siblingToken)).status).toBe(404);
      expect((await portal(ids.sent as string, suffix, stranger.token)).status).toBe(401);
    }
  });
});

/** A draft of the world's client, sent through the API; its id and number. */
async function sentThroughApi(world: FilesWorld): Promise<{ id: string; number: string }> {
  const draft = await send(t, 'POST', '/api/invoices', world.owner, {
    clientId: world.clientId,
    currency: 'EUR',
    language: 'de',
    supplyDate: '2026-03-02',
    lines: [
      { description: 'Design', quantityMilli: 1000, unitPriceCents: 9000, taxRateBp: 1900, unit: 'hour' },
    ],
  });
  expect(draft.status, await draft.clone().text()).toBe(201);
  const { id } = (await draft.json()) as { id: string };
  const sent = await send(t, 'POST', `/api/invoices/${id}/send`, world.owner);
  expect(sent.status, await sent.clone().text()).toBe(200);
  return { id, number: ((await sent.json()) as { invoice: { number: string } }).invoice.number };
}

describe('the invoice e-mail', () => {
  async function sendOne(): Promise<{ number: string; attachments: unknown }> {
    const invoice = await sentThroughApi(w);
    const [mail] = await t.sql<{ attachments: unknown }[]>`
      SELECT attachments FROM outbox_emails
      WHERE kind = 'invoice_sent' AND subject LIKE ${`%${invoice.number}%`} ORDER BY created_at DESC LIMIT 1`;
    expect(mail).toBeDefined();
    return { number: invoice.number, attachments: mail?.attachments ?? null };
  }

  it('carries the XRechnung when the settings say so, and nothing otherwise', async () => {
    const plain = await sendOne();
    expect(plain.attachments).toBeNull();
    const on = await send(t, 'PATCH', '/api/invoice-settings', w.owner, { attachEInvoice: true });
    expect(on.status).toBe(200);
    expect(((await on.json()) as { attachEInvoice: boolean }).attachEInvoice).toBe(true);
    const attached = await sendOne();
    const files = attached.attachments as { filename: string; contentType: string; content: string }[];
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`${attached.number}.xml`, 'application/xml'],
    ]);
    const xml = Buffer.from(files[0]?.content ?? '', 'base64').toString('utf8');
    expect(xml).toContain(`<ram:ID>${attached.number}</ram:ID>`);
    expect(await xsdProblems(xml)).toEqual([]);
    expect(ruleProblems(xml)).toEqual([]);
    await send(t, 'PATCH', '/api/invoice-settings', w.owner, { attachEInvoice: false });
  });
});

describe('the seller’s phone and bank account, frozen at sending', () => {
  async function settings(world: FilesWorld, body: object) {
    expect((await send(t, 'PATCH', '/api/invoice-settings', world.owner, body)).status).toBe(200);
  }
  const xrechnungOf = async (world: FilesWorld, id: string) =>
    (await ok(await provider(id, '/xrechnung', world.owner))).toString('utf8');

  it('a later change of the settings leaves a sent invoice’s e-invoice as it was sent', async () => {
    const before = await sentThroughApi(w);
    await settings(w, { phone: '+49 30 7654321', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' });
    try {
      const old = await xrechnungOf(w, before.id);
      expect(old).toContain('<ram:CompleteNumber>+49 89 1234567</ram:CompleteNumber>');
      expect(old).toContain('<ram:IBANID>DE89370400440532013000</ram:IBANID>');
      expect(old).toContain('<ram:BICID>COBADEFFXXX</ram:BICID>');
      expect(old).not.toContain('7654321');
      // One sent now carries the new details.
      const after = await sentThroughApi(w);
      const fresh = await xrechnungOf(w, after.id);
      expect(fresh).toContain('<ram:CompleteNumber>+49 30 7654321</ram:CompleteNumber>');
      expect(fresh).toContain('<ram:IBANID>DE02120300000000202051</ram:IBANID>');
      expect(ruleProblems(fresh)).toEqual([]);
    } finally {
      await settings(w, { phone: '+49 89 1234567', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    }
  });

  it('an invoice sent without a phone gets its XRechnung once the settings have one', async () => {
    // Past the stranger's INV-0001, inserted above without taking a number.
    await t.sql`UPDATE invoice_settings SET next_number = 100 WHERE provider_id = ${stranger.providerId}`;
    const sent = await sentThroughApi(stranger);
    expect((await provider(sent.id, '/xrechnung', stranger.owner)).status).toBe(422);
    await settings(stranger, { phone: '+49 30 555555' });
    try {
      const xml = await xrechnungOf(stranger, sent.id);
      expect(xml).toContain('<ram:CompleteNumber>+49 30 555555</ram:CompleteNumber>');
      expect(ruleProblems(xml)).toEqual([]);
    } finally {
      await settings(stranger, { phone: null });
    }
  });
});
