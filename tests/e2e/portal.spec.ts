import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { CLIENT_PASSWORD, submitPortalSignIn } from './collaboration-world';
import {
  axeViolations,
  createClient,
  createPortal,
  failOnCspViolations,
  latestMail,
  linkIn,
  shot as saveShot,
  signUpProvider,
  uniqueEmail,
} from './support';

// Issue 17, finding 13: every page and frame of ours loads without a Content-Security-Policy violation.
failOnCspViolations(test);

/**
 * The client portal (issue 5): magic-link and password sign-in, the guard, branded pages, German. Runs on
 * the desktop project and, for tests tagged @mobile, on the phone project. Providers, portals and clients
 * are made through the API (the provider dashboard has its own specs).
 */

interface World {
  portalId: string;
  clientEmail: string;
  clientName: string;
}

/** A verified provider (signed in on `request`), a branded portal and one client. */
async function world(
  request: APIRequestContext,
  opts: { portalName?: string; primaryColor?: string; password?: boolean; language?: 'en' | 'de' } = {},
): Promise<World> {
  await signUpProvider(request, { fullName: 'Ada' });
  const portalId = await createPortal(request, opts.portalName ?? 'Acme Studio', {
    primaryColor: opts.primaryColor ?? '#be123c',
    secondaryColor: '#0f766e',
  });
  const clientName = 'Grace Hopper';
  const client = await createClient(
    request,
    { name: clientName, email: uniqueEmail('client'), portalId, language: opts.language ?? 'en' },
    opts.password ? CLIENT_PASSWORD : undefined,
  );
  return { portalId, clientEmail: client.email, clientName };
}

const shot = (page: Page, info: TestInfo, name: string) =>
  saveShot(page, `portal/${name}-${info.project.name}`);

const storedSession = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('portal_client_session');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  });

const signInWithPassword = (page: Page, w: World, password = CLIENT_PASSWORD) =>
  submitPortalSignIn(page, w, undefined, password);

