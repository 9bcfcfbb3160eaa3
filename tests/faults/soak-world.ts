import { randomUUID } from 'node:crypto';
import type { ResendStandIn } from '../../api/testing/resend-stand-in';
import type { StripeStandIn } from '../stripe/stand-in';

/**
 * The soak test's world, built through the public API of a running service (here: through the proxy in
 * front of two instances), with plain `fetch`: verified providers (the verification mail read at the
 * Resend stand-in), their portal, clients with passwords signed in to the portal, one project per client,
 * the legal details an invoice needs to be sent, and each provider's Stripe account (an account of the
 * Stripe stand-in) connected.
 *
 * Offers: `Api` (one caller: a provider's cookie or a client's bearer token; `call` → status + JSON),
 * `signUpProvider`, `createPortal`, `createClient`, `portalSignIn`, `createProject`, `legalDetails`,
 * `connectStripe`, `buildWorld` (all of it for N providers × M clients).
 */

export const PROVIDER_PASSWORD = 'provider secret 1';
export const CLIENT_PASSWORD = 'client secret 1';

/** No request may take longer (a hung request fails the caller with a TimeoutError). */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One caller of the API at `base`: a provider (session cookie) or a portal client (bearer token). */
export class Api {
  constructor(
    readonly base: string,
    readonly auth: { cookie?: string; token?: string } = {},
  ) {}

  /** JSON in and out; the answer whatever its status (the caller decides what is acceptable). */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        Origin: this.base,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.auth.cookie ? { Cookie: this.auth.cookie } : {}),
        ...(this.auth.token ? { Authorization: `Bearer ${this.auth.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed as T };
  }

  /** A multipart upload of one file (`file` part). */
  async upload<T = unknown>(path: string, name: string, bytes: Uint8Array, type: string): Promise<Answer<T>> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: {
        Origin: this.base,
        ...(this.auth.cookie ? { Cookie: this.auth.cookie } : {}),
        ...(this.auth.token ? { Authorization: `Bearer ${this.auth.token}` } : {}),
      },
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T };
  }

  /** `call`, throwing unless the status is `expected`. */
  async ok<T = unknown>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (!expected.includes(answer.status))
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@soak.example.com`;

/** Polls `find` every 50 ms until it returns something, at most `timeoutMs`. */
export async function eventually<T>(
  what: string,
  find: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A provider signed up, verified by the link of the mail the Resend stand-in received, and signed in. */
export async function signUpProvider(
  base: string,
  resend: ResendStandIn,
  opts: { email?: string; fullName?: string } = {},
): Promise<{ email: string; api: Api; id: string }> {
  const email = opts.email ?? unique('provider');
  const anonymous = new Api(base);
  await anonymous.ok('POST', '/api/auth/sign-up', {
    email,
    password: PROVIDER_PASSWORD,
    confirmPassword: PROVIDER_PASSWORD,
    fullName: opts.fullName ?? 'Ada Lovelace',
  });
  const mail = await eventually(`the verification mail to ${email}`, () =>
    resend.received.find(
      (m) => [m.body.to].flat().includes(email) && /\/auth\/verify/.test(m.body.text ?? ''),
    ),
  );
  const link = (mail.body.text ?? '').match(/https?:\/\/[^\s"<>]+\/auth\/verify[^\s"<>]*/)?.[0] ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  await anonymous.ok('POST', '/api/auth/verify-email', { token, currentPassword: PROVIDER_PASSWORD });
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: PROVIDER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`provider sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('provider sign-in set no cookie');
  const api = new Api(base, { cookie });
  const session = await api.ok<{ user: { id: string } }>('GET', '/api/auth/session');
  return { email, api, id: session.user.id };
}

export async function createPortal(provider: Api, portalName: string): Promise<string> {
  const portal = await provider.ok<{ id: string }>('POST', '/api/portals', {
    portalName,
    primaryColor: '#4f46e5',
    secondaryColor: '#0ea5e9',
  });
  return portal.id;
}

/** A client of `portalId` with the password `CLIENT_PASSWORD` and a billing address (invoices need one). */
export async function createClient(
  provider: Api,
  data: { portalId: string; name: string; email?: string },
): Promise<{ id: string; email: string }> {
  const email = data.email ?? unique('client');
  const client = await provider.ok<{ id: string }>('POST', '/api/clients', {
    ...data,
    email,
    language: 'en',
  });
  await provider.ok('POST', `/api/clients/${client.id}/password`, { password: CLIENT_PASSWORD });
  await provider.ok('PATCH', `/api/clients/${client.id}`, {
    billingStreet: 'Kundenweg 2',
    billingPostcode: '50667',
    billingCity: 'Köln',
    billingCountry: 'DE',
  });
  return { id: client.id, email };
}

/** The client's portal session (bearer token) through the password sign-in. */
export async function portalSignIn(base: string, client: { email: string; portalId: string }): Promise<Api> {
  const session = await new Api(base).ok<{ token: string }>('POST', '/api/portal/sign-in', {
    email: client.email,
    password: CLIENT_PASSWORD,
    portalId: client.portalId,
  });
  return new Api(base, { token: session.token });
}

export async function createProject(provider: Api, clientId: string, name: string): Promise<string> {
  const project = await provider.ok<{ id: string }>('POST', '/api/projects', {
    clientId,
    name,
    status: 'in_progress',
  });
  return project.id;
}

/** The provider's business details the pre-send check of an invoice needs (issue 28). */
export async function legalDetails(provider: Api) {
  await provider.ok('PATCH', '/api/invoice-settings', {
    legalName: 'Soak Studio',
    street: 'Hauptstraße 5',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    taxNumber: '30/123/45678',
    vatId: 'DE123456789',
  });
}

/** A new account at the Stripe stand-in, connected as the provider's (our webhook endpoint made there). */
export async function connectStripe(provider: Api, stripe: StripeStandIn, name: string) {
  const account = stripe.createAccount({ name });
  await provider.ok('PUT', '/api/payments/stripe', { secretKey: account.secretKey });
  return account;
}

export interface WorldClient {
  id: string;
  email: string;
  portalId: string;
  projectId: string;
  api: Api;
}

export interface WorldProvider {
  id: string;
  email: string;
  api: Api;
  portalId: string;
  stripeAccountId: string;
  clients: WorldClient[];
}

/** `providers` providers, each with a portal, `clients` clients (one project each), legal details, Stripe. */
export async function buildWorld(
  base: string,
  stand: { resend: ResendStandIn; stripe: StripeStandIn },
  size: { providers: number; clients: number },
): Promise<WorldProvider[]> {
  return Promise.all(
    Array.from({ length: size.providers }, async (_, p) => {
      const provider = await signUpProvider(base, stand.resend, { fullName: `Provider ${p + 1}` });
      const portalId = await createPortal(provider.api, `Studio ${p + 1}`);
      await legalDetails(provider.api);
      const account = await connectStripe(provider.api, stand.stripe, `Studio ${p + 1}`);
      const clients: WorldClient[] = [];
      for (let c = 0; c < size.clients; c++) {
        const client = await createClient(provider.api, { portalId, name: `Client ${p + 1}.${c + 1}` });
        const projectId = await createProject(provider.api, client.id, `Project ${p + 1}.${c + 1}`);
        const api = await portalSignIn(base, { email: client.email, portalId });
        clients.push({ id: client.id, email: client.email, portalId, projectId, api });
      }
      return {
        id: provider.id,
        email: provider.email,
        api: provider.api,
        portalId,
        stripeAccountId: account.accountId,
        clients,
      };
    }),
  );
}
