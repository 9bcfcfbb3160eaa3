import { expect, test } from '@playwright/test';
import { latestMail, linkIn, signUpAndVerify, uniqueEmail } from './support';

test.describe('provider sign-up, verification, sign-in and sign-out', () => {
  test('a new provider signs up, verifies through the e-mail link, signs out and signs back in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    const password = 'correct horse 42';

    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/signup-success**');
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

    const mail = await latestMail(request, email, 'verify_email');
    expect(mail.subject).toBe('Confirm your e-mail address');
    await page.goto(linkIn(mail.text, '/auth/verify'));
    await page.waitForURL('**/dashboard');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/Trial · 1[34] days left/)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('You have been signed out successfully.')).toBeVisible();

    await page.goto('/dashboard');
    await page.waitForURL('**/auth**');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByText(email)).toBeVisible();

    // A signed-in visit to the landing page goes to the dashboard.
    await page.goto('/');
    await page.waitForURL('**/dashboard');
  });

  test('a wrong password shows the spec message and keeps the user signed out', async ({ page, request }) => {
    const email = uniqueEmail();
    await signUpAndVerify(page, request, email, 'right password');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth');

    // The right password then: the dashboard, without the failure's toast still on it.
    await page.getByLabel('Password', { exact: true }).fill('right password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // The failure's toast went with the sign-in (it would stay ~5 s otherwise): checked once, not waited for.
    const failureToasts = page.locator('[data-sonner-toast]:not([data-removed="true"])', {
      hasText: 'Sign In Error',
    });
    expect(await failureToasts.count()).toBe(0);
  });

  test('sign-up checks the form with the shared rules before sending anything', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password').fill('123456');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password should be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  test('an account that exists already is refused with the spec message', async ({ page, request }) => {
    const email = uniqueEmail();
    await signUpAndVerify(page, request, email, 'first password');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('another password');
    await page.getByLabel('Confirm password').fill('another password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists').first()).toBeVisible();
  });
});
