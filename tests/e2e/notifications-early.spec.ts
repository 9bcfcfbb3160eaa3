import { expect, test } from '@playwright/test';
import { world } from './collaboration-world';
import { failOnCspViolations } from './support';

/*
 * Issue 26: an event in the first seconds after the dashboard loads, before the bell's notification hook
 * (loaded when the browser is idle, ~2 s) and the live connection are there, is still toasted, once. The
 * page's clock is held, so the event surely comes before both. Set up through the API.
 */

failOnCspViolations(test);

const CLIENT_PASSWORD = 'early client 1';

test('an arrival in the first seconds after the dashboard loads is toasted once', async ({ page }) => {
  await page.clock.install();
  const w = await world(page.request);
  const password = await page.request.post(`/api/clients/${w.clientId}/password`, {
    data: { password: CLIENT_PASSWORD },
  });
  expect(password.status()).toBe(200);
  const signIn = await page.request.post('/api/portal/sign-in', {
    data: { email: w.clientEmail, password: CLIENT_PASSWORD, portalId: w.portalId },
  });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };

  const counted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/notifications/unread-count',
  );
  await page.goto('/dashboard');
  await counted;
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  // The client writes while the dashboard is still settling (the idle time has not come).
  const sent = await page.request.post(`/api/portal/${w.portalId}/projects/${w.website}/messages`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { clientMessageId: crypto.randomUUID(), body: 'A question right away' },
  });
  expect(sent.status()).toBe(201);

  // The idle time comes: the bell's hook loads and takes its first look.
  const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications');
  await page.clock.fastForward('00:03');
  await looked;
  const toast = page.getByText('New message from Grace Hopper');
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(1);
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
});
