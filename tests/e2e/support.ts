import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A fresh address per test run, so the same database can host many runs. */
export function uniqueEmail(prefix = 'provider'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The newest development-outbox mail to `to` (the service runs without a Resend key in tests). */
export async function latestMail(request: APIRequestContext, to: string, kind?: string) {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { mails } = (await res.json()) as {
      mails: { kind: string; html: string; text: string; subject: string }[];
    };
    const mail = mails.find((m) => !kind || m.kind === kind);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}

/** The first link into this app found in a mail's text part. */
export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[0];
}

/**
 * Opens the mailed verification link and confirms it with the sign-up password (the page waits for that;
 * it never signs in on load). Leaves the page signed in on /dashboard.
 */
export async function verifyThroughLink(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const mail = await latestMail(request, email, 'verify_email');
  await page.goto(linkIn(mail.text, '/auth/verify'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Signs up through the UI and verifies through the outbox link; leaves the page signed in on /dashboard. */
export async function signUpAndVerify(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/signup-success**');
  await verifyThroughLink(page, request, email, password);
}

/**
 * Fails each test of the file on a Content-Security-Policy violation in one of the platform's own
 * documents (pages and frames of the test's context; a provider's test site with its own policy is not
 * ours): every document reports its `securitypolicyviolation` events on the console, collected here.
 */
export function failOnCspViolations(test: typeof import('@playwright/test').test) {
  const platform = `http://localhost:${process.env.E2E_PORT ?? 4317}`;
  let violations: string[] = [];
  test.beforeEach(async ({ context }) => {
    violations = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.warn(
          `[csp-violation] ${location.origin} ${location.pathname} ${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(`[csp-violation] ${platform} `)) violations.push(text);
    });
  });
  test.afterEach(() => {
    expect(violations, 'Content-Security-Policy violations on the platform’s pages').toEqual([]);
  });
}
