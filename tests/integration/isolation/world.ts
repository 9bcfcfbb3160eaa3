import type { PendingQuery } from 'postgres';
import sharp from 'sharp';
import { expect } from 'vitest';
import { hashPassword } from '../../../api/auth/password';
import { createPortalSession } from '../../../api/auth/portal-client/portal-session';
import { actingFor } from '../../../api/auth/scope';
import { createSession } from '../../../api/auth/session';
import { beginAuthorisation } from '../../../api/integrations/authorisations';
import { sealToken } from '../../../api/integrations/google-calendar/tokens';
import { insertFile, insertPin } from '../../../api/services/files/direct-rows';
import { testPdf } from '../../../api/services/files/testing-previews';
import { insertTestInvoice } from '../../../api/services/invoices/pdf/testing';
import { completeLegalDetails } from '../../../api/services/invoices/testing';
import { jsonHeaders, type TestContext } from '../../../api/testing/harness';
import { API_KEY_FAMILIES } from '../../../shared/contracts/api-keys';
import type { ResponseValidator } from '../openapi/response-validator';

/**
 * The tenants of the isolation suite: a victim provider whose objects every call aims at, and attackers
 * made fresh for each call (so one call's side effects, such as a portal session ended for a portal
 * mismatch or an attacker deleting their own account, never change what the next call proves).
 */

export interface Provider {
  providerId: string;
  email: string;
  /** `session=<token>`: the provider's session cookie. */
  cookie: string;
  sessionId: string;
}

/** Every scope an API key can hold, each family with write (issue 27). */
export const ALL_WRITE_SCOPES = API_KEY_FAMILIES.map((family) => `${family}:write`);
const ALL_READ_SCOPES = API_KEY_FAMILIES.map((family) => `${family}:read`);

/** The victim's API keys (issue 27): one with every scope, one read-only, one revoked (it had every scope). */
export interface VictimKeys {
  full: string;
  /** The id of `full`, for the revoke route. */
  fullId: string;
  readOnly: string;
  revoked: string;
}

/** A new API key of the provider, made through the API with its cookie. */
export async function makeApiKey(
  t: TestContext,
  owner: Provider,
  scopes: string[],
): Promise<{ id: string; secret: string }> {
  const res = await call(t, 'POST', '/api/api-keys', {
    cookie: owner.cookie,
    body: { name: 'isolation', scopes },
  });
  const created = await created_<{ apiKey: { id: string }; secret: string }>(res, 'create an API key');
  return { id: created.apiKey.id, secret: created.secret };
}

export interface PortalClient {
  clientId: string;
  email: string;
  portalId: string;
  /** The portal's bearer token. */
  token: string;
}

export interface Victim extends Provider {
  portalId: string;
  client: PortalClient;
  /** A client of the victim's second portal: same provider, another portal. */
  neighbour: PortalClient;
  /** Another client of the same portal as `client`: may use the portal, never `client`'s projects. */
  sibling: PortalClient;
  /** The client's project, with a conversation. */
  projectId: string;
  /** A word only the victim's conversation contains. */
  messageMarker: string;
  /** A PDF file of the client's project (one version, a pin), for the preview and PDF routes. */
  previewFile: { fileId: string; versionId: string };
  /** A file of the project (uploaded by the provider, with a pin by the client) and its version. */
  fileId: string;
  versionId: string;
  /** The client's invoices (issue 21): a sent one (of the project, the portal sees it) and a draft. */
  invoiceId: string;
  draftInvoiceId: string;
  /** A payment recorded by hand on the sent invoice (issue 28), for taking it back. */
  invoicePaymentId: string;
  /** Invoices of the client for the PDF routes (issue 21): a sent one, and a cancelled one with its credit note. */
  invoicePdf: { invoiceId: string; cancelledInvoiceId: string };
  /** The client's quotes (issue 28): a draft, a sent one (the portal sees it) and one the client accepted. */
  quotes: { draftId: string; sentId: string; sentSha256: string; acceptedId: string };
  /** The client's recurring invoice (issue 28), starting in a week. */
  recurringInvoiceId: string;
  /**
   * Booking (issue 30): a type only the client may book with a holiday override of it, the client's booking
   * of it, and a free slot of it (for the create and reschedule attempts).
   */
  booking: { typeId: string; overrideId: string; bookingId: string; freeSlot: string };
  keys: VictimKeys;
  /** An integration's authorisation the victim started (issue 27): its state, for the callback. */
  authorisationState: string;
  /** A webhook endpoint of the victim (issue 27) with one delivery (its test event). */
  webhook: { endpointId: string; deliveryId: string };
  /** A weekly event of the victim's calendar with the client and project (issue 30); the victim has a feed too. */
  calendarEventId: string;
}

