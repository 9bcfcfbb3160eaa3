import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import postgres from 'postgres';
import { actingFor } from '../../api/auth/scope';
import type { Sql } from '../../api/db/client';
import { beginAuthorisation } from '../../api/integrations/authorisations';
import { type ResendStandIn, startResendStandIn } from '../../api/testing/resend-stand-in';
import { STRIPE_URL } from '../../playwright.config';
import {
  axeViolations,
  expectNoSidewaysScroll,
  FIRST_LOAD,
  failOnCspViolations,
  ok,
  setProfileLanguage,
  shot,
  signUpProvider,
} from './support';

failOnCspViolations(test);

/** The machine these run on is shared and often busy (a second server starts beside): waits a little longer. */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The Integrations page (issue 27): one card per integration with its state and a test action, in en and
 * de, on a desktop and a 390 px phone; the sending domain's whole flow against the Resend stand-in; and the
 * return page of an integration's authorisation (`/integrations/callback`) in each of its states.
 */

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const card = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

const TEXTS = {
  en: {
    title: 'Integrations',
    stripe: 'Stripe',
    mailDomain: 'E-mail sending domain',
    connected: 'Connected',
    notConnected: 'Not connected',
    test: 'Test connection',
    testOk: 'Stripe accepted the stored key for Acme Studio',
    unavailable:
      'Your own sending domain needs e-mail sending through Resend, which is not configured on this server',
  },
  de: {
    title: 'Integrationen',
    stripe: 'Stripe',
    mailDomain: 'Absenderdomain für E-Mails',
    connected: 'Verbunden',
    notConnected: 'Nicht verbunden',
    test: 'Verbindung testen',
    testOk: 'Stripe hat den gespeicherten Schlüssel für Acme Studio',
    unavailable: 'Eine eigene Absenderdomain setzt den E-Mail-Versand über Resend voraus',
  },
} as const;

test.describe('the Integrations page', () => {
  for (const lang of ['en', 'de'] as const) {
    test(`shows Stripe not connected, then connected with a working test, and the sending domain without e-mail sending, in ${lang} on a desktop and a phone`, async ({
      page,
    }) => {
      // Two widths, each with an axe run: beyond the default timeout on a busy shared machine.
      test.slow();
      const texts = TEXTS[lang];
      await signUpProvider(page.request);
      await setProfileLanguage(page.request, lang);
      await page.goto('/dashboard/integrations');
      await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible(FIRST_LOAD);
      await expect(
        page
          .getByRole('navigation', { name: /Main navigation|Hauptnavigation/ })
          .getByRole('link', { name: texts.title }),
      ).toHaveAttribute('aria-current', 'page');
      const stripe = card(page, texts.stripe);
      await expect(stripe.getByText(texts.notConnected)).toBeVisible();
      await expect(
        stripe.getByRole('link', {
          name: lang === 'en' ? 'Connect in Settings' : 'In den Einstellungen verbinden',
        }),
      ).toHaveAttribute('href', '/dashboard/settings#payments');
      const mail = card(page, texts.mailDomain);
      await expect(mail).toContainText(texts.unavailable);
      await expect(mail.getByRole('button')).toHaveCount(0);

      const account = await ok<{ secretKey: string; accountId: string }>(
        await page.request.post(`${STRIPE_URL}/_stand-in/accounts`, { data: { name: 'Acme Studio' } }),
        201,
      );
      await ok(await page.request.put('/api/payments/stripe', { data: { secretKey: account.secretKey } }));
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await page.goto('/dashboard/integrations');
        await expect(stripe.getByText(texts.connected, { exact: true })).toBeVisible();
        await expect(stripe).toContainText(account.accountId);
        await stripe.getByRole('button', { name: texts.test }).click();
        await expect(stripe.getByRole('status').filter({ hasText: texts.testOk })).toContainText(
          account.accountId,
        );
        await expectNoSidewaysScroll(page);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `integrations/page-${lang}-${size.name}`);
      }
    });
  }

  test('says in words when the test of the Stripe connection fails', async ({ page }) => {
    await signUpProvider(page.request);
    const failing = await ok<{ secretKey: string; accountId: string }>(
      await page.request.post(`${STRIPE_URL}/_stand-in/accounts`, { data: { name: 'Failing GmbH' } }),
      201,
    );
    await ok(await page.request.put('/api/payments/stripe', { data: { secretKey: failing.secretKey } }));
    const outage = await page.request.post(`${STRIPE_URL}/_stand-in/accounts/${failing.accountId}/failing`, {
      data: { status: 503 },
    });
    expect(outage.ok()).toBe(true);
    await page.goto('/dashboard/integrations');
    const stripe = card(page, 'Stripe');
    await stripe.getByRole('button', { name: 'Test connection' }).click();
    await expect(stripe.getByRole('status')).toContainText(
      'The test failed: The payment provider could not be reached. Please try again in a moment.',
      { timeout: 30_000 },
    );
  });
});

