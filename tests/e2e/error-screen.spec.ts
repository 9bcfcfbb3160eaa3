import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, setProfileLanguage, shot, signUpProvider } from './support';

/**
 * Spec §2's generic error screen when the first page load fails (issue 17, finding 21): the active
 * language's texts or a page's chunk cannot load. The screen must say the spec's texts in the visitor's
 * language, never raw keys such as `errorScreen.title`, in the host and in the portal.
 */

const TEXTS = {
  en: ['Something went wrong', 'Refresh Page', 'Error Details'],
  de: ['Etwas ist schiefgelaufen', 'Seite neu laden', 'Fehlerdetails'],
} as const;

/** Aborts every script whose body contains `marker` (the chunks have content-hashed, minified names). */
async function blockChunksContaining(context: BrowserContext, marker: string): Promise<string[]> {
  const blocked: string[] = [];
  await context.route(/\/static\/js\/.+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) {
      blocked.push(route.request().url());
      await route.abort('failed');
    } else {
      await route.fulfill({ response, body });
    }
  });
  return blocked;
}

async function expectErrorScreen(page: Page, lang: 'en' | 'de') {
  const [title, refresh, details] = TEXTS[lang];
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: refresh })).toBeVisible();
  await page.getByText(details).click();
  expect(await page.locator('body').innerText()).not.toMatch(/errorScreen\.|app\.loading/);
}

test.describe('the error screen of a failed first load', () => {
  for (const [lang, locale, marker] of [
    ['en', 'en-US', 'You have been signed out successfully.'],
    ['de', 'de-DE', 'Sie wurden erfolgreich abgemeldet.'],
  ] as const) {
    test(`host, ${lang}: the language's texts do not load`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const blocked = await blockChunksContaining(context, marker);
      const page = await context.newPage();
      await page.goto('/auth');
      await expectErrorScreen(page, lang);
      expect(blocked.length).toBeGreaterThan(0);
      await expect(page.getByRole('alert')).toHaveAttribute('lang', lang);
      await shot(page, `error-screen/host-texts-${lang}-desktop`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page);
      await shot(page, `error-screen/host-texts-${lang}-390`);
      // Refresh Page loads the page again; with the texts back, the page itself shows.
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await page.getByRole('button', { name: TEXTS[lang][1] }).click();
      await expect(page.getByRole('heading', { level: 1, name: TEXTS[lang][0] })).toBeHidden();
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await context.close();
    });
  }

  test('host, de: a page’s chunk does not load (the texts did)', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    // The waitlist page's own chunk (it alone reads these keys).
    const blocked = await blockChunksContaining(context, 'public:waitlist.');
    const page = await context.newPage();
    await page.goto('/waitlist');
    await expectErrorScreen(page, 'de');
    expect(blocked.length).toBeGreaterThan(0);
    await context.close();
  });

  test('dashboard, de: a section’s texts do not load (the clients remote’s)', async ({ page, context }) => {
    await signUpProvider(page.request);
    // The dashboard follows the profile's language (spec §4): German from the next page on.
    await setProfileLanguage(page.request, 'de');
    const blocked = await blockChunksContaining(context, 'Die Personen und Firmen, für die Sie arbeiten');
    await page.goto('/dashboard/clients');
    // The section's own "unavailable, retry" panel in German, never its raw keys.
    await expect(page.getByText('Dieser Bereich ist gerade nicht verfügbar.')).toBeVisible();
    expect(blocked.length).toBeGreaterThan(0);
    expect(await page.locator('main').innerText()).not.toMatch(/\b(title|subtitle|empty|search)\./);
    await shot(page, 'error-screen/clients-texts-de-desktop');
    // Retry loads them again: the section itself.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible();
  });

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['de', 'de-DE'],
  ] as const) {
    test(`portal, ${lang}: the sign-in page’s chunk does not load`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const blocked: string[] = [];
      await context.route(/\/portal\/static\/js\/async\/sign-in\.[0-9a-f]+\.js$/, (route) => {
        blocked.push(route.request().url());
        return route.abort('failed');
      });
      const page = await context.newPage();
      await page.goto('/portal/login');
      await expectErrorScreen(page, lang);
      expect(blocked.length).toBeGreaterThan(0);
      await shot(page, `error-screen/portal-page-${lang}-desktop`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page);
      await shot(page, `error-screen/portal-page-${lang}-390`);
      await context.close();
    });
  }

  test('portal, de: the start-up fails before anything rendered (the frame’s chunk)', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    await context.route(/\/portal\/static\/js\/async\/frame\.[0-9a-f]+\.js$/, (route) =>
      route.abort('failed'),
    );
    const page = await context.newPage();
    const channel = '0123456789abcdef01234567';
    await page.goto(
      `/portal/login?embed=1&parent=${encodeURIComponent('https://a.example')}&channel=${channel}`,
    );
    await expectErrorScreen(page, 'de');
    await context.close();
  });
});
