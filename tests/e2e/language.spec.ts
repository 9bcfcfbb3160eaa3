import { expect, test } from '@playwright/test';

test.describe('languages', () => {
  test('switching to German translates the UI, persists, and formats the price the German way @mobile', async ({
    page,
  }) => {
    await page.goto('/auth?mode=signup');
    await page.getByRole('combobox', { name: /Language|Sprache/ }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Konto erstellen' })).toBeVisible();

    await page.getByLabel('Passwort', { exact: true }).fill('123456');
    await page.getByLabel('Passwort bestätigen').fill('654321');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('14 Tage kostenlos testen').first()).toBeVisible();
    expect(await page.locator('body').innerText()).toMatch(/9\s?€/);

    const res = await page.request.get('/api/nope', { headers: { 'Accept-Language': 'de' } });
    expect((await res.json()).error.message).toBe('Nicht gefunden');
  });

  test('a German browser gets German on first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/waitlist');
    await page.getByRole('button', { name: /Warteliste/ }).click();
    await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
    await context.close();
  });
});
