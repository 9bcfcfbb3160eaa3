import { expect, test } from '@playwright/test';
import {
  axeViolations,
  createClient,
  createPortal,
  expectNoSidewaysScroll,
  FIRST_LOAD,
  GERMAN_PHONE,
  ok,
  SHOTS,
  setProfileLanguage,
  shot,
  signUpProvider,
} from './support';

/**
 * Issue 30, the provider's booking types: in English at 1280 px a type with weekly hours (two ranges on
 * Monday copied to the weekdays, a wrong range refused inline), a https video link (http refused inline),
 * a buffer, a daily cap and one chosen client, then a holiday, then an edit; in German on a 390 px phone a
 * phone-call type with other hours on one day. What the browser shows is checked against the API.
 */

const BASE = '/dashboard/calendar/booking-types';
type BookingType = {
  id: string;
  name: string;
  durationMinutes: number;
  weeklyHours: Record<string, string[][]>;
};

async function providerWithClients(request: Parameters<typeof signUpProvider>[0]) {
  await signUpProvider(request, { fullName: 'Ada' });
  const portalId = await createPortal(request, 'Acme Studio');
  const grace = await createClient(request, { portalId, name: 'Grace Hopper', company: 'Compiler Works' });
  await createClient(request, { portalId, name: 'Alan Turing', company: 'Bletchley' });
  return { grace };
}

