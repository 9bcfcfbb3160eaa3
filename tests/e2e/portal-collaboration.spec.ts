import { expect, type Frame, type Page, type TestInfo, test } from '@playwright/test';
import { providerMessage, signIn, type World, world } from './collaboration-world';
import { axeViolations, gotoLive, RECENTLY_IN_TEXT, shot as saveShot } from './support';

/**
 * The client's side of the daily work (issue 19) in the portal: project cards and a project's page,
 * the notification sheet (badge, New / Earlier, toasts, mark all read), Messages: the whole flow in English
 * on a desktop, the phone's layout (cards, sheet, the list and then the conversation) in German on a phone
 * (`@phone`). Set up through the API as the provider.
 */

const shot = (page: Page, info: TestInfo, name: string) =>
  saveShot(page, `portal-collaboration/${name}-${info.project.name}`);

/** The client's unread count as the API says it (the badge must show the same). */
async function unreadCount(page: Page, w: World): Promise<number> {
  return page.evaluate(async (portalId) => {
    const session = JSON.parse(localStorage.getItem('portal_client_session') ?? '{}') as { token: string };
    const res = await fetch(`/api/portal/${portalId}/notifications/unread-count`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    return ((await res.json()) as { count: number }).count;
  }, w.portalId);
}

const bell = (page: Page, name = /^Notifications/) => page.getByRole('button', { name });

test.describe('portal collaboration', () => {
  test('project cards, a project page, messages both ways, notifications with their badge, toasts and mark all read', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const w = await world(request);
    await signIn(page, w);

    // The dashboard's cards are the client's real projects: status, dates, the budget only when shared.
    const active = page.getByRole('region', { name: 'Active projects' });
    const websiteCard = active.getByRole('link', { name: /Website relaunch/ });
    await expect(websiteCard).toContainText('In progress');
    await expect(websiteCard).toContainText('03/02/2026 – 06/30/2026');
    await expect(websiteCard).toContainText('Budget: $12,500.00');
    await expect(websiteCard).toContainText('1 unread message');
    const brandingCard = active.getByRole('link', { name: /Brand refresh/ });
    await expect(brandingCard).toContainText('Planning');
    await expect(brandingCard).not.toContainText('Budget');
    await expect(page.getByText('$9,900.00')).toHaveCount(0);

    // The bell's badge is the API's unread count.
    const count = await unreadCount(page, w);
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId('notification-badge')).toHaveText(String(count));
    await shot(page, info, 'dashboard');

    // The sheet: title, description, New with the provider's message; a click opens Messages and closes it.
    await bell(page).click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet.getByText('Stay updated with your project activities')).toBeVisible();
    const fresh = sheet.getByRole('region', { name: 'New' });
    const firstMessage = fresh.getByRole('button', { name: /New message from Ada/ });
    await expect(firstMessage).toContainText('The first draft is ready for review.');
    await expect(firstMessage).toContainText(RECENTLY_IN_TEXT.en);
    await shot(page, info, 'notifications');
    expect(await axeViolations(page)).toEqual([]);
    await firstMessage.click();
    await expect(sheet).toBeHidden();
    await page.waitForURL(`**/portal/${w.portalId}/messages?project=${w.website}`);

    // The conversation: the provider's message; reading it marks it read (its notification too).
    const thread = page.getByRole('list', { name: 'Messages' });
    await expect(thread).toContainText('The first draft is ready for review.');
    await expect.poll(() => unreadCount(page, w)).toBe(count - 1);
    await expect(page.getByTestId('notification-badge')).toHaveText(String(count - 1));
    const conversations = page.getByRole('navigation', { name: 'Conversations' });
    await expect(conversations.getByRole('link', { name: /Brand refresh/ })).toContainText('No messages yet');

    // The client answers: sent once, confirmed, and stored as the client's.
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Thanks!\nI will look at it today: https://example.com/draft');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    await expect(thread.getByRole('link', { name: 'https://example.com/draft' })).toHaveAttribute(
      'href',
      'https://example.com/draft',
    );
    const stored = await request.get(`/api/projects/${w.website}/messages`);
    const bodies = ((await stored.json()) as { items: { body: string; sender: { type: string } }[] }).items;
    expect(bodies.at(-1)).toMatchObject({
      body: 'Thanks!\nI will look at it today: https://example.com/draft',
      sender: { type: 'client' },
    });

    // Written offline: kept and shown as waiting, sent once the connection returns (never twice).
    await page.context().setOffline(true);
    await expect(page.getByText(/You’re offline/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Written on the train');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(thread).toContainText('Written on the train');
    await expect(thread.getByText(/Waiting for the connection/)).toBeVisible();
    await page.context().setOffline(false);
    await expect(thread.getByText(/Waiting for the connection/)).toHaveCount(0);
    await expect
      .poll(async () => {
        const res = await request.get(`/api/projects/${w.website}/messages`);
        const items = ((await res.json()) as { items: { body: string }[] }).items;
        return items.filter((m) => m.body === 'Written on the train').length;
      })
      .toBe(1);
    await shot(page, info, 'messages');
    expect(await axeViolations(page)).toEqual([]);

    // A message the server never got is kept when the page goes away, and goes out from the next page.
    const messagesApi = `**/api/portal/${w.portalId}/projects/${w.website}/messages`;
    await page.route(messagesApi, (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Message' }).fill('Sent from the next page');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Failed to send message')).toBeVisible();
    await expect(thread.getByText('Not sent')).toBeVisible();
    await page.unroute(messagesApi);
    await page.goto(`/portal/${w.portalId}/dashboard`);
    await expect
      .poll(async () => {
        const res = await request.get(`/api/projects/${w.website}/messages`);
        const items = ((await res.json()) as { items: { body: string }[] }).items;
        return items.filter((m) => m.body === 'Sent from the next page').length;
      })
      .toBe(1);

    // The Projects page: both projects; a card opens the project's page with its conversation.
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Brand refresh/ })).toBeVisible();
    await shot(page, info, 'projects');
    await page.getByRole('link', { name: /Website relaunch/ }).click();
    await page.waitForURL(`**/portal/${w.portalId}/projects/${w.website}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Website relaunch' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview).toContainText('$12,500.00');
    await expect(overview).toContainText('Launch before summer.');
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity).toContainText('New message from Ada');
    await expect(activity).toContainText('The first draft is ready for review.');
    await expect(
      page.getByRole('region', { name: 'Messages' }).getByRole('list', { name: 'Messages' }),
    ).toContainText('I will look at it today');
    await expect(page.getByText('Keep the margin')).toHaveCount(0);
    await shot(page, info, 'project');
    expect(await axeViolations(page)).toEqual([]);

    // Another client's (or no) project: a clear not-found, never someone else's data.
    await page.goto(`/portal/${w.portalId}/projects/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();

    // A new message from the provider arrives live (the socket: well before the 30-second refresh),
    // with the badge up and a toast (4 s).
    // What the sheet holds when the page starts is not news: the provider writes once this page's list is
    // loaded and its socket is open. Only this document's list counts: a list the page being left asked
    // for may answer just as the navigation starts (it was flaky on a phone under load), and a message
    // written before the new page's list would be in that list, never toasted.
    let committed = false;
    const onNavigated = (frame: Frame) => {
      if (frame === page.mainFrame()) committed = true;
    };
    page.on('framenavigated', onNavigated);
    const baseline = page.waitForResponse(
      (r) => committed && r.url().endsWith(`/api/portal/${w.portalId}/notifications`),
    );
    await gotoLive(page, `/portal/${w.portalId}/dashboard`);
    await baseline;
    page.off('framenavigated', onNavigated);
    const before = await unreadCount(page, w);
    await expect(page.getByTestId('notification-badge')).toHaveText(String(before));
    await providerMessage(request, w.website, 'Could you send the logo files?');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Could you send the logo files?' });
    await expect(toast).toContainText('New message from Ada', { timeout: 10_000 });
    await expect(page.getByTestId('notification-badge')).toHaveText(String(before + 1));
    await shot(page, info, 'toast');
    await expect(toast).toHaveCount(0, { timeout: 8_000 });
    // Received in the conversation.
    await bell(page).click();
    await fresh.getByRole('button', { name: /Could you send the logo files/ }).click();
    await expect(thread).toContainText('Could you send the logo files?');
    await expect(page.getByTestId('notification-badge')).toHaveText(String(before));

    // Mark all read: the badge goes, everything moves under Earlier.
    await bell(page).click();
    await sheet.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(sheet.getByRole('region', { name: 'New' })).toHaveCount(0);
    await expect(sheet.getByRole('region', { name: 'Earlier' })).toContainText(
      'Could you send the logo files?',
    );
    await expect(sheet.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(await unreadCount(page, w)).toBe(0);
    await shot(page, info, 'notifications-read');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });
});

