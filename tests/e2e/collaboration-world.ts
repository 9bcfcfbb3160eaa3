import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { latestMail, linkIn, uniqueEmail } from './support';

/**
 * The collaboration specs' shared set-up, through the API as the provider (signed in on `request`): a
 * verified provider, a portal, a client with a password and two projects, one with a provider message;
 * and the client's sign-in to the portal.
 */

const PROVIDER_PASSWORD = 'provider secret 1';
const CLIENT_PASSWORD = 'client secret 1';

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
  const provider = uniqueEmail('provider');
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email: provider,
      password: PROVIDER_PASSWORD,
      confirmPassword: PROVIDER_PASSWORD,
      fullName: 'Ada',
    },
  });
  expect(signUp.status()).toBe(201);
  const verifyLink = linkIn((await latestMail(request, provider, 'verify_email')).text, '/auth/verify');
  const token = decodeURIComponent(new URL(verifyLink).searchParams.get('token') ?? '');
  const verified = await request.post('/api/auth/verify-email', {
    data: { token, currentPassword: PROVIDER_PASSWORD },
  });
  expect(verified.status()).toBe(200);
  const portal = await request.post('/api/portals', {
    data: { portalName: 'Acme Studio', primaryColor: '#4338ca', secondaryColor: '#0f766e' },
  });
  expect(portal.status()).toBe(201);
  const portalId = ((await portal.json()) as { id: string }).id;
  const clientEmail = uniqueEmail('client');
  const client = await request.post('/api/clients', {
    data: { name: 'Grace Hopper', email: clientEmail, portalId, language },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const password = await request.post(`/api/clients/${clientId}/password`, {
    data: { password: CLIENT_PASSWORD },
  });
  expect(password.status()).toBe(200);
  const project = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/projects', { data: { clientId, ...data } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const branding = await project({
    name: 'Brand refresh',
    status: 'planning',
    budgetCents: 990_000,
    budgetVisibleToClient: false,
    internalNotes: 'Keep the margin at 30 %',
  });
  const website = await project({
    name: 'Website relaunch',
    status: 'in_progress',
    budgetCents: 1_250_000,
    budgetVisibleToClient: true,
    startDate: '2026-03-02',
    endDate: '2026-06-30',
    description: 'New website with a shop.\nLaunch before summer.',
  });
  await providerMessage(request, website, 'The first draft is ready for review.');
  return { portalId, clientId, clientEmail, website, branding };
}

export async function providerMessage(request: APIRequestContext, projectId: string, body: string) {
  const res = await request.post(`/api/projects/${projectId}/messages`, {
    data: { clientMessageId: crypto.randomUUID(), body },
  });
  expect(res.status()).toBe(201);
}

export async function signIn(
  page: Page,
  w: World,
  labels = { email: 'Email', password: 'Password', signIn: 'Sign in' },
) {
  await page.goto(`/portal/${w.portalId}/login`);
  await page.getByLabel(labels.email).fill(w.clientEmail);
  await page.getByRole('tab', { name: labels.password }).click();
  await page.getByRole('textbox', { name: labels.password, exact: true }).fill(CLIENT_PASSWORD);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
  await page.waitForURL(`**/portal/${w.portalId}/dashboard`);
}