test.describe('client portal', () => {
  test('magic link: request, open from the outbox, continue, dashboard, sign out @mobile', async ({
    page,
    request,
  }, info) => {
    const w = await world(request);
    await page.goto(`/portal/${w.portalId}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Acme Studio' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary')),
    ).toBe('#be123c');
    await expect(page.getByRole('button', { name: 'Send magic link' })).toHaveCSS(
      'background-color',
      'rgb(190, 18, 60)',
    );
    await shot(page, info, 'login');
    expect(await axeViolations(page)).toEqual([]);

    // Spec §5: the contract's message before anything is sent.
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByLabel('Email').fill(w.clientEmail);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    // Without a mail key (development/test) the mail goes to the development outbox, which is delivered:
    // spec §8's success texts, and (development only) where to read it; no demo-link error.
    await expect(page.getByText('Magic Link Sent!')).toBeVisible();
    await expect(page.getByText('Check your email for a secure login link.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const outboxLink = page.getByRole('link', { name: 'Open the development outbox' });
    await expect(outboxLink).toHaveAttribute(
      'href',
      new RegExp(`/api/dev/outbox\\?to=${encodeURIComponent(w.clientEmail)}$`),
    );
    await expect(outboxLink).toHaveAttribute('target', '_blank');
    await expect(page.getByText('Email Error - Demo Link')).toHaveCount(0);
    await shot(page, info, 'login-link-sent');
    expect(await axeViolations(page)).toEqual([]);
    const outboxPage = await page.request.get((await outboxLink.getAttribute('href')) ?? '');
    expect(((await outboxPage.json()) as { mails: { kind: string }[] }).mails[0]?.kind).toBe('magic_link');

    const link = linkIn((await latestMail(request, w.clientEmail, 'magic_link')).text, '/portal/auth');
    // A mail scanner fetching the link does not use it up.
    expect((await request.get(link)).status()).toBe(200);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Finish signing in' })).toBeVisible();
    await shot(page, info, 'auth-continue');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`**/portal/${w.portalId}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${w.clientName}` })).toBeVisible();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    const session = await storedSession(page);
    expect(Object.keys(session ?? {}).sort()).toEqual(['client', 'createdAt', 'expiresAt', 'token']);
    expect(session?.client).toMatchObject({ email: w.clientEmail, portalId: w.portalId });
    await expect(page.getByText('No active projects')).toBeVisible();
    await expect(page.getByText("You're all paid up")).toBeVisible();
    await shot(page, info, 'dashboard');
    expect(await axeViolations(page)).toEqual([]);

    // The used link does not work twice.
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
    await shot(page, info, 'auth-used-link');

    // A direct load of a signed-in page (its chunk and data requested by the page's start-up script).
    await page.goto(`/portal/${w.portalId}/dashboard`);
    await expect(page.getByText('No active projects')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`**/portal/${w.portalId}/login`);
    await expect(page.getByText('You have been signed out successfully.')).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    await page.goto(`/portal/${w.portalId}/invoices`);
    await page.waitForURL(`**/portal/${w.portalId}/login`);
  });

  test('password sign-in, and a wrong password @mobile', async ({ page, request }, info) => {
    const w = await world(request, { password: true });
    // The page never asks for /favicon.ico: it names its icon (the platform's, then the portal's own).
    const iconRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/favicon')) iconRequests.push(r.url());
    });
    await signInWithPassword(page, w, 'not the password');
    await expect(page.getByText('Invalid Credentials')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await shot(page, info, 'login-wrong-password');
    expect(await storedSession(page)).toBeNull();
    // The tab shows the portal's icon: "Acme Studio"'s initial on its primary colour.
    const iconHref = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(iconHref).toBe(`/api/portal/${w.portalId}/icon`);
    const icon = await page.request.get(iconHref ?? '');
    expect(icon.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(await icon.text()).toMatch(/fill="#be123c".*>A<\/text>/);

    // From here on the page records any loading state it shows (a code-split page's fallback or a page's
    // own: the sign-in fetches the dashboard's chunk and data first, so none may show) and the most
    // "Invalid Credentials" toasts on screen at once (a second failure replaces the first one's).
    await page.evaluate(() => {
      const seen = window as unknown as { __loadingShown?: boolean; __mostFailureToasts?: number };
      seen.__loadingShown = false;
      seen.__mostFailureToasts = 0;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]'))
          if (status.textContent?.includes('Loading')) seen.__loadingShown = true;
        const live = document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])');
        const failures = [...live].filter((toast) => toast.textContent?.includes('Invalid Credentials'));
        seen.__mostFailureToasts = Math.max(seen.__mostFailureToasts ?? 0, failures.length);
      }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await expect(page.getByText('Invalid Credentials').first()).toBeVisible();

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(CLIENT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**/portal/${w.portalId}/dashboard`);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText("You've been successfully signed in.")).toBeVisible();
    // The failure's toast went with the sign-in, not by its own end 5 s after it came: gone within a moment
    // of the welcome (its removal renders a frame or two after the welcome's on a busy machine).
    const failureToasts = page.locator('[data-sonner-toast]:not([data-removed="true"])', {
      hasText: 'Invalid Credentials',
    });
    await expect(failureToasts).toHaveCount(0, { timeout: 2_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Active projects', exact: true })).toBeVisible();
    const seen = await page.evaluate(() => {
      const { __loadingShown, __mostFailureToasts } = window as unknown as {
        __loadingShown?: boolean;
        __mostFailureToasts?: number;
      };
      return { loadingShown: __loadingShown, mostFailureToasts: __mostFailureToasts };
    });
    expect(seen).toEqual({ loadingShown: false, mostFailureToasts: 1 });
    expect(iconRequests).toEqual([]);

    // Every section of the navigation, each with an honest empty state.
    for (const [nav, heading, empty] of [
      ['Projects', 'Projects', 'No projects yet'],
      ['Files', 'Files', 'No files yet'],
      ['Messages', 'Messages', 'No messages yet'],
      ['Invoices', 'Invoices', 'No invoices yet'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: nav }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(empty)).toBeVisible();
    }
    await shot(page, info, 'files-empty');
    // A return from a payment that names no invoice of the client's: nothing to confirm.
    await page.goto(`/portal/${w.portalId}/payment-success`);
    await expect(page.getByRole('heading', { name: 'Invoice not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to invoices' }).click();
    await page.waitForURL(`**/portal/${w.portalId}/invoices`);
  });

  test('the login page refuses an address that is not a client of the portal', async ({ page, request }) => {
    const w = await world(request);
    await page.goto(`/portal/${w.portalId}/login`);
    await page.getByLabel('Email').fill(uniqueEmail('stranger'));
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(
      page.getByText(
        'No account found for this email address in this portal. Please contact your service provider for access.',
      ),
    ).toBeVisible();
  });

  test('a session of another portal is cleared and sent to this portal’s login', async ({
    page,
    request,
  }) => {
    const mine = await world(request, { password: true });
    const theirs = await world(request, { portalName: 'Other Agency', primaryColor: '#1d4ed8' });
    await signInWithPassword(page, mine);
    await page.waitForURL(`**/portal/${mine.portalId}/dashboard`);
    const token = String((await storedSession(page))?.token);

    await page.goto(`/portal/${theirs.portalId}/projects`);
    await page.waitForURL(`**/portal/${theirs.portalId}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in to Other Agency' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // The server ended the session too (and recorded a security event).
    await expect
      .poll(async () =>
        (
          await request.get(`/api/portal/${mine.portalId}/session`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).status(),
      )
      .toBe(401);
  });

  test('malformed stored data counts as signed out', async ({ page, request }) => {
    const w = await world(request);
    await page.goto(`/portal/${w.portalId}/login`);
    await page.evaluate(() => localStorage.setItem('portal_client_session', '{"token":42'));
    await page.goto(`/portal/${w.portalId}`);
    await page.waitForURL(`**/portal/${w.portalId}/login`);
    expect(await page.evaluate(() => localStorage.getItem('portal_client_session'))).toBeNull();
  });

  test('profile: name, language and a first password; sign out of all devices', async ({
    page,
    request,
  }, info) => {
    const w = await world(request);
    await page.goto('/portal/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your client portal' })).toBeVisible();
    await page.getByLabel('Email').fill(w.clientEmail);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Magic Link Sent!')).toBeVisible();
    await page.goto(linkIn((await latestMail(request, w.clientEmail, 'magic_link')).text, '/portal/auth'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/portal/${w.portalId}/dashboard`);

    await page.getByRole('link', { name: /Profile/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await page.getByLabel('Name').fill('Grace B. Hopper');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Password should be at least 6 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('first secret');
    await page.getByLabel('Confirm new password').fill('first secret');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your password was saved.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await shot(page, info, 'profile');

    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await page.waitForURL(`**/portal/${w.portalId}/login`);
    await expect(page.getByText('You have been signed out on all devices.')).toBeVisible();

    // The new password works, and the name was kept.
    await signInWithPassword(page, w, 'first secret');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace B. Hopper' })).toBeVisible();
  });

  test('an unknown portal says so', async ({ page }) => {
    await page.goto('/portal/00000000-0000-4000-8000-000000000000/login');
    await expect(page.getByRole('heading', { name: 'Portal not found' })).toBeVisible();
  });
});

test.describe('client portal in German', () => {
  test.use({ locale: 'de-DE' });

  test('a German browser and a German client get the portal in German @mobile', async ({
    page,
    request,
  }, info) => {
    const w = await world(request, { password: true, language: 'de' });
    await page.goto(`/portal/${w.portalId}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bei Acme Studio anmelden' })).toBeVisible();
    await page.getByRole('button', { name: 'Magic Link senden' }).click();
    await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
    await page.getByLabel('E-Mail').fill(uniqueEmail('niemand'));
    await page.getByRole('button', { name: 'Magic Link senden' }).click();
    await expect(page.getByText('Zugriff verweigert')).toBeVisible();
    await expect(page.getByText(/in diesem Portal kein Konto gefunden/)).toBeVisible();
    await shot(page, info, 'login-de-denied');

    await page.getByLabel('E-Mail').fill(w.clientEmail);
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.getByRole('button', { name: 'Magic Link senden' }).click();
    await expect(page.getByText('Magic Link gesendet!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entwicklungs-Postausgang öffnen' })).toBeVisible();
    await shot(page, info, 'login-de-link-sent');
    await page.getByRole('button', { name: 'Andere E-Mail-Adresse verwenden' }).click();

    await page.getByLabel('E-Mail').fill(w.clientEmail);
    await page.getByRole('tab', { name: 'Passwort' }).click();
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(CLIENT_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`**/portal/${w.portalId}/dashboard`);
    await expect(page.getByText('Willkommen zurück!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Willkommen, ${w.clientName}` })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Rechnungen' }),
    ).toBeVisible();
    await shot(page, info, 'dashboard-de');
  });
});
