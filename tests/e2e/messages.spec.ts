import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { CLIENT_PASSWORD, clientToken } from './collaboration-world';
import {
  axeViolations,
  createClient,
  createPortal,
  createProject,
  expectNoSidewaysScroll,
  RECENTLY_IN_TEXT,
  shot,
  signUpProvider,
  watchToasts,
} from './support';

/*
 * Messages and notifications on the provider's side (issue 19): the Messages page with its conversation
 * (unread marker, safe links, sending, offline and failed sends recovered without doubles), the top bar's
 * notification sheet (badge, New/Earlier, Mark all read, navigation, toasts for arrivals), German, and
 * the phone layout. Set up through the API: provider, portal, client with a password, project; the client
 * writes through the portal API with its bearer session.
 */

type Setup = { portalId: string; projectId: string; clientToken: string; clientName: string };

async function setUp(page: Page, request: APIRequestContext, clientName = 'Grace Hopper'): Promise<Setup> {
  await signUpProvider(page.request);
  const portalId = await createPortal(page.request, 'Analytical Studio');
  const client = await createClient(page.request, { portalId, name: clientName }, CLIENT_PASSWORD);
  const project = await createProject(page.request, { clientId: client.id, name: 'Website relaunch' });
  const token = await clientToken(request, { email: client.email, portalId });
  return { portalId, projectId: project.id, clientToken: token, clientName };
}

/** The client writes through the portal API. */
async function clientWrites(request: APIRequestContext, s: Setup, body: string) {
  const res = await request.post(`/api/portal/${s.portalId}/projects/${s.projectId}/messages`, {
    headers: { Authorization: `Bearer ${s.clientToken}` },
    data: { clientMessageId: crypto.randomUUID(), body },
  });
  expect(res.status()).toBe(201);
}

/** The conversation as stored, read by the provider. */
async function stored(page: Page, projectId: string): Promise<{ body: string; clientMessageId: string }[]> {
  const res = await page.request.get(`/api/projects/${projectId}/messages?limit=100`);
  return ((await res.json()) as { items: { body: string; clientMessageId: string }[] }).items;
}

/**
 * The notification hook's first look at the feed, which sets what counts as new from then on: it arrives
 * when the browser is idle (~2 s after the load, on the page's clock). Call it before the page loads (the
 * look may come before the page is checked, on a busy machine); the returned step moves the page's clock
 * past that point and waits for the look.
 */
function firstLook(page: Page): () => Promise<void> {
  const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications');
  return async () => {
    await page.clock.fastForward('00:03');
    await looked;
  };
}

