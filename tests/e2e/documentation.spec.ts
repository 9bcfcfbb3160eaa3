import { expect, type Page, test } from '@playwright/test';
import { axeViolations, createPortal, expectNoSidewaysScroll, shot, signUpProvider } from './support';

/**
 * The handbook at /dashboard/documentation (issue 27): every chapter in English and German, the search
 * (filtering chapters, highlighting, keyboard, "no results"), the table of contents and its anchors, on a
 * desktop and on a 390 px phone, without accessibility violations.
 */

const NO_TOP_BAR = 'header.sticky { visibility: hidden; }';

const CHAPTERS_EN = [
  'Getting started',
  'Clients and portals',
  'Branding and custom domains',
  'Client sign-in',
  'Projects and messages',
  'Files and approvals',
  'Invoices and Stripe',
  'Installation',
  'Modes',
  'Commands',
  'Events',
  'Single sign-on',
  'Sign-in inside the widget',
  'Content Security Policy',
  'The API and API keys',
  'Webhooks',
  'Rate limits',
  'Idempotency',
  'Errors',
];

async function switchToGerman(page: Page) {
  await page.getByRole('combobox', { name: /Language|Sprache/ }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

const chapterHeadings = (page: Page) => page.locator('main section[data-doc-chapter]:visible h2');

/** Opens the documentation (at `hash`) and waits for its chapters, a chunk of their own. */
async function openDocs(page: Page, hash = '') {
  await page.goto(`/dashboard/documentation${hash}`);
  await expect(chapterHeadings(page)).toHaveCount(CHAPTERS_EN.length, { timeout: 30_000 });
}

test.describe('the documentation', () => {
  test.beforeEach(async ({ page }) => {
    // The whole handbook is one long page, and axe reads all of it: more than the default time on a busy machine.
    test.slow();
    // Signed in on the page's context; each test opens the handbook as its first page.
    await signUpProvider(page.request);
  });

  test('lists every chapter with its contents, opens at a deep link, and its examples use this platform and portal', async ({
    page,
  }) => {
    const portalId = await createPortal(page.request, 'Handbook Studio');
    // A deep link opens its chapter.
    await openDocs(page, '#idempotency');
    await expect(page.locator('#idempotency h2')).toBeInViewport();
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    await expect(chapterHeadings(page)).toHaveText(CHAPTERS_EN);

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveCount(CHAPTERS_EN.length);
    await expect(toc.getByText('Developers')).toBeVisible();
    await shot(page, 'documentation/en-1280');

    // The table of contents leads to a chapter by its anchor.
    await toc.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/#webhooks$/);
    await expect(page.locator('#webhooks h2')).toBeInViewport();
    await expect(toc.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'location');

    // The API examples use this platform and the chosen portal.
    const api = page.getByRole('region', { name: 'The API and API keys' });
    await expect(api.getByRole('figure', { name: 'list-clients.sh' })).toContainText(
      `${new URL(page.url()).origin}/api/clients`,
    );
    await expect(api.getByRole('figure', { name: 'create-client.sh' })).toContainText(
      `"portalId": "${portalId}"`,
    );
    await api.getByRole('tab', { name: 'TypeScript' }).first().click();
    await expect(api.getByRole('figure', { name: 'list-clients.ts' })).toContainText('nextCursor');
    await shot(api, 'documentation/api-en-1280', { style: NO_TOP_BAR });
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('tab', { name: 'PHP' }).click();
    await expect(webhooks.getByRole('figure', { name: 'verify-webhook.php' })).toContainText('hash_equals');
    await webhooks.getByRole('tab', { name: 'Python' }).click();
    await expect(webhooks.getByRole('figure', { name: 'verify_webhook.py' })).toContainText('compare_digest');
    await shot(webhooks, 'documentation/webhooks-en-1280', { style: NO_TOP_BAR });

    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });

  test('the search filters the chapters, highlights its matches and works from the keyboard', async ({
    page,
  }) => {
    // A deep link to a section inside a chapter.
    await openDocs(page, '#webhook-signatures');
    await expect(page.getByRole('heading', { level: 3, name: 'Verifying the signature' })).toBeInViewport();
    const toc = page.getByRole('navigation', { name: 'On this page' });

    // "/" focuses the search; a query filters the chapters and lists the matching parts.
    await page.locator('h1').click();
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search the documentation' });
    await expect(search).toBeFocused();
    await search.fill('Idempotency-Key');
    const results = page.getByRole('navigation', { name: 'Search results' });
    await expect(page.getByRole('status')).toContainText(/\d+ match(es)? for “Idempotency-Key”/);
    await expect(results.locator('mark').first()).toHaveText(/Idempotency-Key/i);
    await expect(chapterHeadings(page).filter({ hasText: 'Modes' })).toHaveCount(0);
    const visible = await chapterHeadings(page).allTextContents();
    expect(visible).toEqual(expect.arrayContaining(['Idempotency', 'The API and API keys', 'Rate limits']));
    await expect(toc.getByRole('link')).toHaveCount(visible.length);
    // The matches are highlighted in the text itself (CSS Custom Highlight API).
    expect(await page.evaluate(() => CSS.highlights.get('docs-search')?.size ?? 0)).toBeGreaterThan(2);
    await shot(page, 'documentation/search-en-1280');

    // Keyboard: ↓ into the results, Enter opens one at its anchor; Escape clears the search.
    await search.focus();
    await page.keyboard.press('ArrowDown');
    const first = results.getByRole('link').first();
    await expect(first).toBeFocused();
    const target = (await first.getAttribute('href')) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(results.getByRole('link').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
    await search.focus();
    await page.keyboard.press('Escape');
    await expect(search).toHaveValue('');
    await expect(chapterHeadings(page)).toHaveCount(CHAPTERS_EN.length);

    await search.fill('Webhook');
    await expect(results.getByRole('link', { name: /Verifying the signature/ })).toBeVisible();
    await expect(chapterHeadings(page).filter({ hasText: 'Webhooks' })).toBeVisible();

    await search.fill('xylophone quartz');
    await expect(page.getByRole('status')).toHaveText('Nothing matches “xylophone quartz”.');
    await expect(chapterHeadings(page)).toHaveCount(0);
    await expect(toc.getByRole('link')).toHaveCount(0);
    await shot(page, 'documentation/no-results-en-1280');
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toBeFocused();
    await expect(chapterHeadings(page)).toHaveCount(CHAPTERS_EN.length);
  });

  test('speaks German, the search included', async ({ page }) => {
    await openDocs(page);
    await switchToGerman(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dokumentation' })).toBeVisible();
    await expect(chapterHeadings(page).first()).toHaveText('Erste Schritte');
    await expect(chapterHeadings(page)).toHaveCount(CHAPTERS_EN.length);
    await expect(
      page.getByRole('navigation', { name: 'Auf dieser Seite' }).getByText('Für Entwickler'),
    ).toBeVisible();
    await shot(page, 'documentation/de-1280');
    const suche = page.getByRole('searchbox', { name: 'Dokumentation durchsuchen' });
    await suche.fill('Idempotency-Key');
    await expect(page.getByRole('status')).toContainText('Treffer für „Idempotency-Key“');
    await expect(chapterHeadings(page).filter({ hasText: 'Idempotenz' })).toBeVisible();
    await suche.fill('Webhook');
    await expect(
      page
        .getByRole('navigation', { name: 'Suchergebnisse' })
        .getByRole('link', { name: /Die Signatur prüfen/ }),
    ).toBeVisible();
    await shot(page, 'documentation/search-de-1280');
    await suche.fill('Xylophon');
    await expect(page.getByRole('status')).toHaveText('Nichts passt zu „Xylophon“.');
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });

  test('on a 390 px phone the contents fold away and nothing scrolls sideways @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const language of ['en', 'de'] as const) {
      if (language === 'de') await switchToGerman(page);
      await openDocs(page);
      const en = language === 'en';
      await expectNoSidewaysScroll(page);
      const toc = page.getByRole('navigation', { name: en ? 'On this page' : 'Auf dieser Seite' });
      const toggle = toc.getByRole('button', { name: en ? 'Contents' : 'Inhalt' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toc.getByRole('link').first()).toBeHidden();
      await shot(page.locator('main'), `documentation/${language}-390`);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toc.getByRole('link', { name: en ? 'Webhooks' : 'Webhooks' }).click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page).toHaveURL(/#webhooks$/);
      await expect(page.locator('#webhooks h2')).toBeInViewport();
      const verify = page.getByRole('figure', { name: 'verify-webhook.mjs' });
      await verify.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await shot(page, `documentation/webhooks-${language}-390`);

      const search = page.getByRole('searchbox', {
        name: en ? 'Search the documentation' : 'Dokumentation durchsuchen',
      });
      await search.scrollIntoViewIfNeeded();
      await search.fill('Idempotency-Key');
      await expect(
        page.getByRole('navigation', { name: en ? 'Search results' : 'Suchergebnisse' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page.locator('main'), `documentation/search-${language}-390`);
      expect(await axeViolations(page, { include: 'main' })).toEqual([]);
      await search.fill('');
    }
  });
});
