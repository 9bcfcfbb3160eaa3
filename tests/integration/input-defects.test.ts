import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../api/testing/harness';
import { call, makeVictim, type Victim } from './isolation/world';

/*
 * Inputs that outside reviews found answering 500, or stored as something else than was sent (issue 26):
 * each must answer 422 with the field named and a translated message, before anything is stored.
 */

let t: TestContext;
let v: Victim;
beforeAll(async () => {
  t = await createTestContext();
  v = await makeVictim(t);
});
afterAll(() => t.close());

type ErrorAnswer = { error: { code: string; fields?: { path: string; key: string; message: string }[] } };

async function expectFieldError(res: Response, path: string, key: string) {
  const body = (await res.json()) as ErrorAnswer;
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(body.error.fields).toContainEqual(expect.objectContaining({ path, key }));
  const field = body.error.fields?.find((f) => f.path === path);
  expect(field?.message).not.toBe(key);
}

const line = { description: 'Design', quantityMilli: 1000, unitPriceCents: 10000, taxRateBp: null };

describe('calendar dates', () => {
  const refused = [
    '0000-01-01',
    '2026-02-30',
    '2026-04-31',
    '2027-02-29',
    '1899-12-31',
    '10000-01-01',
    '2026-13-01',
  ];
  // Days that exist outside the years 1900 to 9999 have their own message.
  const key = (date: string) =>
    ['0000-01-01', '1899-12-31'].includes(date) ? 'validation.dateOutOfRange' : 'validation.dateInvalid';

  it.each(refused)('refuses %s on a project, created or edited', async (date) => {
    const as = { cookie: v.cookie };
    const create = await call(t, 'POST', '/api/projects', {
      ...as,
      body: { name: 'Dated', clientId: v.client.clientId, startDate: date },
    });
    await expectFieldError(create, 'startDate', key(date));
    const edit = await call(t, 'PATCH', `/api/projects/${v.projectId}`, { ...as, body: { endDate: date } });
    await expectFieldError(edit, 'endDate', key(date));
  });

  it.each(refused)('refuses %s on an invoice, created or edited, and on a payment date', async (date) => {
    const as = { cookie: v.cookie };
    const create = await call(t, 'POST', '/api/invoices', {
      ...as,
      body: { clientId: v.client.clientId, dueDate: date, lines: [line] },
    });
    await expectFieldError(create, 'dueDate', key(date));
    const edit = await call(t, 'PATCH', `/api/invoices/${v.draftInvoiceId}`, {
      ...as,
      body: { dueDate: date },
    });
    await expectFieldError(edit, 'dueDate', key(date));
    const paid = await call(t, 'POST', `/api/invoices/${v.invoiceId}/status`, {
      ...as,
      body: { status: 'paid', paidDate: date },
    });
    await expectFieldError(paid, 'paidDate', key(date));
  });

  it('stores the first and last days of the accepted range and a leap day as sent', async () => {
    const as = { cookie: v.cookie };
    for (const dueDate of ['1900-01-01', '9999-12-31', '2028-02-29']) {
      const res = await call(t, 'PATCH', `/api/invoices/${v.draftInvoiceId}`, { ...as, body: { dueDate } });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { dueDate: string }).dueDate).toBe(dueDate);
    }
  });
});

describe('ill-formed text', () => {
  // A lone UTF-16 surrogate cannot be encoded as UTF-8: the database would be handed a replacement
  // character or refuse the text. JSON.stringify writes it as the escape `\ud800`, as a client would.
  const bodies = ['x\ud800y', 'x\udfffy', '\udc00'];

  it.each(bodies)('refuses the message body %j from the provider and from the portal', async (body) => {
    const provider = await call(t, 'POST', `/api/projects/${v.projectId}/messages`, {
      cookie: v.cookie,
      body: { clientMessageId: crypto.randomUUID(), body },
    });
    await expectFieldError(provider, 'body', 'validation.invalidCharacters');
    const portal = await call(t, 'POST', `/api/portal/${v.portalId}/projects/${v.projectId}/messages`, {
      bearer: v.client.token,
      body: { clientMessageId: crypto.randomUUID(), body },
    });
    await expectFieldError(portal, 'body', 'validation.invalidCharacters');
  });

  it('refuses a lone surrogate in any contract text (a project name)', async () => {
    const res = await call(t, 'PATCH', `/api/projects/${v.projectId}`, {
      cookie: v.cookie,
      body: { name: 'Web\udbffsite' },
    });
    await expectFieldError(res, 'name', 'validation.invalidCharacters');
  });

  it('keeps well-formed surrogate pairs (emoji) as sent', async () => {
    const res = await call(t, 'POST', `/api/projects/${v.projectId}/messages`, {
      cookie: v.cookie,
      body: { clientMessageId: crypto.randomUUID(), body: 'Ship it \u{1f680}' },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { body: string }).body).toBe('Ship it \u{1f680}');
  });
});

describe('ids', () => {
  // The document says `format: uuid` (any 8-4-4-4-12 hex): such an id that names nothing is not found.
  const ids = ['00000000-0000-0000-0000-000000000001', '3f1c9a2b-0000-0000-0000-000000000000'];

  it.each(ids)('answers 404 for the well-formed id %s that names nothing', async (id) => {
    const as = { cookie: v.cookie };
    expect((await call(t, 'GET', `/api/projects/${id}`, as)).status).toBe(404);
    expect((await call(t, 'GET', `/api/invoices/${id}`, as)).status).toBe(404);
    expect((await call(t, 'GET', `/api/clients/${id}`, as)).status).toBe(404);
    const project = await call(t, 'POST', '/api/projects', {
      ...as,
      body: { name: 'Nobody’s', clientId: id },
    });
    expect(project.status).toBe(404);
    const portal = await call(t, 'GET', `/api/portal/${v.portalId}/projects/${id}`, {
      bearer: v.client.token,
    });
    expect(portal.status).toBe(404);
  });

  it('accepts a message id of any uuid form, once', async () => {
    const clientMessageId = '3f1c9a2b-0000-0000-0000-000000000000';
    const path = `/api/projects/${v.projectId}/messages`;
    const first = await call(t, 'POST', path, { cookie: v.cookie, body: { clientMessageId, body: 'Once' } });
    expect(first.status).toBe(201);
    const again = await call(t, 'POST', path, { cookie: v.cookie, body: { clientMessageId, body: 'Once' } });
    expect(again.status).toBe(200);
  });

  it('refuses what is not an 8-4-4-4-12 hex id with 422 naming the field', async () => {
    const as = { cookie: v.cookie };
    for (const clientId of ['3f1c9a2b00004000800000000000000', '3f1c9a2b-0000-0000-0000-00000000000g']) {
      const res = await call(t, 'POST', '/api/projects', { ...as, body: { name: 'Bad id', clientId } });
      await expectFieldError(res, 'clientId', 'validation.clientRequired');
    }
  });
});

describe('ids in capitals', () => {
  it('names the same portal and project for the client, and keeps the session', async () => {
    const path = `/api/portal/${v.portalId.toUpperCase()}/projects/${v.projectId.toUpperCase()}`;
    expect((await call(t, 'GET', path, { bearer: v.client.token })).status).toBe(200);
    const session = await call(t, 'GET', `/api/portal/${v.portalId}/session`, { bearer: v.client.token });
    expect(session.status).toBe(200);
  });
});
