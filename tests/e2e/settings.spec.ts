import { expect, test } from '@playwright/test';
import { type Provider, signInThroughForm, signUpProvider } from './support';

test.describe('settings', () => {
  let provider: Provider;

  test.beforeEach(async ({ page }) => {
    provider = await signUpProvider(page.request);
    await page.goto('/dashboard/settings');
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  });

  test('the profile is validated with the shared rules and saved with the spec message', async ({ page }) => {
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Website').fill('not a url');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByText('Please enter a valid website address')).toBeVisible();

    await profile.getByLabel('Full name').fill('Ada King');
    await profile.getByLabel('Business name').fill('Analytical Studio');
    await profile.getByLabel('Website').fill('https://ada.studio');
    await profile.getByLabel('Currency').selectOption('EUR');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Business name')).toHaveValue('Analytical Studio');
    await expect(page.getByLabel('Website')).toHaveValue('https://ada.studio');
    await page.goto('/dashboard');
    await expect(page.getByText('€0.00')).toBeVisible();
  });

  test('choosing German as preferred language switches the interface', async ({ page }) => {
    await page.getByLabel('Preferred language').selectOption('de');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profil erfolgreich aktualisiert')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('changing the password checks the current one and signs out the other sessions', async ({
    page,
    browser,
  }) => {
    // A second device, signed in with the old password.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInThroughForm(otherPage, provider);

    const form = page.getByRole('region', { name: 'Password' });
    await form.getByLabel('Current password').fill('wrong password');
    await form.getByLabel('New password', { exact: true }).fill('brand new secret');
    await form.getByLabel('Confirm new password').fill('brand new secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The password is not correct.')).toBeVisible();

    await form.getByLabel('Current password').fill(provider.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your password was changed. 1 other session was signed out.')).toBeVisible();

    const otherSession = await otherPage.request.get('/api/auth/session');
    expect((await otherSession.json())?.user ?? null).toBeNull();
    await other.close();
  });

  test('lists the active sessions, ends another one, and signs out everywhere', async ({ page, browser }) => {
    const other = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const otherPage = await other.newPage();
    await signInThroughForm(otherPage, provider);

    await page.reload();
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('This device');
    const phone = sessions.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
    await expect(phone).toContainText(/IP /);
    await phone.getByRole('button', { name: 'End session' }).click();
    await expect(page.getByText('The session was ended.')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await other.close();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/auth');
    await expect(page.getByText('You have been signed out on all devices.')).toBeVisible();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth**');
  });

  test('deleting the account needs DELETE and the password, then goes home', async ({ page }) => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete account forever' });
    await expect(confirm).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByLabel('Your password').fill('not my password');
    await confirm.click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();

    await dialog.getByLabel('Your password').fill(provider.password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();

    // The account is gone: signing in again fails.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(provider.email);
    await page.getByLabel('Password', { exact: true }).fill(provider.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  });
});