let counter = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A verified provider with a live session, made directly in the database (no sign-up rate limits). */
/**
 * The hash of every provider's password ('isolation suite password'), made once: the suite makes a
 * provider per operation, and argon2 is built to be slow. Each hash carries its salt, so one serves all.
 */
let passwordHash: Promise<string> | undefined;
const providerPasswordHash = () => {
  passwordHash ??= hashPassword('isolation suite password');
  return passwordHash;
};

export async function makeProvider(t: TestContext, label: string): Promise<Provider> {
  const email = `${unique(label)}@example.com`;
  const [user] = await t.sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at)
    VALUES (${email}, ${await providerPasswordHash()}, now()) RETURNING id`;
  if (!user) throw new Error('no user');
  await t.sql`INSERT INTO profiles (user_id, full_name) VALUES (${user.id}, ${label})`;
  const session = await createSession(t.sql, user.id, t.deps.now());
  return { providerId: user.id, email, cookie: `session=${session.token}`, sessionId: session.id };
}

/**
 * Every answer `call` gets is checked against the app's OpenAPI document once a validator is set
 * (`checkResponsesWith`); what the document does not describe collects in `contractProblems`.
 */
let validator: ResponseValidator | undefined;
export const contractProblems: string[] = [];
export function checkResponsesWith(v: ResponseValidator | undefined) {
  validator = v;
}

/** A JSON request as the dashboard or the portal sends it. */
export async function call(
  t: TestContext,
  method: string,
  path: string,
  opts: { cookie?: string; bearer?: string; body?: unknown; multipart?: FormData } = {},
) {
  const res = await send(t, method, path, opts);
  if (validator) contractProblems.push(...validator.check(method, path, res, await res.clone().text()));
  return res;
}

function send(
  t: TestContext,
  method: string,
  path: string,
  opts: { cookie?: string; bearer?: string; body?: unknown; multipart?: FormData } = {},
) {
  const headers = jsonHeaders({
    ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    ...(opts.bearer ? { Authorization: `Bearer ${opts.bearer}` } : {}),
  });
  if (opts.multipart) {
    const { 'Content-Type': _json, ...rest } = headers;
    return t.app.request(path, { method, headers: rest, body: opts.multipart });
  }
  return t.app.request(path, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
}

const created_ = <T>(res: Response, what: string) => created<T>(res, what);

async function created<T>(res: Response, what: string): Promise<T> {
  expect(res.status, `${what}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A portal of the provider with one client who has a live portal session. */
async function portalWithClient(t: TestContext, owner: Provider, label: string) {
  const portal = await created<{ id: string }>(
    await call(t, 'POST', '/api/portals', { cookie: owner.cookie, body: { portalName: `${label} portal` } }),
    'create portal',
  );
  const email = `${unique(`${label}-client`)}@example.com`;
  const client = await created<{ id: string }>(
    await call(t, 'POST', '/api/clients', {
      cookie: owner.cookie,
      body: { name: `${label} client`, email, portalId: portal.id },
    }),
    'create client',
  );
  const session = await createPortalSession(
    t.sql,
    { id: client.id, portalId: portal.id, providerId: owner.providerId },
    'password',
    t.deps.now(),
  );
  return { clientId: client.id, email, portalId: portal.id, token: session.token };
}

/** A small real PNG, for the logo upload. */
export const logoForm = async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
  return form;
};

/** A small real PNG as the file upload's `file` part. */
export const fileUploadForm = async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(png)], 'planted.png', { type: 'image/png' }));
  return form;
};

/**
 * The victim: a provider with two portals, a client with a password and a portal session in the first,
 * a neighbour client in the second; a logo, a custom domain claim and a widget secret, so every object a
 * route can name exists.
 */
