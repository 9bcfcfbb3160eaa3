import { expect, request as playwrightRequest, test } from '@playwright/test';
import { createPortal, expectNoSidewaysScroll, PLATFORM, shot, signUpProvider, uniqueEmail } from './support';

/**
 * API keys (issue 27) end to end: a provider creates a key in Settings, the test calls the API with it
 * from a request context of its own (no cookies), revokes the key in Settings, and the next call answers
 * 401. In English on a desktop and in German on a phone.
 */
const TEXT = {
  en: {
    region: 'API keys',
    create: 'Create key',
    dialog: 'Create an API key',
    name: 'Name',
    clients: 'Clients',
    readWrite: 'Read & write',
    saved: 'I have saved the key',
    warning: 'It will not be shown again',
    active: 'Active',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke key',
    revoked: 'Revoked',
  },
  de: {
    region: 'API-Schlüssel',
    create: 'Schlüssel erstellen',
    dialog: 'API-Schlüssel erstellen',
    name: 'Name',
    clients: 'Kunden',
    readWrite: 'Lesen & schreiben',
    saved: 'Ich habe den Schlüssel gespeichert',
    warning: 'Er wird nicht noch einmal angezeigt',
    active: 'Aktiv',
    revoke: 'Widerrufen',
    revokeConfirm: 'Schlüssel widerrufen',
    revoked: 'Widerrufen',
  },
} as const;

const RUNS = [
  { lang: 'en', width: 1280, height: 900 },
  { lang: 'de', width: 390, height: 844 },
] as const;

for (const { lang, width, height } of RUNS) {
  test(`create a key in Settings, call the API with it, revoke it (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    const text = TEXT[lang];
    const context = await browser.newContext({
      locale: lang === 'de' ? 'de-DE' : 'en-US',
      viewport: { width, height },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await signUpProvider(context.request, { language: lang });
    const portalId = await createPortal(context.request);

    await page.goto('/dashboard/settings#api-keys');
    const region = page.getByRole('region', { name: text.region });
    await region.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByLabel(text.name, { exact: true }).fill(`Zapier ${lang}`);
    await dialog.getByLabel(text.clients, { exact: true }).selectOption('write');
    await dialog.getByRole('button', { name: text.create }).click();

    const secretDialog = page.getByRole('dialog', { name: new RegExp(`Zapier ${lang}`) });
    await expect(secretDialog.getByText(text.warning)).toBeVisible();
    const secret = await secretDialog.getByRole('textbox').inputValue();
    await shot(page, `api-keys/secret-${lang}-${width}`);
    expect(secret).toMatch(/^cp_live_[0-9A-Za-z]{43}$/);
    if (width < 500) await expectNoSidewaysScroll(page);
    await secretDialog.getByRole('button', { name: text.saved }).click();
    await expect(secretDialog).toBeHidden();
    await expect(region.getByText(`Zapier ${lang}`).locator('visible=true').first()).toBeVisible();
    await expect(region.getByText(secret.slice(0, 14)).locator('visible=true').first()).toBeVisible();
    await expect(region.getByText(text.active).locator('visible=true').first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The API with the key only: a context without the page's cookies, as a script would call it.
    const api = await playwrightRequest.newContext({ baseURL: PLATFORM });
    const auth = { Authorization: `Bearer ${secret}` };
    const list = await api.get('/api/clients', { headers: auth });
    expect(list.status()).toBe(200);
    expect(list.headers()['ratelimit-policy']).toBe('"default";q=600;w=60');
    const created = await api.post('/api/clients', {
      headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
      data: { name: 'Grace Hopper', email: uniqueEmail('grace'), portalId },
    });
    expect(created.status()).toBe(201);
    // Account-level operations never accept a key.
    expect((await api.get('/api/api-keys', { headers: auth })).status()).toBe(401);

    // The key is used: the list says when and from where.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/api-keys', {
      timeout: 60_000,
    });
    await page.reload();
    expect((await listed).status()).toBe(200);
    await expect(
      region
        .getByText(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/)
        .locator('visible=true')
        .first(),
    ).toBeVisible();
    await shot(region, `api-keys/list-${lang}-${width}`);

    await region
      .getByRole('button', { name: new RegExp(text.revoke, 'i') })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: text.revokeConfirm }).click();
    await expect(
      region.getByText(text.revoked, { exact: true }).locator('visible=true').first(),
    ).toBeVisible();
    const after = await api.get('/api/clients', { headers: auth });
    expect(after.status()).toBe(401);
    expect((await after.json()).error.code).toBe('api_key_invalid');
    await api.dispose();
    await context.close();
  });
}
