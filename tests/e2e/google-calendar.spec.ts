import { expect as baseExpect, type Page, test } from '@playwright/test';
import { GOOGLE_CONTROL_URL } from '../../playwright.config';
import {
  axeViolations,
  expectNoSidewaysScroll,
  FIRST_LOAD,
  failOnCspViolations,
  setProfileLanguage,
  shot,
  signUpProvider,
} from './support';

failOnCspViolations(test);

// One Google stand-in serves the whole run and the broken-grant test withdraws every grant on it: this
// file's tests run one after another (no other spec connects Google).
test.describe.configure({ mode: 'default' });

const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Google Calendar on the Integrations page (issue 30), against `oauth2-mock-server` and the Calendar API
 * stand-in that the e2e server starts (tests/google): connecting through Google's (mock) consent, the
 * return page `/calendar-oauth-callback`, the account shown, choosing the calendar, an event written there,
 * disconnecting (the grant revoked at the OAuth server), and a declined consent said in words; en and de,
 * desktop and phone.
 */

const TEXTS = {
  en: {
    card: 'Google Calendar',
    notConnected: 'Not connected',
    connected: 'Connected',
    connect: 'Connect Google Calendar',
    connectedTitle: 'Connected',
    back: 'Back to Integrations',
    calendar: 'Calendar for bookings and events',
    saved: 'Bookings and events now go to “Client meetings”.',
    disconnect: 'Disconnect',
    disconnected: 'Google Calendar is disconnected.',
    deniedTitle: 'Access was not granted',
    settings: 'Connected as alex.morgan@example.com: bookings and events go to “Client meetings”.',
  },
  de: {
    card: 'Google Kalender',
    notConnected: 'Nicht verbunden',
    connected: 'Verbunden',
    connect: 'Google Kalender verbinden',
    connectedTitle: 'Verbunden',
    back: 'Zurück zu den Integrationen',
    calendar: 'Kalender für Buchungen und Termine',
    saved: 'Buchungen und Termine werden jetzt in „Client meetings“ eingetragen.',
    disconnect: 'Trennen',
    disconnected: 'Google Kalender ist getrennt.',
    deniedTitle: 'Zugriff wurde nicht erteilt',
    settings:
      'Verbunden als alex.morgan@example.com: Buchungen und Termine werden in „Client meetings“ eingetragen.',
  },
} as const;

const googleCard = (page: Page, name: string) => page.getByRole('region', { name });