export async function makeVictim(t: TestContext): Promise<Victim> {
  const owner = await makeProvider(t, 'victim');
  const first = await portalWithClient(t, owner, 'victim');
  const second = await portalWithClient(t, owner, 'neighbour');
  const as = { cookie: owner.cookie };
  await created(
    await call(t, 'POST', `/api/clients/${first.clientId}/password`, {
      ...as,
      body: { password: 'victim client password' },
    }),
    'set the client password',
  );
  await created(
    await call(t, 'PUT', `/api/portals/${first.portalId}/logo`, { ...as, multipart: await logoForm() }),
    'upload a logo',
  );
  await created(
    await call(t, 'PUT', `/api/portals/${first.portalId}/domain`, {
      ...as,
      body: { domain: `${unique('victim')}.example.org` },
    }),
    'claim a domain',
  );
  await created(await call(t, 'POST', `/api/portals/${first.portalId}/widget-secret`, as), 'widget secret');
  await created(
    await call(t, 'PATCH', `/api/portals/${first.portalId}`, {
      ...as,
      body: { allowedOrigins: ['https://victim.example.org'] },
    }),
    'allowed origins',
  );
  const project = await created<{ id: string }>(
    await call(t, 'POST', '/api/projects', {
      ...as,
      body: {
        name: 'Victim project',
        clientId: first.clientId,
        budgetCents: 100000,
        internalNotes: 'secret',
      },
    }),
    'create a project',
  );
  const messageMarker = `marker${unique('m').replace(/-/g, '')}`;
  await created(
    await call(t, 'POST', `/api/projects/${project.id}/messages`, {
      ...as,
      body: { clientMessageId: crypto.randomUUID(), body: `Hello ${messageMarker}` },
    }),
    'send a message',
  );
  const siblingEmail = `${unique('sibling')}@example.com`;
  const sibling = await created<{ id: string }>(
    await call(t, 'POST', '/api/clients', {
      ...as,
      body: { name: 'Sibling client', email: siblingEmail, portalId: first.portalId },
    }),
    'create a sibling client',
  );
  // The client's session is made after the password is set (setting it ends the client's sessions).
  const session = await createPortalSession(
    t.sql,
    { id: first.clientId, portalId: first.portalId, providerId: owner.providerId },
    'password',
    t.deps.now(),
  );
  await created(
    await call(t, 'POST', `/api/portal/${first.portalId}/projects/${project.id}/messages`, {
      bearer: session.token,
      body: { clientMessageId: crypto.randomUUID(), body: `Reply ${messageMarker}` },
    }),
    'the client replies',
  );
  const previewFile = await insertFile(t.sql, t.deps.store, {
    providerId: owner.providerId,
    projectId: project.id,
    name: 'Victim brochure.pdf',
    version: {
      bytes: await testPdf(2),
      name: 'Victim brochure.pdf',
      mimeType: 'application/pdf',
      kind: 'pdf',
      uploadedBy: { type: 'provider', name: 'Victim' },
    },
  });
  await insertPin(t.sql, {
    providerId: owner.providerId,
    ...previewFile,
    page: 1,
    x: 0.5,
    y: 0.5,
    body: `Pin ${messageMarker}`,
    author: { type: 'provider', name: 'Victim' },
  });
  const file = await created<{ id: string; latestVersion: { id: string } }>(
    await call(t, 'POST', `/api/projects/${project.id}/files`, { ...as, multipart: await fileUploadForm() }),
    'upload a file',
  );
  await created(
    await call(t, 'POST', `/api/portal/${first.portalId}/files/${file.id}/pins`, {
      bearer: session.token,
      body: { versionId: file.latestVersion.id, page: 1, x: 0.5, y: 0.5, body: `Pin ${messageMarker}` },
    }),
    'the client pins feedback',
  );
  const invoiceLines = [
    { description: `Work ${messageMarker}`, quantityMilli: 1000, unitPriceCents: 5000, taxRateBp: 1900 },
  ];
  // The business details the pre-send check needs (§ 14 (4) UStG), so the victim's invoice can be sent.
  await completeLegalDetails(t.sql, owner.providerId, first.clientId);
  const invoice = await created<{ id: string }>(
    await call(t, 'POST', '/api/invoices', {
      ...as,
      body: {
        clientId: first.clientId,
        projectId: project.id,
        description: `Invoice ${messageMarker}`,
        supplyDate: '2026-03-02',
        lines: invoiceLines,
      },
    }),
    'create an invoice',
  );
  const sent = await call(t, 'POST', `/api/invoices/${invoice.id}/send`, as);
  if (sent.status !== 200) throw new Error(`send an invoice: ${sent.status} ${await sent.text()}`);
  const withPayment = await created<{ payments: { id: string }[] }>(
    await call(t, 'POST', `/api/invoices/${invoice.id}/payments`, { ...as, body: { amountCents: 100 } }),
    'record a payment',
  );
  const draftInvoice = await created<{ id: string }>(
    await call(t, 'POST', '/api/invoices', {
      ...as,
      body: { clientId: first.clientId, lines: invoiceLines },
    }),
    'create a draft invoice',
  );
  const invoicePdf = {
    invoiceId: await insertTestInvoice(t.sql, {
      providerId: owner.providerId,
      clientId: first.clientId,
      status: 'sent',
      number: 'VICTIM-PDF-1',
      lines: invoiceLines,
    }),
    cancelledInvoiceId: await insertTestInvoice(t.sql, {
      providerId: owner.providerId,
      clientId: first.clientId,
      status: 'cancelled',
      number: 'VICTIM-PDF-2',
      lines: invoiceLines,
      creditNote: { number: 'VICTIM-CN-1', reason: null },
    }),
  };
  const quote = async (send: boolean) => {
    const q = await created<{ id: string }>(
      await call(t, 'POST', '/api/quotes', {
        ...as,
        body: {
          clientId: first.clientId,
          projectId: project.id,
          description: `Quote ${messageMarker}`,
          lines: invoiceLines,
        },
      }),
      'create a quote',
    );
    if (!send) return { id: q.id, contentSha256: '' };
    const res = await call(t, 'POST', `/api/quotes/${q.id}/send`, as);
    if (res.status !== 200) throw new Error(`send a quote: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; contentSha256: string };
  };
  const sentQuote = await quote(true);
  const acceptedQuote = await quote(true);
  const acceptRes = await call(t, 'POST', `/api/portal/${first.portalId}/quotes/${acceptedQuote.id}/accept`, {
    bearer: session.token,
    body: { contentSha256: acceptedQuote.contentSha256 },
  });
  if (acceptRes.status !== 200)
    throw new Error(`accept a quote: ${acceptRes.status} ${await acceptRes.text()}`);
  const quotes = {
    draftId: (await quote(false)).id,
    sentId: sentQuote.id,
    sentSha256: sentQuote.contentSha256,
    acceptedId: acceptedQuote.id,
  };
  const inAWeek = new Date(t.deps.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  const recurring = await created<{ id: string }>(
    await call(t, 'POST', '/api/recurring-invoices', {
      ...as,
      body: {
        clientId: first.clientId,
        projectId: project.id,
        frequency: 'monthly',
        startDate: inAWeek,
        lines: invoiceLines,
      },
    }),
    'create a recurring invoice',
  );
  const bookingType = await created<{ id: string }>(
    await call(t, 'POST', '/api/booking-types', {
      ...as,
      body: {
        name: 'Victim intro call',
        durationMinutes: 30,
        locationKind: 'video',
        location: 'https://meet.example.com/victim',
        weeklyHours: { mon: [['09:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
        clientScope: 'chosen',
        clientIds: [first.clientId],
      },
    }),
    'create a booking type',
  );
  const bookingOverride = await created<{ id: string }>(
    await call(t, 'POST', '/api/booking-overrides', {
      ...as,
      body: { bookingTypeId: bookingType.id, day: '2099-12-24', label: 'Victim holiday' },
    }),
    'add a date override',
  );
  const from = t.deps.now();
  const slotsRes = await call(
    t,
    'GET',
    `/api/portal/${first.portalId}/booking-types/${bookingType.id}/slots?from=${from.toISOString()}&to=${new Date(from.getTime() + 14 * 86_400_000).toISOString()}&timeZone=UTC`,
    { bearer: session.token },
  );
  const slots = ((await slotsRes.json()) as { slots: { startsAt: string }[] }).slots;
  const victimBooking = await created<{ id: string }>(
    await call(t, 'POST', `/api/portal/${first.portalId}/bookings`, {
      bearer: session.token,
      body: {
        bookingTypeId: bookingType.id,
        startsAt: slots[0]?.startsAt,
        timeZone: 'UTC',
        projectId: project.id,
      },
    }),
    'book a slot',
  );
  const booking = {
    typeId: bookingType.id,
    overrideId: bookingOverride.id,
    bookingId: victimBooking.id,
    freeSlot: slots[5]?.startsAt ?? '',
  };
  // Payment reminders (issue 28): the victim's own steps, which no other tenant's PUT may replace.
  const reminders = await call(t, 'PUT', '/api/invoice-settings/reminders', {
    ...as,
    body: {
      enabled: true,
      steps: [{ daysAfterDue: 5, textEn: 'Victim {number}', textDe: 'Opfer {number}' }],
    },
  });
  if (reminders.status !== 200)
    throw new Error(`save reminders: ${reminders.status} ${await reminders.text()}`);
  const revoked = await makeApiKey(t, owner, ALL_WRITE_SCOPES);
  const revokedRes = await call(t, 'DELETE', `/api/api-keys/${revoked.id}`, as);
  if (revokedRes.status !== 204) throw new Error(`revoke a key: ${revokedRes.status}`);
  const full = await makeApiKey(t, owner, ALL_WRITE_SCOPES);
  const keys: VictimKeys = {
    full: full.secret,
    fullId: full.id,
    readOnly: (await makeApiKey(t, owner, ALL_READ_SCOPES)).secret,
    revoked: revoked.secret,
  };
  // Integrations (issue 27): a sending domain (written directly: it needs no Resend here) and a started
  // authorisation, whose state another provider's callback must not find.
  await t.sql`
    INSERT INTO mail_domains (provider_id, domain, resend_domain_id, status, from_local_part)
    VALUES (${owner.providerId}, ${`${unique('mail')}.example.org`}, ${unique('resend')}, 'not_started', 'portal')`;
  // Google Calendar (issue 30): a connection (written directly; no Google here) no other caller may read,
  // change or disconnect.
  await t.sql`
    INSERT INTO google_calendar_connections (provider_id, account_email, access_token_enc, refresh_token_enc,
      access_token_expires_at, calendar_id, calendar_name)
    VALUES (${owner.providerId}, ${owner.email}, ${sealToken(t.deps, owner.providerId, 'access_token', unique('ya29'))},
      ${sealToken(t.deps, owner.providerId, 'refresh_token', unique('1//refresh'))}, now() + interval '1 hour',
      ${owner.email}, 'Victim calendar')`;
  const authorisation = await beginAuthorisation(
    t.sql,
    actingFor(owner.providerId),
    { name: 'isolation_suite' },
    { now: t.deps.now(), pkce: true },
  );
  const endpoint = (await created(
    await call(t, 'POST', '/api/webhook-endpoints', {
      ...as,
      body: { url: 'https://hooks.example.com/victim', eventTypes: ['invoice.paid'] },
    }),
    'add a webhook endpoint',
  )) as { id: string };
  const testEvent = (await created(
    await call(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, as),
    'send a webhook test event',
  )) as { deliveryId: string };
  const calendarEvent = (await created(
    await call(t, 'POST', '/api/calendar/events', {
      ...as,
      body: {
        title: 'Victim weekly',
        start: '2027-03-22T10:00',
        end: '2027-03-22T11:00',
        timeZone: 'Europe/Berlin',
        clientId: first.clientId,
        projectId: project.id,
        rrule: 'FREQ=WEEKLY;COUNT=5',
      },
    }),
    'create a calendar event',
  )) as { id: string };
  expect((await call(t, 'POST', '/api/calendar/feed', as)).status, 'create the calendar feed').toBe(200);
  return {
    ...owner,
    keys,
    calendarEventId: calendarEvent.id,
    authorisationState: authorisation.state,
    webhook: { endpointId: endpoint.id, deliveryId: testEvent.deliveryId },
    invoiceId: invoice.id,
    draftInvoiceId: draftInvoice.id,
    invoicePaymentId: withPayment.payments[0]?.id ?? '',
    invoicePdf,
    quotes,
    recurringInvoiceId: recurring.id,
    booking,
    portalId: first.portalId,
    client: { ...first, token: session.token },
    neighbour: second,
    sibling: { clientId: sibling.id, email: siblingEmail, portalId: first.portalId, token: '' },
    projectId: project.id,
    messageMarker,
    previewFile,
    fileId: file.id,
    versionId: file.latestVersion.id,
  };
}

/** A fresh attacker: another provider with a portal and a signed-in client of their own. */
export async function makeAttacker(
  t: TestContext,
): Promise<Provider & { client: PortalClient; key: string }> {
  const attacker = await makeProvider(t, 'attacker');
  return {
    ...attacker,
    client: await portalWithClient(t, attacker, 'attacker'),
    key: (await makeApiKey(t, attacker, ALL_WRITE_SCOPES)).secret,
  };
}

/** A fresh portal session of a client (mismatch checks end the session they are shown). */
export async function freshPortalToken(t: TestContext, providerId: string, client: PortalClient) {
  const session = await createPortalSession(
    t.sql,
    { id: client.clientId, portalId: client.portalId, providerId },
    'password',
    t.deps.now(),
  );
  return session.token;
}

type Row = Record<string, unknown>;

/**
 * Everything the victim owns, as JSON text per table: every table with a `provider_id` (rows of the
 * victim), and the tables that hang off the victim's user, clients or portals without one. Tables are
 * found in the schema, so a table a later feature adds is in the snapshot without touching this file.
 * Rows of the neighbour and the sibling (whose sessions the suite makes and a mismatch check ends on
 * purpose) are left out.
 */
/** The tables' ownership columns, read from the schema once per database (the suite changes no schema). */
const columnsOf = new WeakMap<TestContext['sql'], Promise<Map<string, Set<string>>>>();
function ownershipColumns(t: TestContext): Promise<Map<string, Set<string>>> {
  let columns = columnsOf.get(t.sql);
  if (!columns) {
    columns = (async () => {
      const rows = await t.sql<{ table_name: string; column_name: string }[]>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name IN ('provider_id', 'user_id', 'client_id', 'portal_id', 'id')`;
      const byTable = new Map<string, Set<string>>();
      for (const { table_name, column_name } of rows) {
        byTable.set(table_name, (byTable.get(table_name) ?? new Set()).add(column_name));
      }
      return byTable;
    })();
    columnsOf.set(t.sql, columns);
  }
  return columns;
}

