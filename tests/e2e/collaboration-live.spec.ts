import { expect, type Page, test } from '@playwright/test';
import { signedInClientContext, world } from './collaboration-world';
import { expectNoSidewaysScroll, GERMAN_PHONE, gotoLive, LIVE, shot } from './support';

/**
 * Issue 19's live check: a provider (dashboard) and a client (portal) in two browser contexts, each with its
 * own socket to /api/realtime. Everything below arrives without a reload and well inside the 30 s the
 * polls would take (`LIVE`): messages both ways, the bell's badge and a toast, mark all read, a
 * project's status change. The set-up goes through the API.
 */

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

test('provider and client: messages both ways, offline and back, the badge, a toast, mark all read and a status change, live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const w = await world(request);
  const providerContext = await browser.newContext({ storageState: await request.storageState() });
  const clientContext = await signedInClientContext(browser, request, w);
  try {
    const provider = await providerContext.newPage();
    const client = await clientContext.newPage();

    // Both open the project's conversation: the provider on the project page's Messages tab.
    await gotoLive(provider, `/dashboard/projects/${w.website}?tab=messages`);
    const providerThread = provider.getByRole('list', { name: 'Messages' });
    await expect(providerThread).toContainText('The first draft is ready for review.');
    await gotoLive(client, `/portal/${w.portalId}/messages?project=${w.website}`);
    const clientThread = client.getByRole('list', { name: 'Messages' });
    await expect(clientThread).toContainText('The first draft is ready for review.');

    // Provider → client, and client → provider, each once.
    await send(provider, 'Live from the dashboard');
    await expect(clientThread.getByText('Live from the dashboard')).toHaveCount(1, LIVE);
    await send(client, 'Live from the portal');
    await expect(providerThread.getByText('Live from the portal')).toHaveCount(1, LIVE);
    await expect(clientThread.getByText('Live from the portal')).toHaveCount(1);

    // The client writes offline: the message waits, goes out once when the connection returns, and reaches
    // the provider live (the client's socket reconnects and catches up on its own).
    await clientContext.setOffline(true);
    await expect(client.getByText(/You’re offline/)).toBeVisible();
    await send(client, 'Written on the train');
    await expect(clientThread.getByText(/Waiting for the connection/)).toBeVisible();
    await clientContext.setOffline(false);
    await expect(providerThread.getByText('Written on the train')).toHaveCount(1, { timeout: 15_000 });
    await expect(clientThread.getByText('Written on the train')).toHaveCount(1);
    await expect(clientThread.getByText(/Waiting for the connection/)).toHaveCount(0);
    await shot(provider, 'live/provider-project-messages');
    await shot(client, 'live/client-messages');

    // Elsewhere in the dashboard: the client's next message raises the badge and a toast.
    await gotoLive(provider, '/dashboard');
    const badge = provider.getByTestId('notification-badge');
    await expect(provider.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    const before = Number((await badge.count()) > 0 ? await badge.textContent() : '0');
    await send(client, 'Are you there?');
    await expect(badge).toHaveText(String(before + 1), LIVE);
    await expect(provider.getByText('New message from Grace Hopper').first()).toBeVisible(LIVE);
    await shot(provider, 'live/provider-toast');

    // Mark all read on the provider's side clears the badge.
    await provider.getByRole('button', { name: /^Notifications/ }).click();
    const sheet = provider.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet.getByText('Are you there?')).toBeVisible();
    await sheet.getByRole('button', { name: 'Mark all read' }).click();
    await expect(badge).toHaveCount(0);
    await provider.keyboard.press('Escape');

    // A status change by the provider reaches the client's project page, with a notification.
    await gotoLive(client, `/portal/${w.portalId}/projects/${w.website}`);
    await expect(client.getByText('In progress').first()).toBeVisible();
    const clientBadge = client.getByTestId('notification-badge');
    const clientBefore = Number((await clientBadge.count()) > 0 ? await clientBadge.textContent() : '0');
    const changed = await request.patch(`/api/projects/${w.website}`, { data: { status: 'on_hold' } });
    expect(changed.ok()).toBe(true);
    await expect(client.getByText('On hold').first()).toBeVisible(LIVE);
    await expect(clientBadge).toHaveText(String(clientBefore + 1), LIVE);
    await shot(client, 'live/client-status-change');
  } finally {
    await providerContext.close();
    await clientContext.close();
  }
});

test('in German on a phone: the provider’s message reaches the client live, with a German toast and badge', async ({
  browser,
  request,
}) => {
  const w = await world(request, 'de');
  const providerContext = await browser.newContext({ storageState: await request.storageState() });
  const clientContext = await signedInClientContext(browser, request, w, GERMAN_PHONE);
  try {
    const client = await clientContext.newPage();
    await gotoLive(client, `/portal/${w.portalId}/dashboard`);
    const badge = client.getByTestId('notification-badge');
    await expect(badge).toBeVisible();
    const before = Number(await badge.textContent());
    const provider = await providerContext.newPage();
    await gotoLive(provider, `/dashboard/projects/${w.website}?tab=messages`);
    await send(provider, 'Die zweite Fassung ist fertig.');
    await expect(client.getByText('Neue Nachricht von Ada').first()).toBeVisible(LIVE);
    await expect(badge).toHaveText(String(before + 1), LIVE);
    await shot(client, 'live/client-de-phone-toast');
    await expectNoSidewaysScroll(client);
  } finally {
    await providerContext.close();
    await clientContext.close();
  }
});
