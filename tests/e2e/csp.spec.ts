import { expect, test } from '@playwright/test';
import { FIRST_LOAD, failOnCspViolations } from './support';

/**
 * Issue 17, finding 13: every HTML page has a real Content-Security-Policy (scripts by a per-response
 * nonce and what they load, no 'unsafe-inline' or 'unsafe-eval', no plugins, no <base>, forms and
 * connections to our own origin) and loads under it without a violation. The dashboard, the federated
 * sections, the portal and the widget frame are walked by their own specs, which fail on a violation too.
 */
failOnCspViolations(test);

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

test('the landing page: a fresh nonce per response on every script, and the whole policy', async ({
  page,
  request,
}) => {
  const [first, second] = [await request.get('/'), await request.get('/')];
  const policy = first.headers()['content-security-policy'] ?? '';
  for (const directive of [
    "'strict-dynamic'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
  ])
    expect(policy).toContain(directive);
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  const nonce = nonceOf(policy);
  expect(nonce).toBeTruthy();
  expect(nonceOf(second.headers()['content-security-policy'] ?? '')).not.toBe(nonce);
  const html = await first.text();
  const scripts = html.match(/<script[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // No HSTS over plain http (it is sent when PUBLIC_URL is https).
  expect(first.headers()['strict-transport-security']).toBeUndefined();

  await page.goto('/');
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
});

test('the API reference renders under its own nonce', async ({ page, request }) => {
  const res = await request.get('/api/docs');
  const policy = res.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  await page.goto('/api/docs');
  // The reference parses the whole document (some 160 operations) first: on CI's 2 cores beside two other
  // workers that took 23 s once, so it gets a first load's time.
  await expect(page.getByRole('heading', { name: /Client Portal API/ })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText('/api/auth/sign-in').first()).toBeVisible();
});