export async function snapshot(t: TestContext, victim: Victim): Promise<Record<string, string[]>> {
  const byTable = await ownershipColumns(t);
  const clients = t.sql`SELECT id FROM clients WHERE provider_id = ${victim.providerId}`;
  const portals = t.sql`SELECT id FROM client_portals WHERE provider_id = ${victim.providerId}`;
  // One statement for every table (the suite takes a snapshot after each of its ~180 operations).
  const tables: string[] = [];
  let select: PendingQuery<Row[]> | undefined;
  for (const [table, cols] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    let where: PendingQuery<Row[]>;
    if (cols.has('provider_id')) where = t.sql<Row[]>`provider_id = ${victim.providerId}`;
    else if (table === 'users') where = t.sql<Row[]>`id = ${victim.providerId}`;
    else if (cols.has('user_id')) where = t.sql<Row[]>`user_id = ${victim.providerId}`;
    else if (cols.has('client_id')) where = t.sql<Row[]>`client_id IN (${clients})`;
    else if (cols.has('portal_id')) where = t.sql<Row[]>`portal_id IN (${portals})`;
    else continue;
    const column = t.sql<
      Row[]
    >`(SELECT coalesce(json_agg(x), '[]'::json) FROM ${t.sql(table)} x WHERE ${where}) AS ${t.sql(`t${tables.length}`)}`;
    select = select ? t.sql<Row[]>`${select}, ${column}` : column;
    tables.push(table);
  }
  const [row] = await t.sql<Record<string, Row[]>[]>`SELECT ${select ?? t.sql`1`}`;
  const others = new Set([victim.neighbour.clientId, victim.sibling.clientId]);
  const out: Record<string, string[]> = {};
  tables.forEach((table, i) => {
    out[table] = (row?.[`t${i}`] ?? [])
      .filter((r) => !others.has(String(table === 'clients' ? r.id : r.client_id)))
      .map((r) => JSON.stringify(r))
      .sort();
  });
  return out;
}
