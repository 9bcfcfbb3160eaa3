import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from '@playwright/test';
import { SESSION_KEY } from '../../embed/portal/session/session-key';
import {
  createClient,
  createPortal,
  createProject,
  ok,
  PLATFORM,
  providerMessage,
  signUpProvider,
  uniqueEmail,
} from './support';

/**
 * The collaboration specs' shared set-up, through the API as the provider (signed in on `request`): a
 * verified provider, a portal, a client with a password and two projects, one with a provider message;
 * and the client's sign-in to the portal.
 */

export const CLIENT_PASSWORD = 'client secret 1';

export { providerMessage };

export interface World {
  portalId: string;
  clientId: string;
  clientEmail: string;
  /** The project whose budget the client sees, with a message from the provider. */
  website: string;
  /** A project whose budget stays the provider's. */
  branding: string;
}

/** A verified provider (signed in on `request`), a portal, a client with a password, two projects. */
export async function world(request: APIRequestContext, language: 'en' | 'de' = 'en'): Promise<World> {
  await signUpProvider(request, { fullName: 'Ada' });
  const portalId = await createPortal(request, 'Acme Studio', {
    primaryColor: '#4338ca',
    secondaryColor: '#0f766e',
  });
  const client = await createClient(
    request,
    { name: 'Grace Hopper', email: uniqueEmail('client'), portalId, language },
    CLIENT_PASSWORD,
  );
  const branding = await createProject(request, {
    clientId: client.id,
    name: 'Brand refresh',
    status: 'planning',
    budgetCents: 990_000,
    budgetVisibleToClient: false,
    internalNotes: 'Keep the margin at 30 %',
  });
  const website = await createProject(request, {
    clientId: client.id,
    name: 'Website relaunch',
    status: 'in_progress',
    budgetCents: 1_250_000,
    budgetVisibleToClient: true,
    startDate: '2026-03-02',
    endDate: '2026-06-30',
    description: 'New website with a shop.\nLaunch before summer.',
  });
  await providerMessage(request, website.id, 'The first draft is ready for review.');
  await legalDetails(request, client.id);
  return {
    portalId,
    clientId: client.id,
    clientEmail: client.email,
    website: website.id,
    branding: branding.id,
  };
}

/**
 * What the pre-send check (§ 14 (4) UStG) needs before an invoice can be sent: the provider's structured
 * business details and the client's billing address (issue 28).
 */
export async function legalDetails(request: APIRequestContext, clientId: string) {
  await ok(
    await request.patch('/api/invoice-settings', {
      data: {
        legalName: 'Acme Studio – Ada Lovelace',
        street: 'Hauptstraße 5',
        postcode: '10115',
        city: 'Berlin',
        country: 'DE',
        taxNumber: '30/123/45678',
        vatId: 'DE123456789',
      },
    }),
  );
  await ok(
    await request.patch(`/api/clients/${clientId}`, {
      data: {
        billingStreet: 'Kundenweg 2',
        billingPostcode: '50667',
        billingCity: 'Köln',
        billingCountry: 'DE',
      },
    }),
  );
}

/** The client's portal session through the API (a bearer token for `/api/portal/*`). */
export async function clientToken(
  request: APIRequestContext,
  client: { email: string; portalId: string; password?: string },
): Promise<string> {
  const session = await ok<{ token: string }>(
    await request.post('/api/portal/sign-in', {
      data: { email: client.email, password: client.password ?? CLIENT_PASSWORD, portalId: client.portalId },
    }),
  );
  return session.token;
}

/** The client sends the portal's password form (the outcome is the caller's to check). */
export async function submitPortalSignIn(
  page: Page,
  w: { portalId: string; clientEmail: string },
  labels = { email: 'Email', password: 'Password', signIn: 'Sign in' },
  password = CLIENT_PASSWORD,
) {
  await page.goto(`/portal/${w.portalId}/login`);
  await page.getByLabel(labels.email).fill(w.clientEmail);
  await page.getByRole('tab', { name: labels.password }).click();
  await page.getByRole('textbox', { name: labels.password, exact: true }).fill(password);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
}

/** The client signs in to the portal with the password form, in the page's language. */
export async function signIn(
  page: Page,
  w: { portalId: string; clientEmail: string },
  labels = { email: 'Email', password: 'Password', signIn: 'Sign in' },
  password = CLIENT_PASSWORD,
) {
  await submitPortalSignIn(page, w, labels, password);
  await page.waitForURL(`**/portal/${w.portalId}/dashboard`);
}

/**
 * A browser of the client who signed in before: a new context whose portal holds the client's session
 * (signed in through the API, kept where the portal keeps it), so its first page is the page under test.
 * The sign-in form itself is the portal spec's subject; `signIn` goes through it where a test needs that.
 */
export async function signedInClientContext(
  browser: Browser,
  request: APIRequestContext,
  w: { portalId: string; clientEmail: string },
  options: BrowserContextOptions = {},
  password = CLIENT_PASSWORD,
): Promise<BrowserContext> {
  const session = await ok(
    await request.post('/api/portal/sign-in', {
      data: { email: w.clientEmail, password, portalId: w.portalId },
    }),
  );
  return browser.newContext({
    ...options,
    storageState: {
      cookies: [],
      origins: [{ origin: PLATFORM, localStorage: [{ name: SESSION_KEY, value: JSON.stringify(session) }] }],
    },
  });
}