for (const lang of ['en', 'de'] as const) {
  test(`connects Google Calendar, chooses the calendar and disconnects, in ${lang}`, async ({ page }) => {
    test.slow();
    const texts = TEXTS[lang];
    await signUpProvider(page.request);
    await setProfileLanguage(page.request, lang);
    await page.goto('/dashboard/integrations');
    const card = googleCard(page, texts.card);
    await expect(card.getByText(texts.notConnected)).toBeVisible(FIRST_LOAD);

    await card.getByRole('button', { name: texts.connect }).click();
    // Google's consent (the mock server agrees at once) sends the browser back to the return page.
    await expect(page.getByRole('heading', { name: texts.connectedTitle, level: 2 })).toBeVisible();
    await page.getByRole('link', { name: texts.back }).click();
    await expect(card.getByText('alex.morgan@example.com', { exact: true })).toBeVisible();
    await expect(card.getByText(texts.connected, { exact: true })).toBeVisible();

    const select = card.getByLabel(texts.calendar);
    await expect(select).toBeEnabled();
    // Only calendars the account may write to are offered (not the read-only holidays).
    await expect(select.locator('option')).toHaveCount(2);
    await select.selectOption({ label: 'Client meetings' });
    await expect(card.getByText(texts.saved)).toBeVisible();
    await page.reload();
    await expect(card.getByLabel(texts.calendar)).toHaveValue('c_client_meetings@group.calendar.google.com');

    // What the provider puts in their calendar reaches the chosen Google calendar, once (the sync job).
    const title = `Review with Ada (${lang})`;
    const created = await page.request.post('/api/calendar/events', {
      data: { title, start: '2027-01-12T10:00', end: '2027-01-12T11:00', timeZone: 'Europe/Berlin' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await expect
      .poll(async () =>
        (
          (await (await page.request.get(`${GOOGLE_CONTROL_URL}/_stand-in/events`)).json()) as {
            calendarId: string;
            body: { summary?: string };
          }[]
        )
          .filter((e) => e.body.summary === title)
          .map((e) => e.calendarId),
      )
      .toEqual(['c_client_meetings@group.calendar.google.com']);

    // The calendar's settings say the same, with the way to the Integrations page.
    await page.goto('/dashboard/calendar/settings');
    await expect(page.getByText(texts.settings)).toBeVisible(FIRST_LOAD);
    await shot(page, `google-calendar/calendar-settings-${lang}-1280`);
    await page.goto('/dashboard/integrations');
    await expect(card.getByLabel(texts.calendar)).toHaveValue('c_client_meetings@group.calendar.google.com');

    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await shot(card, `google-calendar/connected-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(card, `google-calendar/connected-${lang}-390`);

    const revokedBefore = (await (
      await page.request.get(`${GOOGLE_CONTROL_URL}/_stand-in/revoked`)
    ).json()) as string[];
    await card.getByRole('button', { name: texts.disconnect }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shot(page, `google-calendar/disconnect-${lang}-390`);
    await dialog.getByRole('button', { name: texts.disconnect }).click();
    await expect(page.getByText(texts.disconnected)).toBeVisible();
    await expect(card.getByText(texts.notConnected)).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${GOOGLE_CONTROL_URL}/_stand-in/revoked`)).json()) as string[])
            .length,
      )
      .toBeGreaterThan(revokedBefore.length);
  });

  test(`says in words when access was declined at Google, in ${lang}`, async ({ page }) => {
    const texts = TEXTS[lang];
    await signUpProvider(page.request);
    await setProfileLanguage(page.request, lang);
    await page.setViewportSize(lang === 'de' ? { width: 390, height: 844 } : { width: 1280, height: 900 });
    await page.goto('/dashboard/integrations');
    const card = googleCard(page, texts.card);
    await expect(card.getByText(texts.notConnected)).toBeVisible(FIRST_LOAD);
    await shot(card, `google-calendar/not-connected-${lang}-${lang === 'de' ? 390 : 1280}`);
    await page.request.post(`${GOOGLE_CONTROL_URL}/_stand-in/deny-next`);
    await card.getByRole('button', { name: texts.connect }).click();
    await expect(page.getByRole('heading', { name: texts.deniedTitle })).toBeVisible();
    await expect(page.getByText(texts.card).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `google-calendar/denied-${lang}-${lang === 'de' ? 390 : 1280}`);
    await page.getByRole('link', { name: texts.back }).click();
    await expect(card.getByText(texts.notConnected)).toBeVisible();
  });
}

test('shows a connection Google no longer accepts as broken, and reconnects it', async ({ page }) => {
  test.slow();
  const texts = TEXTS.en;
  await signUpProvider(page.request);
  await setProfileLanguage(page.request, 'en');
  await page.goto('/dashboard/integrations');
  const card = googleCard(page, texts.card);
  await card.getByRole('button', { name: texts.connect }).click(FIRST_LOAD);
  await page.getByRole('link', { name: texts.back }).click();
  await expect(card.getByText('alex.morgan@example.com', { exact: true })).toBeVisible();
  await expect(card.getByLabel(texts.calendar)).toBeEnabled();

  // The user removes the app's access in their Google account; the stored token stops working.
  await page.request.post(`${GOOGLE_CONTROL_URL}/_stand-in/revoke-all`);
  const expire = await page.request.post(`${GOOGLE_CONTROL_URL}/_stand-in/expire-tokens`);
  expect(expire.ok()).toBe(true);
  await page.reload();
  await expect(card.getByText('Reconnect needed')).toBeVisible();
  await expect(card.getByRole('alert')).toContainText('Google no longer accepts this connection');
  expect(await axeViolations(page)).toEqual([]);
  await shot(card, 'google-calendar/broken-en-1280');

  await card.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.getByRole('heading', { name: texts.connectedTitle, level: 2 })).toBeVisible();
  await page.getByRole('link', { name: texts.back }).click();
  await expect(card.getByText(texts.connected, { exact: true })).toBeVisible();
  await expect(card.getByLabel(texts.calendar)).toBeEnabled();
});

test('sends a signed-out visitor of /calendar-oauth-callback to sign in, then finishes there', async ({
  page,
  request,
}) => {
  const provider = await signUpProvider(request);
  await page.goto('/calendar-oauth-callback?state=x&code=y');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(provider.email);
  await page.getByLabel('Password', { exact: true }).fill(provider.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/integrations\/callback\?state=x&code=y$/);
  await expect(page.getByRole('alert')).toContainText('This authorisation is not known', FIRST_LOAD);
});
