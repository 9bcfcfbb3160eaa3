import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { type Booking, bookingType } from './booking-world';
import { CLIENT_PASSWORD, signedInClientContext, world } from './collaboration-world';
import {
  axeViolations,
  createClient,
  expectNoSidewaysScroll,
  GERMAN_PHONE,
  ok,
  shot,
  uniqueEmail,
} from './support';

/**
 * Issue 30, booking from the portal: a German client on a phone books a meeting (times in their zone, the
 * zone named), the provider's API lists it, the confirmation's invitation parses (ical.js), they move it and
 * cancel it; a time another client took meanwhile shows the translated message and the next free times.
 * The booking type is made through the provider's API.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

async function invitation(request: APIRequestContext, to: string, kind: string): Promise<ICAL.Component> {
  let ics = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const mails = ((await res.json()) as { mails: { kind: string; attachments?: { content: string }[] }[] })
        .mails;
      const mail = mails.find((m) => m.kind === kind);
      ics = mail?.attachments?.[0] ? Buffer.from(mail.attachments[0].content, 'base64').toString('utf8') : '';
      return ics.length > 0;
    })
    .toBe(true);
  return new ICAL.Component(ICAL.parse(ics));
}

const firstTime = (page: Page) =>
  page
    .getByRole('group', { name: /Uhrzeit|Time/ })
    .getByRole('button')
    .first();

test('a German client on a phone books, moves and cancels a meeting from the portal @phone', async ({
  browser,
  request,
}) => {
  const w = await world(request, 'de');
  const typeId = await bookingType(request, 'Kick-off');
  const context = await signedInClientContext(browser, request, w, {
    ...GERMAN_PHONE,
    timezoneId: 'Europe/Berlin',
  });
  const page = await context.newPage();
  await page.goto(`/portal/${w.portalId}/bookings`);
  await expect(page.getByRole('heading', { name: 'Termin buchen' })).toBeVisible();
  await expect(page.getByText('Ihrer Zeitzone angezeigt (Europe/Berlin)')).toBeVisible();
  await firstTime(page).click();
  await page.getByLabel('Für ein Projekt (optional)').selectOption({ label: 'Website relaunch' });
  await page.getByLabel('Notiz zum Termin (optional)').fill('Zum neuen Logo');
  await shot(page, 'booking/de-390-confirm');
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Diesen Termin buchen' }).click();
  const upcoming = page.getByRole('heading', { name: 'Ihre nächsten Termine' });
  await expect(upcoming).toBeVisible();
  await expect(page.getByText('Kick-off').first()).toBeVisible();

  // The provider's API lists it, booked in the client's zone.
  const listed = await ok<{ items: Booking[] }>(await request.get('/api/bookings'));
  expect(listed.items).toHaveLength(1);
  const booked = listed.items[0] as Booking;
  expect(booked).toMatchObject({ status: 'confirmed', sequence: 0, clientTimeZone: 'Europe/Berlin' });

  // The confirmation's invitation parses and names the booked instant.
  const calendar = await invitation(request, w.clientEmail, 'booking_created');
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
  event.startDate.zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone') as ICAL.Component);
  expect(event.startDate.toJSDate().toISOString()).toBe(booked.startsAt);

  // Move it to another time.
  await page.getByRole('button', { name: 'Verschieben' }).click();
  await expect(page.getByText(/Wählen Sie eine neue Zeit für Kick-off/)).toBeVisible();
  await page.getByRole('group', { name: 'Uhrzeit' }).getByRole('button').nth(3).click();
  await page.getByRole('button', { name: 'Auf diese Zeit verschieben' }).click();
  await expect
    .poll(async () => (await ok<Booking>(await request.get(`/api/bookings/${booked.id}`))).sequence)
    .toBe(1);

  // Cancel it.
  await page.getByRole('button', { name: 'Absagen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Termin absagen' }).click();
  await expect(upcoming).toBeHidden();
  const cancelled = await ok<{ items: Booking[] }>(await request.get('/api/bookings?filter=cancelled'));
  expect(cancelled.items.map((b) => b.id)).toEqual([booked.id]);
  const cancel = await invitation(request, w.clientEmail, 'booking_cancelled');
  expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');

  // A time another client takes meanwhile: the translated message and the next free times.
  const slotButton = firstTime(page);
  const other = await createClient(
    request,
    { portalId: w.portalId, name: 'Linus', email: uniqueEmail('linus') },
    CLIENT_PASSWORD,
  );
  const session = await ok<{ token: string }>(
    await request.post('/api/portal/sign-in', {
      data: { email: other.email, password: CLIENT_PASSWORD, portalId: w.portalId },
    }),
  );
  const slots = await ok<{ slots: { startsAt: string }[] }>(
    await request.get(
      `/api/portal/${w.portalId}/booking-types/${typeId}/slots?from=${new Date().toISOString()}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}&timeZone=Europe/Berlin`,
      { headers: { Authorization: `Bearer ${session.token}` } },
    ),
  );
  await ok(
    await request.post(`/api/portal/${w.portalId}/bookings`, {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { bookingTypeId: typeId, startsAt: slots.slots[0]?.startsAt, timeZone: 'Europe/Berlin' },
    }),
    201,
  );
  await slotButton.click();
  await page.getByRole('button', { name: 'Diesen Termin buchen' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Dieser Termin wurde gerade von jemand anderem gebucht' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button').first()).toBeVisible();
  await shot(page, 'booking/de-390-taken');
  await context.close();
});

test('the booking page in English and German at both widths', async ({ browser, request }) => {
  test.skip(!process.env.E2E_SHOTS, 'pictures only');
  for (const lang of ['en', 'de'] as const) {
    const w = await world(request, lang);
    await bookingType(request, 'Kick-off');
    await bookingType(request, 'Design review');
    for (const width of [1280, 390]) {
      const context = await signedInClientContext(browser, request, w, {
        viewport: { width, height: 900 },
        locale: lang === 'de' ? 'de-DE' : 'en-US',
        timezoneId: 'America/New_York',
      });
      const page = await context.newPage();
      await page.goto(`/portal/${w.portalId}/bookings`);
      await page.getByRole('button', { name: 'Kick-off' }).click();
      await firstTime(page).click();
      await shot(page, `booking/${lang}-${width}`);
      await context.close();
    }
  }
});
