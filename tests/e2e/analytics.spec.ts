import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { world } from './collaboration-world';
import {
  expectNoSidewaysScroll,
  FIRST_LOAD,
  GERMAN_PHONE,
  ok,
  setProfileLanguage,
  shot,
  signUpProvider,
} from './support';

/**
 * Issue 29, the analytics section on a phone, in English and German: a sent invoice with a payment recorded
 * by hand shows as revenue and as the balance outstanding (formatted per language), the ageing table and
 * its CSV download, the clients' engagement; an empty workspace says what will appear and links to the
 * action. Set-up goes through the API as the provider.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

test('money, work and clients views in English and German on a phone @phone', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const w = await world(page.request, 'en');
  const draft = await ok<{ id: string }>(
    await page.request.post('/api/invoices', {
      data: {
        clientId: w.clientId,
        projectId: w.website,
        currency: 'EUR',
        description: 'Website relaunch, first milestone',
        dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        supplyDate: '2026-03-02',
        lines: [{ description: 'Design', quantityMilli: 10_000, unitPriceCents: 10_000, taxRateBp: 1900 }],
      },
    }),
    201,
  );
  await ok(await page.request.post(`/api/invoices/${draft.id}/send`));
  await ok(
    await page.request.post(`/api/invoices/${draft.id}/payments`, { data: { amountCents: 50_000 } }),
    201,
  );

  // English: 1,190.00 invoiced (10 h at 100.00 plus 19 % VAT), 500.00 paid, 690.00 outstanding, not yet due.
  await page.goto('/dashboard/analytics/money?range=last3&currency=EUR');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText('Revenue paid').first()).toBeVisible();
  await expect(page.getByText('€500.00').first()).toBeVisible();
  await expect(page.getByText('€690.00').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Outstanding by days overdue' })).toContainText('Not yet due');
  await expectNoSidewaysScroll(page);
  await shot(page, 'analytics-money-en-phone');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('heading', { name: 'Outstanding by days overdue' })
      .locator('..')
      .getByRole('button', { name: 'Download CSV' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('ageing.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Overdue,Invoices,Balance');
  expect(csv).toContain('Not yet due,1,690');

  await page
    .getByRole('navigation', { name: 'Analytics views' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await expect(page.getByRole('list', { name: 'Client engagement' })).toContainText('Grace Hopper');
  await shot(page, 'analytics-clients-en-phone');

  // German, on a German phone: the same figures in German notation.
  await setProfileLanguage(page.request, 'de');
  const context = await browser.newContext({
    ...GERMAN_PHONE,
    storageState: await page.context().storageState(),
  });
  const de = await context.newPage();
  await de.goto('/dashboard/analytics/money?range=last3&currency=EUR');
  await expect(de.getByRole('heading', { level: 1, name: 'Analysen' })).toBeVisible(FIRST_LOAD);
  await expect(de.getByText('500,00 €').first()).toBeVisible();
  await expect(de.getByText('690,00 €').first()).toBeVisible();
  await expect(de.getByRole('list', { name: 'Offene Beträge nach Tagen überfällig' })).toContainText(
    'Noch nicht fällig',
  );
  await expectNoSidewaysScroll(de);
  await shot(de, 'analytics-money-de-phone');
  await de
    .getByRole('navigation', { name: 'Ansichten der Analysen' })
    .getByRole('link', { name: 'Arbeit' })
    .click();
  await expect(de.getByRole('heading', { name: 'Projekte nach Status' })).toBeVisible();
  await shot(de, 'analytics-work-de-phone');
  // A custom range that ends before it starts: the reason at its field, in German, and no stale figures.
  await de.getByLabel('Zeitraum').selectOption('custom');
  await de.getByLabel('Von').fill('01.06.2026');
  await de.getByLabel('Bis').fill('01.03.2026');
  await de.getByLabel('Bis').blur();
  await expect(de.getByText('Das Enddatum darf nicht vor dem Startdatum liegen')).toBeVisible();
  await expect(de.getByLabel('Bis')).toHaveAttribute('aria-invalid', 'true');
  await expect(de.getByRole('heading', { name: 'Projekte nach Status' })).toBeHidden();
  await de.getByLabel('Bis').fill('30.09.2026');
  await de.getByLabel('Bis').blur();
  await expect(de.getByRole('heading', { name: 'Projekte nach Status' })).toBeVisible();
  await context.close();
});

test.describe('in Auckland', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('an empty workspace says what will appear and links to the action; the zone comes from the browser @phone', async ({
    page,
  }) => {
    await signUpProvider(page.request, { fullName: 'Empty' });
    await page.setViewportSize(PHONE.viewport);
    await page.goto('/dashboard/analytics/money');
    await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible(FIRST_LOAD);
    // The first dashboard visit gave the profile the browser's time zone.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/profile')).json()) as { timeZone: string | null }).timeZone,
      )
      .toBe('Pacific/Auckland');
    await shot(page, 'analytics-empty-en-phone');
    await page.getByRole('link', { name: 'Create an invoice' }).click();
    await expect(page).toHaveURL(/\/dashboard\/invoices\/new$/);
  });
});
