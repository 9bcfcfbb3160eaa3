import { expect, test } from '@playwright/test';
import { isAvailable, SECTION_GROUPS } from '../../host/dashboard/sections';
import en from '../../shared/i18n/locales/en.json' with { type: 'json' };
import {
  axeViolations,
  expectNoSidewaysScroll,
  failOnCspViolations,
  PLATFORM,
  providerOnDashboard,
} from './support';

// Issue 17, finding 13: every page and frame of ours loads without a Content-Security-Policy violation.
failOnCspViolations(test);

/** The sidebar's sections, from the registry: which have shipped (shown) and which not yet (absent). */
type Texts = { [key: string]: string | Texts };
const english = (key: string) =>
  key.split('.').reduce<string | Texts>((node, part) => (node as Texts)[part] ?? key, en as Texts) as string;
const allSections = SECTION_GROUPS.flatMap((group) => group.sections);
const shipped = allSections.filter(isAvailable);
const notShipped = allSections.filter((section) => !isAvailable(section));
const hrefOf = (path: string) => (path ? `/dashboard/${path}` : '/dashboard');

test.describe('dashboard shell', () => {
  test.beforeEach(async ({ page }) => {
    await providerOnDashboard(page);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('the sidebar shows only the sections that exist, and each is reachable by link and by URL', async ({
    page,
  }) => {
    test.slow(); // every shipped section twice, each loading its remote
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('button', { name: 'Core Business' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Configuration' })).toBeVisible();
    // Sections whose remote or page has not shipped are not offered at all, and have no page.
    for (const section of notShipped) {
      await expect(nav.getByRole('link', { name: english(section.label), exact: true })).toHaveCount(0);
    }
    for (const group of SECTION_GROUPS) {
      const hasShipped = group.sections.some(isAvailable);
      await expect(nav.getByRole('button', { name: english(group.label) })).toHaveCount(hasShipped ? 1 : 0);
    }

    // Every shipped section, by sidebar link and then by URL.
    for (const section of shipped) {
      const link = nav.getByRole('link', { name: english(section.label), exact: true });
      await link.click();
      await page.waitForURL((url) => url.pathname === hrefOf(section.path));
      await expect(page.getByRole('heading', { level: 1, name: english(section.label) })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
    }
    for (const section of shipped) {
      await page.goto(hrefOf(section.path));
      await expect(page.getByRole('heading', { level: 1, name: english(section.label) })).toBeVisible();
    }
    for (const section of notShipped) {
      await page.goto(hrefOf(section.path));
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });

  test('groups collapse, are remembered, and the current route opens its group', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const group = nav.getByRole('button', { name: 'Configuration' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
    await page.reload();
    await expect(nav.getByRole('button', { name: 'Configuration' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.goto('/dashboard/settings');
    await expect(nav.getByRole('button', { name: 'Configuration' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('Ctrl+B collapses the sidebar to 3 rem icons with tooltips and keeps the state in a cookie', async ({
    page,
    context,
  }) => {
    const sidebar = page.locator('aside[data-state]');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect((await sidebar.boundingBox())?.width).toBe(256);

    // The tooltips' module loads once the sidebar collapses. Its scripts are held until the pointer rests
    // on an icon, as on a slow network: the tooltip then mounts under a pointer that is already there
    // (and opened only on the next move, before shared/ui/tooltip.tsx listened to the browser's own enter).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const scripts = `${PLATFORM}/static/js/async/**`;
    await page.route(scripts, async (route) => {
      await held;
      await route.fallback();
    });
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 6.9 * 86400);

    await page.getByRole('link', { name: 'Settings' }).hover();
    release();
    await page.unroute(scripts);
    await expect(page.locator('[data-slot="tooltip"]')).toHaveText('Settings');

    await page.reload();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  test('an empty workspace shows zero totals and the first-steps guide', async ({ page }) => {
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals.getByText('Total clients')).toBeVisible();
    await expect(totals.getByText('$0.00')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get started in three steps' })).toBeVisible();
    const steps = [
      ['Create a portal', 'portals'],
      ['Add a client', 'clients'],
      ['Start a project', 'projects'],
    ] as const;
    for (const [step, id] of steps) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
      // A step links to its section once that section exists, never to a page that is not there yet.
      const exists = shipped.some((section) => section.id === id);
      await expect(page.getByRole('link', { name: step })).toHaveCount(exists ? 1 : 0);
    }
  });

  test('switching to German translates the shell, saves it to the profile and survives a reload', async ({
    page,
  }) => {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile') && r.request().method() === 'PATCH',
    );
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    expect((await saved).ok()).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kerngeschäft' })).toBeVisible();
    await expect(page.getByText('0,00 €')).toBeVisible();

    // The profile language wins over the local choice (spec §4).
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

    // Sign-out removes the stored choice.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
  });

  test('the shell has no serious or critical accessibility violations', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('$0.00')).toBeVisible();
    expect(await axeViolations(page, { serious: true })).toEqual([]);

    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Active sessions' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    expect(await axeViolations(page, { serious: true })).toEqual([]);
  });

  test('a skip link leads to the main content', async ({ page }) => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('dashboard shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // Runs in the phone project (touch, mobile UA) only: tagged @phone.

  test('the sidebar is an 18 rem slide-over that opens, closes on Escape and on navigation @phone', async ({
    page,
  }) => {
    await providerOnDashboard(page);
    await expect(page.locator('aside[data-state]')).toBeHidden();
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.click();
    const panel = page.getByRole('dialog', { name: 'Main navigation' });
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())?.width).toBe(288);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await panel.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