/** The e2e server's own database (tests/e2e/server.ts: `e2e_<port>` on DATABASE_URL's server), as plan.spec does. */
async function inServerDatabase<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/e2e_${process.env.E2E_PORT ?? 4317}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} }) as unknown as Sql;
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** Starts an authorisation for the provider through the service, as an integration would before redirecting. */
async function startAuthorisation(email: string, integration: string): Promise<string> {
  return inServerDatabase(async (sql) => {
    const [user] = await sql<{ id: string }[]>`SELECT id FROM users WHERE email = ${email}`;
    if (!user) throw new Error(`no provider ${email}`);
    const started = await beginAuthorisation(
      sql,
      actingFor(user.id),
      { name: integration },
      { now: new Date(), pkce: true },
    );
    return started.state;
  });
}

test.describe('the return page of an authorisation (/integrations/callback)', () => {
  test('says in words that the state is missing or unknown, with the way back, in en and de', async ({
    page,
  }) => {
    await signUpProvider(page.request);
    await page.goto('/integrations/callback?code=abc');
    await expect(page).toHaveURL(/\/dashboard\/integrations\/callback\?code=abc$/);
    const missing = page.getByRole('alert');
    await expect(missing).toContainText('This return link is incomplete', FIRST_LOAD);
    await expect(missing).toContainText('carries no authorisation state');
    await shot(page, 'integrations/callback-missing-en');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/integrations/callback?state=not-a-state-of-yours&code=abc');
    await expect(page.getByRole('alert')).toContainText('This authorisation is not known');
    await page.getByRole('link', { name: 'Back to Integrations' }).click();
    await expect(page).toHaveURL(/\/dashboard\/integrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

    await setProfileLanguage(page.request, 'de');
    await page.setViewportSize(WIDTHS[1]);
    await page.goto('/integrations/callback?state=unbekannt&error=access_denied');
    await expect(page.getByRole('alert')).toContainText('Diese Autorisierung ist nicht bekannt');
    await expect(page.getByRole('link', { name: 'Zurück zu den Integrationen' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'integrations/callback-unknown-de-phone');
  });

  test('sends a signed-out visitor to sign in, and back with the return’s query', async ({
    page,
    request,
  }) => {
    const provider = await signUpProvider(request);
    await page.goto('/integrations/callback?state=x&code=y');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(provider.email);
    await page.getByLabel('Password', { exact: true }).fill(provider.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page).toHaveURL(/\/dashboard\/integrations\/callback\?state=x&code=y$/);
    await expect(page.getByRole('alert')).toContainText('This authorisation is not known', FIRST_LOAD);
  });

  test('shows a denial, an integration’s error, and a state used twice, in en and de', async ({ page }) => {
    test.skip(
      !process.env.DATABASE_URL,
      'starts the authorisation through the service in the server database: run with DATABASE_URL',
    );
    const provider = await signUpProvider(page.request);

    const denied = await startAuthorisation(provider.email, 'e2e_service');
    await page.goto(
      `/integrations/callback?state=${denied}&error=access_denied&error_description=The+user+said+no`,
    );
    const status = page.getByRole('alert');
    await expect(status).toContainText('Access was not granted', FIRST_LOAD);
    await expect(status).toContainText('The service was not given access, so nothing was connected.');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'integrations/callback-denied-en');
    // Reloading the same return address: the state is spent.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Already completed');

    await setProfileLanguage(page.request, 'de');
    const failed = await startAuthorisation(provider.email, 'e2e_service');
    await page.goto(
      `/integrations/callback?state=${failed}&error=server_error&error_description=Bitte+sp%C3%A4ter`,
    );
    await expect(page.getByRole('alert')).toContainText('Die Verbindung hat nicht funktioniert');
    await expect(page.getByRole('alert')).toContainText('Die Meldung: Bitte später');
    await shot(page, 'integrations/callback-failed-de');
  });
});

/* --- The sending domain, on a server of its own that sends e-mail through the Resend stand-in ------------- */

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The shared e2e server runs without a Resend key (its development outbox is what the other specs read),
 * so the sending domain runs against a second instance of the same built app: its own port and
 * database, RESEND_API_KEY and RESEND_BASE_URL pointing at the stand-in this spec starts.
 */
test.describe('the e-mail sending domain with Resend', () => {
  test.describe.configure({ mode: 'serial' });
  let resend: ResendStandIn;
  let server: ChildProcess;
  let origin: string;
  let stderr = '';

  test.beforeAll(async () => {
    // Starting a second server (migrations, the job queue) on a busy shared machine can take minutes.
    test.setTimeout(300_000);
    resend = await startResendStandIn();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    // A database of its own: on DATABASE_URL's server when there is one (a fresh `e2e_mail_<port>`, as
    // tests/e2e/server.ts makes the shared server's), else the embedded one in a fresh folder.
    const { DATABASE_URL: shared, ...env } = process.env;
    let database: Record<string, string> = {};
    if (shared) {
      const name = `e2e_mail_${process.env.E2E_PORT ?? 4317}`;
      const admin = postgres(shared, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.unsafe(`CREATE DATABASE "${name}"`);
      await admin.end();
      const own = new URL(shared);
      own.pathname = `/${name}`;
      database = { DATABASE_URL: own.toString() };
    }
    server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: {
        ...env,
        ...database,
        PORT: String(port),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: origin,
        RATE_LIMIT_DISABLED: 'true',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-mail-domain-')),
        RESEND_API_KEY: 're_e2e_domains',
        RESEND_BASE_URL: resend.url,
        JOBS_POLL_INTERVAL_MS: '200',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`the second server stopped: ${stderr}`);
          return fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 240_000, intervals: [250, 500, 1000] },
      )
      .toBe(200);
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await resend?.close();
  });

  /** A provider signed up and verified on the second server (the verification mail reaches the stand-in). */
  async function signUp(request: APIRequestContext, email: string) {
    const password = 'provider secret 1';
    await ok(
      await request.post(`${origin}/api/auth/sign-up`, {
        data: { email, password, confirmPassword: password, fullName: 'Nora Nord' },
      }),
      201,
    );
    let text = '';
    await expect
      .poll(() => {
        text =
          resend.received.find(
            (m) => m.body.to === email || (Array.isArray(m.body.to) && m.body.to.includes(email)),
          )?.body.text ?? '';
        return text;
      })
      .toContain('/auth/verify');
    const link = text.match(/https?:\/\/\S+\/auth\/verify\S*/)?.[0] ?? '';
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    await ok(
      await request.post(`${origin}/api/auth/verify-email`, { data: { token, currentPassword: password } }),
    );
    await ok(await request.patch(`${origin}/api/profile`, { data: { businessName: 'Studio Nord' } }));
  }

  test('adds a domain, shows its DNS records to copy, verifies it, uses it for portal e-mails and removes it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const email = `mail-domain-${Date.now().toString(36)}@example.com`;
    await signUp(page.request, email);
    await page.goto(`${origin}/dashboard/integrations`);
    const mail = card(page, 'E-mail sending domain');
    await expect(mail.getByText('Not set up')).toBeVisible(FIRST_LOAD);
    await mail.getByRole('button', { name: 'Add domain' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add a sending domain' });
    await dialog.getByLabel('Domain').fill('not a domain');
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await expect(dialog.getByText('Please enter a domain such as portal.example-agency.com')).toBeVisible();
    await dialog.getByLabel('Domain').fill('mail.studio-nord.example');
    await dialog.getByLabel('Sender address').fill('hallo');
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await expect(dialog).toBeHidden();

    await expect(mail.getByText('Records not checked').first()).toBeVisible();
    await expect(mail).toContainText('hallo@mail.studio-nord.example');
    const records = mail.getByRole('table', { name: 'DNS records of mail.studio-nord.example' });
    await expect(records.getByRole('row')).toHaveCount(4);
    await expect(records).toContainText('resend._domainkey.mail');
    const [added] = [...resend.domains.values()];
    const dkim = added?.records.find((r) => r.record === 'DKIM');
    await records.getByRole('button', { name: 'Copy the value of the TXT record' }).last().click();
    await expect(page.getByText('Copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(dkim?.value);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'integrations/domain-records-en');

    // Not published yet: Resend keeps looking.
    await mail.getByRole('button', { name: 'Check DNS records' }).click();
    await expect(
      mail.getByRole('status').filter({ hasText: 'Not all records were found yet' }),
    ).toBeVisible();
    await expect(mail.getByText('Checking', { exact: true }).first()).toBeVisible();

    resend.publishRecords('mail.studio-nord.example');
    await mail.getByRole('button', { name: 'Check DNS records' }).click();
    await expect(mail.getByRole('status').filter({ hasText: 'All records were found' })).toBeVisible();
    await mail.getByRole('button', { name: 'Use for portal e-mails' }).click();
    await expect(mail.getByText('In use', { exact: true })).toBeVisible();
    await expect(mail).toContainText(
      'Portal e-mails to your clients are sent from hallo@mail.studio-nord.example.',
    );
    await shot(page, 'integrations/domain-in-use-en');

    // A portal e-mail to a client now comes from the provider's domain.
    const portal = await ok<{ id: string }>(
      await page.request.post(`${origin}/api/portals`, { data: { portalName: 'Nord portal' } }),
      201,
    );
    const clientEmail = `client-${Date.now().toString(36)}@example.com`;
    const client = await ok<{ id: string }>(
      await page.request.post(`${origin}/api/clients`, {
        data: { name: 'Clara Client', email: clientEmail, portalId: portal.id },
      }),
      201,
    );
    await ok(await page.request.post(`${origin}/api/clients/${client.id}/invite`));
    await expect
      .poll(() => resend.received.find((m) => m.body.to === clientEmail)?.body.from)
      .toBe('"Studio Nord" <hallo@mail.studio-nord.example>');

    await mail.getByRole('button', { name: 'Remove domain' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this sending domain?' });
    await confirm.getByRole('button', { name: 'Remove domain' }).click();
    await expect(mail.getByText('Not set up')).toBeVisible();
    expect(resend.domains.size).toBe(0);
  });

  test('shows the records on a phone in German', async ({ page }) => {
    const email = `mail-domain-de-${Date.now().toString(36)}@example.com`;
    await signUp(page.request, email);
    await ok(await page.request.patch(`${origin}/api/profile`, { data: { preferredLanguage: 'de' } }));
    await ok(
      await page.request.post(`${origin}/api/integrations/mail-domain`, {
        data: { domain: 'post.agentur.example' },
      }),
      201,
    );
    await page.setViewportSize(WIDTHS[1]);
    await page.goto(`${origin}/dashboard/integrations`);
    const mail = card(page, 'Absenderdomain für E-Mails');
    await expect(mail).toBeVisible(FIRST_LOAD);
    await expect(
      mail.getByRole('list', { name: 'DNS-Einträge von post.agentur.example' }).getByRole('listitem'),
    ).toHaveCount(3);
    await expect(mail.getByRole('button', { name: 'DNS-Einträge prüfen' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'integrations/domain-records-de-phone');
    resend.publishRecords('post.agentur.example');
    await mail.getByRole('button', { name: 'DNS-Einträge prüfen' }).click();
    await expect(mail.getByRole('status').filter({ hasText: 'Alle Einträge wurden gefunden' })).toBeVisible();
    await mail.getByRole('button', { name: 'Für Portal-E-Mails verwenden' }).click();
    await expect(mail.getByText('In Verwendung', { exact: true })).toBeVisible();
    await shot(page, 'integrations/domain-in-use-de-phone');
  });
});