test('the provider sets up a booking type with availability, a holiday and chosen clients, and edits it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { grace } = await providerWithClients(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(BASE);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking types' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText('No booking types yet')).toBeVisible();
  await shot(page, 'booking-types/list-empty-en-1280');

  await page.getByRole('button', { name: 'New booking type' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New booking type' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Strategy session');
  await page.getByLabel('Duration').fill('45');
  await page.getByLabel('Video link').fill('http://meet.example.com/strategy');

  // Monday 09:00–12:00 and 13:00–17:00, copied to Tuesday to Friday; Saturday with a range that ends first.
  await page.getByLabel('Monday, range 1: until').fill('12:00');
  await page.getByRole('button', { name: 'Add time range (Monday)' }).click();
  await expect(page.getByLabel('Monday, range 2: from')).toHaveValue('13:00');
  await page.getByLabel('Monday, range 2: until').fill('17:00');
  await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
  await expect(page.getByLabel('Friday, range 2: until')).toHaveValue('17:00');
  await page.getByRole('checkbox', { name: 'Saturday' }).check();
  await page.getByLabel('Saturday, range 1: from').fill('12:00');
  await page.getByLabel('Saturday, range 1: until').fill('10:00');

  await page.getByLabel('Buffer after').fill('15');
  await page.getByLabel('Daily limit').fill('3');
  await page.getByRole('radio', { name: 'Only the clients I choose' }).check();
  await page.getByRole('button', { name: 'Create booking type' }).click();
  // Checked in the browser with the API's contract: each problem at its field, nothing sent.
  await expect(page.getByText('Please enter a video link starting with https://')).toBeVisible();
  await expect(page.getByText('The end must be after the start')).toBeVisible();
  await expect(page.getByText('Please choose at least one client')).toBeVisible();
  await expect(page.getByLabel('Video link')).toBeFocused();
  await shot(page, 'booking-types/form-errors-en-1280');

  await page.getByLabel('Video link').fill('https://meet.example.com/strategy');
  await page.getByRole('checkbox', { name: 'Saturday' }).uncheck();
  await page.getByLabel('Search clients').fill('grace');
  await expect(page.getByRole('checkbox', { name: /Alan Turing/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Grace Hopper/ }).check();
  await expect(page.getByRole('button', { name: 'Remove Grace Hopper' })).toBeVisible();
  expect(await axeViolations(page, { serious: true })).toEqual([]);
  await page.getByRole('button', { name: 'Create booking type' }).click();
  await expect(page.getByText('Booking type created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy session' })).toBeVisible();
  const id = page.url().split('/').at(-1) ?? '';
  const saved = await ok<BookingType & { clients: { id: string }[]; bufferAfterMinutes: number }>(
    await page.request.get(`/api/booking-types/${id}`),
  );
  expect(saved).toMatchObject({ durationMinutes: 45, bufferAfterMinutes: 15, dailyCap: 3 });
  expect(saved.weeklyHours.fri).toEqual([
    ['09:00', '12:00'],
    ['13:00', '17:00'],
  ]);
  expect(saved.weeklyHours.sat).toEqual([]);
  expect(saved.clients.map((c) => c.id)).toEqual([grace.id]);

  // A holiday for every booking type.
  await page.getByLabel('Day', { exact: true }).fill('12/24/2030');
  await page.getByLabel('Label (optional)').fill('Christmas Eve');
  await page.getByLabel('Applies to').selectOption('all');
  await page.getByRole('button', { name: 'Add day' }).click();
  const days = page.getByRole('list', { name: 'Planned days off and other hours' });
  await expect(days).toContainText('Christmas Eve');
  await expect(days).toContainText('Day off · All booking types');
  // The same day again for all types: refused at the day, in words.
  await page.getByLabel('Day', { exact: true }).fill('12/24/2030');
  await page.getByLabel('Applies to').selectOption('all');
  await page.getByRole('button', { name: 'Add day' }).click();
  await expect(page.getByText('This day already has its own hours for these booking types.')).toBeVisible();

  // An edit: an hour instead of 45 minutes.
  await page.getByLabel('Duration').fill('60');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Booking type saved')).toBeVisible();
  await shot(page, 'booking-types/form-en-1280');
  await page.getByRole('link', { name: 'Booking types' }).first().click();
  const row = page.getByRole('row', { name: /Strategy session/ });
  await expect(row).toContainText('1 h');
  await expect(row).toContainText('Video call');
  await expect(row).toContainText('Grace Hopper');
  await expect(row).toContainText('Active');
  expect(await axeViolations(page, { serious: true })).toEqual([]);
  await shot(page, 'booking-types/list-en-1280');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'booking-types/list-en-390');
    await page.goto(`${BASE}/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Strategy session' })).toBeVisible();
    await shot(page, 'booking-types/form-en-390');
  }
});

test('a German provider on a phone makes a phone-call type with other hours on one day @phone', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await providerWithClients(page.request);
  await setProfileLanguage(page.request, 'de');
  const context = await browser.newContext({
    ...GERMAN_PHONE,
    storageState: await page.context().storageState(),
  });
  const phone = await context.newPage();
  await phone.goto(`${BASE}/new`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Neue Terminart' })).toBeVisible(FIRST_LOAD);
  await phone.getByLabel('Name', { exact: true }).fill('Kennenlerngespräch');
  await phone.getByLabel('Wo', { exact: true }).selectOption('phone');
  await phone.getByLabel('Telefonnummer').fill('+49 30 1234567');
  await phone.getByLabel('Dauer').fill('481');
  await phone.getByRole('button', { name: 'Terminart anlegen' }).click();
  await expect(phone.getByText('Bitte geben Sie eine Dauer von 5 bis 480 Minuten ein')).toBeVisible();
  await phone.getByLabel('Dauer').fill('30');
  await phone.getByLabel('Mittwoch, Zeitraum 1: bis').fill('12:30');
  await expectNoSidewaysScroll(phone);
  await shot(phone, 'booking-types/form-new-de-390');
  await phone.getByRole('button', { name: 'Terminart anlegen' }).click();
  await expect(phone.getByText('Terminart angelegt')).toBeVisible();
  await expect(phone.getByRole('heading', { level: 1, name: 'Kennenlerngespräch' })).toBeVisible();

  // Other hours on one day, for this type only.
  await phone.getByLabel('Tag', { exact: true }).fill('31.12.2030');
  await phone.getByRole('radio', { name: 'Andere Zeiten' }).check();
  await phone.getByLabel('An diesem Tag, Zeitraum 1: bis').fill('12:00');
  await phone.getByRole('button', { name: 'Tag hinzufügen' }).click();
  const days = phone.getByRole('list', { name: 'Geplante freie Tage und abweichende Zeiten' });
  await expect(days).toContainText('09:00–12:00 · Kennenlerngespräch');
  await expectNoSidewaysScroll(phone);
  expect(await axeViolations(phone, { serious: true })).toEqual([]);
  await shot(phone, 'booking-types/form-de-390');

  const list = await ok<{ items: (BookingType & { locationKind: string })[] }>(
    await phone.request.get('/api/booking-types'),
  );
  expect(list.items).toHaveLength(1);
  expect(list.items[0]).toMatchObject({
    name: 'Kennenlerngespräch',
    durationMinutes: 30,
    locationKind: 'phone',
  });
  expect(list.items[0]?.weeklyHours.wed).toEqual([['09:00', '12:30']]);

  await phone.getByRole('link', { name: 'Terminarten' }).first().click();
  // Below 768 px the list is cards (the table stays in the page, hidden).
  await expect(
    phone.getByRole('link', { name: 'Kennenlerngespräch' }).filter({ visible: true }),
  ).toBeVisible();
  await expect(phone.getByText('Telefonat').filter({ visible: true })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await shot(phone, 'booking-types/list-de-390');
  if (SHOTS) {
    await phone.setViewportSize({ width: 1280, height: 900 });
    await shot(phone, 'booking-types/list-de-1280');
    await phone.getByRole('link', { name: 'Kennenlerngespräch' }).filter({ visible: true }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Kennenlerngespräch' })).toBeVisible();
    await shot(phone, 'booking-types/form-de-1280');
  }
  await context.close();
});
