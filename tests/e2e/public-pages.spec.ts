import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support';

test.describe('public pages', () => {
  test('the landing page states the plan @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/€\s?9/);
    expect(text).toContain('14-day free trial');
    expect(text).toContain('No credit card required');
    expect(text).toContain('30-day money-back guarantee');
    expect(text).toMatch(/3 months free/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(width).toBeLessThanOrEqual(0);
  });

  test('the waitlist validates, stores and handles duplicates gracefully', async ({ page }) => {
    await page.goto('/waitlist');
    const submit = page.getByRole('button', { name: 'Join the waitlist' });
    await submit.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('nope');
    await submit.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    const email = uniqueEmail('waitlist');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name (optional)').fill('Grace');
    await submit.click();
    await expect(page.getByText("You're on the list!")).toBeVisible();

    await page.goto('/waitlist');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByText("You're already on the list")).toBeVisible();
  });

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('a signed-out visit to the dashboard goes to /auth', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await page.waitForURL('**/auth**');
  });

  test('privacy and terms pages are reachable', async ({ page }) => {
    for (const path of ['/privacy', '/terms']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});