test.describe('portal collaboration in German', () => {
  test.use({ locale: 'de-DE' });

  test('the sheet, the cards, the project page and Messages in German, on a phone @phone', async ({
    page,
    request,
  }, info) => {
    const w = await world(request, 'de');
    await signIn(page, w, { email: 'E-Mail', password: 'Passwort', signIn: 'Anmelden' });
    const card = page
      .getByRole('region', { name: 'Aktive Projekte' })
      .getByRole('link', { name: /Website relaunch/ });
    await expect(card).toContainText('In Arbeit');
    await expect(card).toContainText('02.03.2026 – 30.06.2026');
    await expect(card).toContainText('1 ungelesene Nachricht');
    await bell(page, /^Benachrichtigungen/).click();
    const sheet = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(
      sheet.getByText('Bleiben Sie über die Aktivitäten Ihrer Projekte auf dem Laufenden'),
    ).toBeVisible();
    await expect(sheet.getByRole('region', { name: 'Neu' })).toContainText(RECENTLY_IN_TEXT.de);
    await shot(page, info, 'notifications-de');
    await sheet.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await expect(sheet.getByRole('region', { name: 'Früher' })).toBeVisible();
    await page.keyboard.press('Escape');
    await card.click();
    await expect(page.getByRole('region', { name: 'Überblick' })).toContainText('12.500,00');
    await shot(page, info, 'project-de');

    // Messages: the list, then a conversation (on a phone, one after the other), written to in German.
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Nachrichten' }).click();
    const list = page.getByRole('navigation', { name: 'Unterhaltungen' });
    await expect(list.getByRole('link', { name: /Brand refresh/ })).toContainText('Noch keine Nachrichten');
    await shot(page, info, 'messages-list-de');
    await list.getByRole('link', { name: /Website relaunch/ }).click();
    await page.waitForURL(`**/messages?project=${w.website}`);
    const thread = page.getByRole('list', { name: 'Nachrichten' });
    await expect(thread).toContainText('The first draft is ready for review.');
    await page.getByRole('textbox', { name: 'Nachricht' }).fill('Danke, ich sehe es mir heute an.');
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect(page.getByText('Nachricht erfolgreich gesendet')).toBeVisible();
    await expect(thread).toContainText('Danke, ich sehe es mir heute an.');
    await shot(page, info, 'messages-de');
  });
});
