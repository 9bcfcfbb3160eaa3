import { expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { world } from './collaboration-world';
import {
  axeViolations,
  expectNoSidewaysScroll,
  FIRST_LOAD,
  GERMAN_PHONE,
  ok,
  setProfileLanguage,
  shot,
  signUpProvider,
} from './support';

/**
 * Issue 30, the calendar: an event created from the month grid with the keyboard, seen in the week and the
 * agenda, made weekly, one occurrence deleted; the private feed made in the settings, fetched and parsed
 * with ical.js (the series' RRULE, its EXDATE and its Berlin time across the March change); the agenda on a
 * German phone. The browser runs in Europe/Berlin, so the times asserted are the ones the provider sees.
 */

test.use({ timezoneId: 'Europe/Berlin' });

const entry = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('button', { name });

test('month, week and agenda; a weekly event with one occurrence deleted; the feed parses', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await signUpProvider(page.request);
  await page.goto('/dashboard/calendar?view=month&date=2027-03-15');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('heading', { name: 'March 2027' })).toBeVisible();

  // Keyboard: the 15th has the focus stop; → moves to the 16th (the URL follows), Enter opens a new event.
  const grid = page.getByRole('grid', { name: 'Month' });
  await grid.locator('[data-day="2027-03-15"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/date=2027-03-16/);
  await expect(grid.locator('[data-day="2027-03-16"]')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill('Design review');
  await dialog.getByLabel('Start time').fill('10:00');
  await dialog.getByLabel('End time').fill('09:00');
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(dialog.getByText('The end must be after the start.')).toBeVisible();
  await dialog.getByLabel('End time').fill('11:00');
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry(page, '10:00 Design review')).toBeVisible();
  expect(await axeViolations(page, { serious: true })).toEqual([]);
  await shot(page, 'calendar/month-en');

  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(entry(page, '10:00 Design review')).toBeVisible();
  await shot(page, 'calendar/week-en');
  // The week's hour grid: a click on an empty hour starts an event at that hour (the keyboard has each day's "+").
  const hours = page.getByTestId('week-hours');
  await hours.evaluate((el) => {
    el.scrollTop = 13 * 48;
  });
  await hours
    .getByRole('list', { name: '2027-03-17', exact: true })
    .click({ position: { x: 30, y: 14 * 48 + 20 } });
  const atHour = page.getByRole('dialog', { name: 'New event' });
  await expect(atHour.getByLabel('Start time')).toHaveValue('14:00');
  await expect(atHour.getByLabel('End time')).toHaveValue('15:00');
  await page.keyboard.press('Escape');
  await expect(atHour).toBeHidden();
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  await expect(entry(page, '10:00 Design review')).toHaveCount(1);

  // Weekly: five occurrences in the agenda's 30 days (16 March to 14 April), 10:00 also after the change to summer time (28 March).
  await entry(page, '10:00 Design review').click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Repeat').selectOption('weekly');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(entry(page, '10:00 Design review')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Tuesday, March 30, 2027' })).toContainText(
    '10:00 Design review',
  );

  // Delete the second one only.
  await page
    .getByRole('region', { name: 'Tuesday, March 23, 2027' })
    .getByRole('button', { name: /Design review/ })
    .click();
  const second = page.getByRole('dialog', { name: 'Edit event' });
  await expect(second.getByLabel('Only this occurrence')).toBeChecked();
  await second.getByRole('button', { name: 'Delete event' }).click();
  await page
    .getByRole('dialog', { name: 'Delete “Design review”?' })
    .getByRole('button', { name: 'Only this occurrence' })
    .click();
  await expect(entry(page, '10:00 Design review')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Tuesday, March 23, 2027' })).toHaveCount(0);
  await shot(page, 'calendar/agenda-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'calendar/agenda-en-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // From 6 April, a new title for this and the following occurrences: the series ends before it.
  await page
    .getByRole('region', { name: 'Tuesday, April 6, 2027' })
    .getByRole('button', { name: /Design review/ })
    .click();
  const later = page.getByRole('dialog', { name: 'Edit event' });
  await later.getByLabel('This and following occurrences').check();
  await later.getByLabel('Title').fill('Design review (new room)');
  await later.getByRole('button', { name: 'Save' }).click();
  await expect(later).toBeHidden();
  await expect(entry(page, /Design review \(new room\)/)).toHaveCount(2);
  await expect(entry(page, /Design review/)).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Tuesday, March 30, 2027' })).toContainText(
    '10:00 Design review',
  );

  // The private feed: made once in the settings, fetched and parsed with ical.js.
  await page.getByRole('link', { name: 'Calendar settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Create feed address' }).click();
  const address = page.getByLabel('Feed address');
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await shot(page, 'calendar/settings-en');
  const url = await address.inputValue();
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const vcalendar = new ICAL.Component(ICAL.parse(await feed.text()));
  for (const tz of vcalendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const vevent = vcalendar
    .getAllSubcomponents('vevent')
    .find((c) => c.getFirstPropertyValue('summary') === 'Design review');
  if (!vevent) throw new Error('the event is not in the feed');
  const event = new ICAL.Event(vevent);
  expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-16T09:00:00.000Z');
  expect(String(vevent.getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY');
  const exdate = vevent.getFirstPropertyValue('exdate') as ICAL.Time;
  expect(exdate.toJSDate().toISOString()).toBe('2027-03-23T09:00:00.000Z');
  // ical.js expands the series without the deleted 23rd; the 30th's 10:00 in Berlin is 08:00 UTC (summer time).
  const iterator = event.iterator();
  expect(iterator.next()?.toJSDate().toISOString()).toBe('2027-03-16T09:00:00.000Z');
  expect(iterator.next()?.toJSDate().toISOString()).toBe('2027-03-30T08:00:00.000Z');
  // It ends before 6 April, where the series with the new title begins.
  expect(iterator.next()).toBeFalsy();
  const newRoom = vcalendar
    .getAllSubcomponents('vevent')
    .find((c) => c.getFirstPropertyValue('summary') === 'Design review (new room)');
  if (!newRoom) throw new Error('the new series is not in the feed');
  expect(new ICAL.Event(newRoom).startDate.toJSDate().toISOString()).toBe('2027-04-06T08:00:00.000Z');

  // A German provider on a phone: the agenda by default, nothing wider than the screen.
  await setProfileLanguage(page.request, 'de');
  const phone = await browser.newContext({
    ...GERMAN_PHONE,
    timezoneId: 'Europe/Berlin',
    storageState: await page.context().storageState(),
  });
  const de = await phone.newPage();
  await de.goto('/dashboard/calendar?date=2027-03-16');
  await expect(de.getByRole('heading', { level: 1, name: 'Kalender' })).toBeVisible(FIRST_LOAD);
  await expect(de.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(entry(de, '10:00 Design review')).toHaveCount(4);
  await expectNoSidewaysScroll(de);
  await shot(de, 'calendar/agenda-de-phone');
  await de.getByRole('button', { name: 'Monat', exact: true }).click();
  await expect(de.getByRole('heading', { name: 'März 2027', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(de);
  await shot(de, 'calendar/month-de-phone');
  await de.getByRole('button', { name: 'Neuer Termin' }).first().click();
  await expect(de.getByRole('dialog', { name: 'Neuer Termin' })).toBeVisible();
  await shot(de, 'calendar/new-event-de-phone');
  await de.keyboard.press('Escape');
  await de.setViewportSize({ width: 1280, height: 900 });
  await de.goto('/dashboard/calendar?view=week&date=2027-03-30');
  await expect(entry(de, '10:00 Design review')).toBeVisible(FIRST_LOAD);
  await shot(de, 'calendar/week-de');
  await phone.close();
});

test('project days and open invoices’ due days link to their pages', async ({ page }) => {
  test.setTimeout(120_000);
  const w = await world(page.request, 'en');
  const draft = await ok<{ id: string }>(
    await page.request.post('/api/invoices', {
      data: {
        clientId: w.clientId,
        projectId: w.website,
        currency: 'EUR',
        dueDate: '2026-03-20',
        supplyDate: '2026-03-02',
        lines: [{ description: 'Design', quantityMilli: 1_000, unitPriceCents: 10_000, taxRateBp: 1900 }],
      },
    }),
    201,
  );
  const { invoice: sent } = await ok<{ invoice: { number: string } }>(
    await page.request.post(`/api/invoices/${draft.id}/send`),
  );
  // The world's "Website relaunch" starts on 2 March 2026.
  await page.goto('/dashboard/calendar?view=month&date=2026-03-01');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible(FIRST_LOAD);
  const due = page.getByRole('main').getByRole('link', { name: `Invoice ${sent.number} due` });
  await expect(due).toHaveAttribute('href', `/dashboard/invoices/${draft.id}`);
  await shot(page, 'calendar/month-kinds-en');
  await page.getByRole('main').getByRole('link', { name: 'Start: Website relaunch' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${w.website}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Website relaunch' })).toBeVisible(FIRST_LOAD);
});