test.describe('messages and notifications (provider)', () => {
  test('reads a conversation, writes, and loses nothing offline or on a failed send', async ({
    page,
    context,
    request,
  }) => {
    const s = await setUp(page, request);
    await clientWrites(request, s, 'Hello Ada!\nThe brief is at https://example.com/brief.');
    await clientWrites(request, s, '<b>not bold</b> <img src=x onerror=alert(1)>');

    await page.goto('/dashboard/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const row = page.getByRole('link', { name: /Grace Hopper/ });
    await expect(row).toContainText('Website relaunch');
    await expect(row).toContainText('<b>not bold</b>');
    await expect(row.getByText('2 unread messages')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Select a conversation' })).toBeVisible();
    await shot(page, `messages/list-desktop`);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/messages/${s.projectId}$`));
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(page.getByText('New messages')).toBeVisible();
    // Plain text: the HTML is shown as written, line breaks kept, the link safe.
    await expect(thread.getByText('<b>not bold</b> <img src=x onerror=alert(1)>')).toBeVisible();
    await expect(thread.locator('b, img')).toHaveCount(0);
    const link = thread.getByRole('link', { name: 'https://example.com/brief' });
    await expect(link).toHaveAttribute('href', 'https://example.com/brief');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');
    expect(await thread.locator('p', { hasText: 'Hello Ada!' }).innerText()).toContain(
      'Hello Ada!\nThe brief',
    );
    // Opening it read it: the unread count is gone.
    await expect(row.getByText('2 unread messages')).toHaveCount(0);
    expect(await axeViolations(page, { serious: true })).toEqual([]);

    // Send: Enter sends, the toast of spec §8, the bubble stays.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Thanks, I am on it.');
    await composer.press('Enter');
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    await expect(thread.getByText('Thanks, I am on it.')).toBeVisible();
    await expect(composer).toHaveValue('');
    await shot(page, `messages/thread-desktop`);

    // Offline: the message waits, and goes out (once) when the connection returns.
    await context.setOffline(true);
    await expect(page.getByText('You’re offline.', { exact: false })).toBeVisible();
    await composer.fill('Written offline');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Waiting for the connection', { exact: false })).toBeVisible();
    await shot(page, `messages/offline`);
    await context.setOffline(false);
    await expect(page.getByText('Waiting for the connection', { exact: false })).toHaveCount(0);
    await expect(thread.getByText('Written offline')).toBeVisible();
    await expect
      .poll(async () => (await stored(page, s.projectId)).filter((m) => m.body === 'Written offline').length)
      .toBe(1);

    // The server stores the message but the answer is lost. Either the live feed brings the stored message
    // (it shows once, as sent, nothing left to retry), or the bubble says "Not sent" and its Retry carries
    // the same client id, so the server answers with the stored message instead of a second one.
    let lose = true;
    await page.route(`**/api/projects/${s.projectId}/messages`, async (route) => {
      if (route.request().method() !== 'POST' || !lose) return route.fallback();
      lose = false;
      await route.fetch();
      await route.abort('failed');
    });
    await composer.fill('Answer got lost');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    // The pending bubble shows at once: wait until the server has stored it (the route's fetch is done)
    // before the route goes, or a slow machine removes it mid-fetch.
    await expect
      .poll(async () => (await stored(page, s.projectId)).filter((m) => m.body === 'Answer got lost').length)
      .toBe(1);
    await page.unrouteAll();
    await expect(page.getByText('Failed to send message').first()).toBeVisible();
    if (await page.getByText('Not sent').isVisible())
      await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Not sent')).toHaveCount(0);
    await expect(thread.getByText('Answer got lost')).toHaveCount(1);
    expect((await stored(page, s.projectId)).filter((m) => m.body === 'Answer got lost')).toHaveLength(1);

    // Not sent (the server never got it): "Not sent" with Retry; the retry sends it once.
    await page.route(`**/api/projects/${s.projectId}/messages`, (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
    );
    await composer.fill('Retried by hand');
    await composer.press('Enter');
    await expect(page.getByText('Not sent')).toBeVisible();
    await shot(page, `messages/not-sent`);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Not sent')).toHaveCount(0);
    await expect(page.getByText('Message sent successfully').first()).toBeVisible();
    await expect(thread.getByText('Retried by hand')).toHaveCount(1);
    await expect
      .poll(async () => (await stored(page, s.projectId)).filter((m) => m.body === 'Retried by hand').length)
      .toBe(1);

    // Not sent, and the page is closed: the message is kept in this browser and goes out on the next visit.
    await page.route(`**/api/projects/${s.projectId}/messages`, (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
    );
    await composer.fill('Kept across a reload');
    await composer.press('Enter');
    await expect(page.getByText('Not sent')).toBeVisible();
    await page.unrouteAll();
    await page.goto('/dashboard');
    await expect
      .poll(
        async () => (await stored(page, s.projectId)).filter((m) => m.body === 'Kept across a reload').length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    await page.goto(`/dashboard/messages/${s.projectId}`);
    await expect(thread.getByText('Kept across a reload')).toHaveCount(1);
    await expect(page.getByText('Not sent')).toHaveCount(0);
  });

  test('pages older messages in when scrolled up, keeping the view', async ({ page, request }) => {
    await page.clock.install();
    const s = await setUp(page, request);
    for (let i = 1; i <= 45; i++) await clientWrites(request, s, `Numbered message ${i}`);
    await page.goto(`/dashboard/messages/${crypto.randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
    const looked = firstLook(page);
    await page.goto(`/dashboard/messages/${s.projectId}`);
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText('Numbered message 45', { exact: true })).toBeVisible();
    await looked();
    await expect(thread.getByText('Numbered message 1', { exact: true })).toHaveCount(0);
    const anchor = thread.getByText('Numbered message 16', { exact: true });
    await page.getByText('Numbered message 16', { exact: true }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, -5000);
    await expect(thread.getByText('Numbered message 1', { exact: true })).toBeAttached();
    await expect(page.getByText('This is the beginning of the conversation.')).toBeAttached();
    // The message that was on screen is still on screen after the older page arrived above it.
    await expect(anchor).toBeInViewport();

    // A message arriving while the reader is further up does not move the view; a button leads down.
    await clientWrites(request, s, 'Numbered message 46');
    await page.clock.fastForward('00:31');
    const jump = page.getByRole('button', { name: 'New messages below' });
    await expect(jump).toBeVisible();
    await expect(anchor).toBeInViewport();
    // No toast for a message of the conversation being read.
    await expect(page.getByText('New message from Grace Hopper')).toHaveCount(0);
    await shot(page, `messages/new-below`);
    await jump.click();
    await expect(thread.getByText('Numbered message 46', { exact: true })).toBeInViewport();
    await expect(jump).toHaveCount(0);
  });

  test('the notification sheet: badge, New and Earlier, toasts for arrivals, Mark all read, German', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    const s = await setUp(page, request, 'Linus Client');
    await clientWrites(request, s, 'First question');
    await clientWrites(request, s, 'Second question');
    const looked = firstLook(page);
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await expect(page.getByTestId('notification-badge')).toHaveText('2');

    // An arrival while the page is open: found by the 30 s poll (or live, over the socket, if that comes
    // first), toasted (the client's message). The toast is looked for in what the page showed: the clock's
    // jump fires its 4-second dismissal too when the socket brought it before the jump.
    await looked();
    const toasts = await watchToasts(page);
    await clientWrites(request, s, 'Third question');
    await page.clock.fastForward('00:31');
    await expect(page.getByTestId('notification-badge')).toHaveText('3');
    await expect.poll(toasts).toContainEqual(expect.stringContaining('New message from Linus Client'));
    // The provider's own message notifies nobody on this side.
    const own = await page.request.post(`/api/projects/${s.projectId}/messages`, {
      data: { clientMessageId: crypto.randomUUID(), body: 'My own words' },
    });
    expect(own.status()).toBe(201);

    await bell.click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Stay updated with your project activities')).toBeVisible();
    const fresh = sheet.getByRole('region', { name: 'New' });
    await expect(fresh.getByRole('button')).toHaveCount(3);
    await expect(fresh.getByText('Third question')).toBeVisible();
    await expect(sheet.getByRole('region', { name: 'Earlier' })).toContainText('Website relaunch');
    await expect(sheet.getByText(RECENTLY_IN_TEXT.en).first()).toBeVisible();
    await shot(page, `messages/sheet-desktop`);
    expect(await axeViolations(page, { serious: true })).toEqual([]);

    await sheet.getByRole('button', { name: 'Mark all read' }).click();
    await expect(sheet.getByRole('region', { name: 'New' })).toHaveCount(0);
    // The three questions, the provider's own message and the project's creation.
    await expect(sheet.getByRole('region', { name: 'Earlier' }).getByRole('button')).toHaveCount(5);
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Notifications');

    // A click goes to the entry's section (a message: its conversation) and closes the sheet.
    await sheet.getByRole('button', { name: /Third question/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/dashboard/messages/${s.projectId}$`));
    await expect(page.getByRole('list', { name: 'Messages' }).getByText('Third question')).toBeVisible();

    // German.
    await page.getByRole('combobox', { name: /Language|Sprache/ }).selectOption('de');
    await expect(page.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveAttribute(
      'placeholder',
      'Nachricht schreiben…',
    );
    await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    const sheetDe = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(
      sheetDe.getByText('Bleiben Sie über die Aktivitäten Ihrer Projekte auf dem Laufenden'),
    ).toBeVisible();
    await expect(sheetDe.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeDisabled();
    await expect(sheetDe.getByRole('region', { name: 'Früher' })).toBeVisible();
    // The entries themselves come in German too (read again in the new language).
    await expect(sheetDe.getByText('Neue Nachricht von Linus Client').first()).toBeVisible();
    await expect(sheetDe.getByText(RECENTLY_IN_TEXT.de).first()).toBeVisible();
    await shot(page, `messages/sheet-de`);
    await page.keyboard.press('Escape');
    await expect(sheetDe).toBeHidden();
  });

  test('three placeholder rows while loading, then the empty sheet', async ({ page }) => {
    await signUpProvider(page.request);
    // The list is held back until the placeholders have been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/notifications', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications' }).click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    const placeholders = sheet.getByTestId('notification-placeholders');
    await expect(placeholders).toBeVisible();
    await expect(placeholders.locator(':scope > div')).toHaveCount(3);
    await shot(page, `messages/sheet-loading`);
    release();
    await expect(placeholders).toHaveCount(0);
    await expect(sheet.getByText('No notifications yet')).toBeVisible();
    await expect(sheet.getByText("You'll see updates about your projects here")).toBeVisible();
    await shot(page, `messages/sheet-empty`);
  });

  test('badge shows 99+ above 99', async ({ page, request }) => {
    test.setTimeout(120_000);
    const s = await setUp(page, request);
    for (let i = 0; i < 100; i++) await clientWrites(request, s, `Ping ${i}`);
    await page.goto('/dashboard');
    await expect(page.getByTestId('notification-badge')).toHaveText('99+');
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(
      'Notifications, 100 unread',
    );
  });

  test('on a phone: the list, then the conversation with a way back, and the sheet @phone', async ({
    page,
    request,
  }) => {
    const s = await setUp(page, request);
    await clientWrites(
      request,
      s,
      'A question from the phone test, long enough to wrap over more than one line here.',
    );
    await page.goto('/dashboard/messages');
    const row = page.getByRole('link', { name: /Grace Hopper/ });
    await expect(row).toBeVisible();
    await shot(page, `messages/phone-list`);
    await row.click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeInViewport();
    await composer.fill('Reply from a phone');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('list', { name: 'Messages' }).getByText('Reply from a phone')).toBeVisible();
    await shot(page, `messages/phone-thread`);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'All conversations' }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages$/);
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await shot(page, `messages/phone-sheet`);
  });
});
