import { expect, type Locator, type Page, test } from '@playwright/test';
import { PHP_EXAMPLE } from '../../shared/widget/handoff-examples';
import { widgetSnippet } from '../../shared/widget/snippet';
import {
  axeViolations,
  createPortal as createPortalThroughApi,
  expectNoSidewaysScroll,
  shot,
  signUpProvider,
} from './support';

/**
 * The provider's side of the embeddable widget (issue 6): the portal editor's "Website widget" card (the
 * paste-in snippet per mode, the allowed-origins warning), its "Single sign-on" card (the signing secret:
 * shown once, rotated after a confirmation, turned off) and the developer guide at /dashboard/documentation,
 * in English and German, on a desktop and on a 390 px phone.
 */

/** Element screenshots without the sticky top bar drawn over the element's top. */
const NO_TOP_BAR = 'header.sticky { visibility: hidden; }';

const createPortal = (page: Page, portalName: string, allowedOrigins: string[]) =>
  createPortalThroughApi(page.request, portalName, { secondaryColor: '#0f766e', allowedOrigins });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The card titled `name` in the portal editor (its section is labelled by the heading). */
const card = (page: Page, name: string | RegExp): Locator => page.getByRole('region', { name });

async function switchToGerman(page: Page) {
  await page.getByRole('combobox', { name: /Language|Sprache/ }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

test.describe('website widget settings and documentation', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Signed in on the page's context; each test opens its own first page.
    await signUpProvider(page.request);
  });

  test('copies the snippet for each mode and manages the single-sign-on secret', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    // A portal made in the editor, without allowed websites yet.
    await page.goto('/dashboard/portals/new');
    await page.getByLabel('Portal name').fill('Widget Studio');
    await page.getByRole('button', { name: 'Create portal' }).click();
    await expect(page.getByText('Portal created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/portals\/[0-9a-f-]{36}$/);
    const portalId = page.url().split('/').at(-1) ?? '';

    const widget = card(page, 'Website widget');
    await expect(widget).toBeVisible();
    // No website may embed it yet: said plainly, with the way to the origins field.
    await expect(widget.getByRole('status')).toContainText('No website may show the widget yet.');
    await widget.getByRole('button', { name: 'Add a website' }).click();
    await expect(page.getByLabel('Website address')).toBeFocused();
    await page.getByLabel('Website address').fill('https://www.widget.studio');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Portal updated successfully')).toBeVisible();
    await expect(widget.getByRole('status')).toHaveCount(0);
    await expect(widget.getByText('https://www.widget.studio')).toBeVisible();

    // Floating (default): one block, the snippet of shared/widget/snippet.ts for this portal and platform.
    await expect(widget.getByRole('radio', { name: /Floating button/ })).toBeChecked();
    await widget.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await clipboard(page)).toBe(widgetSnippet({ origin, portalId, mode: 'floating' }));
    await widget.scrollIntoViewIfNeeded();
    await shot(widget, `widget-settings/widget-card-en-1280`, { style: NO_TOP_BAR });

    // Inline: the element to place, then the snippet ending in the inline command.
    await widget.getByRole('radio', { name: /Inline/ }).check();
    const copyButtons = widget.getByRole('button', { name: 'Copy', exact: true });
    await expect(copyButtons).toHaveCount(2);
    await expect(widget.getByText('<div id="client-portal"></div>')).toBeVisible();
    await copyButtons.nth(1).click();
    expect(await clipboard(page)).toBe(widgetSnippet({ origin, portalId, mode: 'inline' }));
    await copyButtons.nth(0).click();
    expect(await clipboard(page)).toBe('<div id="client-portal"></div>');

    // Popup: a button with the open attribute.
    await widget.getByRole('radio', { name: /Popup/ }).check();
    await copyButtons.nth(0).click();
    expect(await clipboard(page)).toBe(
      '<button type="button" data-client-portal-open>Client portal</button>',
    );
    await copyButtons.nth(1).click();
    expect(await clipboard(page)).toBe(widgetSnippet({ origin, portalId, mode: 'popup' }));

    // Single sign-on: not set up, then a secret shown once.
    const sso = card(page, 'Single sign-on');
    await expect(sso.getByTestId('sso-status')).toContainText('Not set up');
    await sso.getByRole('button', { name: 'Generate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new signing secret' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('You will not see it again.')).toBeVisible();
    const secret = (await dialog.getByRole('status', { name: 'Signing secret' }).innerText()).trim();
    expect(secret).toMatch(/^cpws_[\w-]{43}$/);
    await expect(dialog.getByRole('status', { name: 'Portal ID' })).toHaveText(portalId);
    await dialog.getByRole('button', { name: 'Copy the signing secret' }).click();
    expect(await clipboard(page)).toBe(secret);
    await shot(dialog, `widget-settings/secret-dialog-en-1280`, { style: NO_TOP_BAR });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(sso.getByRole('button', { name: 'Rotate secret' })).toBeFocused();
    const hint = secret.slice(-4);
    await expect(sso.getByTestId('sso-status')).toContainText(`Signing secret ending in ····${hint}`);
    await shot(sso, `widget-settings/sso-card-en-1280`, { style: NO_TOP_BAR });
    const status = await (await page.request.get(`/api/portals/${portalId}/widget-secret`)).json();
    expect(status).toMatchObject({ configured: true, hint });

    // After a reload only the last four characters are left.
    await page.reload();
    await expect(sso.getByTestId('sso-status')).toContainText(`····${hint}`);
    await expect(page.getByText(secret)).toHaveCount(0);

    // Rotating asks first: cancelling keeps the secret.
    await sso.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(confirm).toContainText('The current secret stops working at once');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await (await page.request.get(`/api/portals/${portalId}/widget-secret`)).json()).hint).toBe(hint);
    await sso.getByRole('button', { name: 'Rotate secret' }).click();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByText('Signing secret rotated')).toBeVisible();
    const rotated = (await dialog.getByRole('status', { name: 'Signing secret' }).innerText()).trim();
    expect(rotated).toMatch(/^cpws_/);
    expect(rotated).not.toBe(secret);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(sso.getByTestId('sso-status')).toContainText(`····${rotated.slice(-4)}`);

    // Turning it off asks too, then the portal has no secret.
    await sso.getByRole('button', { name: 'Turn off single sign-on' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off single sign-on?' });
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Single sign-on turned off')).toBeVisible();
    await expect(sso.getByTestId('sso-status')).toContainText('Not set up');
    expect((await (await page.request.get(`/api/portals/${portalId}/widget-secret`)).json()).configured).toBe(
      false,
    );
    await expect(sso.getByRole('button', { name: 'Generate secret' })).toBeVisible();

    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });

  test('the documentation opens from the sidebar, copies its code and speaks German', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const portalId = await createPortal(page, 'Docs Studio', ['https://www.docs.studio']);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Documentation' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/documentation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    await expect(page).toHaveTitle(/^Documentation · /);
    await expect(page.getByLabel('Examples for')).toHaveValue(portalId);

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveCount(19);
    await shot(page, `widget-settings/docs-en-1280`);

    // The installation snippet is this portal's, for this platform: copied as it is.
    const installation = page.getByRole('region', { name: 'Installation' });
    await installation.getByRole('button', { name: 'Copy' }).first().click();
    await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
    expect(await clipboard(page)).toBe(widgetSnippet({ origin, portalId, mode: 'floating' }));

    // The table of contents leads to single sign-on; its PHP example is the tested one.
    await toc.getByRole('link', { name: 'Single sign-on' }).click();
    await expect(page).toHaveURL(/#identity-handoff$/);
    const handoff = page.getByRole('region', { name: 'Single sign-on' });
    await expect(handoff.getByRole('heading', { level: 2 })).toBeInViewport();
    await handoff.getByRole('tab', { name: 'PHP' }).click();
    const php = handoff.getByRole('figure', { name: 'client-portal-token.php' });
    await php.getByRole('button', { name: 'Copy' }).click();
    expect(await clipboard(page)).toBe(PHP_EXAMPLE);
    await shot(handoff, `widget-settings/docs-handoff-en-1280`, { style: NO_TOP_BAR });

    // CSP lines name this platform; the API links lead to the reference and the document.
    await expect(page.getByRole('figure', { name: 'Content-Security-Policy' }).locator('pre')).toHaveText(
      `script-src ${origin};\nframe-src ${origin};\nconnect-src ${origin};`,
    );
    const api = page.getByRole('region', { name: 'The API and API keys' });
    await expect(api.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');
    await expect(api.getByRole('link', { name: /OpenAPI document/ })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    expect((await page.request.get('/api/openapi.json')).status()).toBe(200);

    for (const [name, file] of [
      ['Modes', 'modes'],
      ['Commands', 'commands'],
      ['Events', 'events'],
      ['Sign-in inside the widget', 'sign-in'],
      ['Content Security Policy', 'csp'],
    ] as const) {
      await shot(page.getByRole('region', { name, exact: true }), `widget-settings/docs-${file}-en-1280`, {
        style: NO_TOP_BAR,
      });
    }

    expect(await axeViolations(page, { include: 'main' })).toEqual([]);

    // German, and the way back from the editor's single-sign-on card to its section.
    await switchToGerman(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('heading', { level: 1, name: 'Dokumentation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Auf dieser Seite' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Befehle' })).toBeAttached();
    await shot(page, `widget-settings/docs-de-1280`);

    await page.goto(`/dashboard/portals/${portalId}`);
    const widget = card(page, 'Website-Widget');
    await expect(widget.getByRole('radio', { name: /Schwebende Schaltfläche/ })).toBeChecked();
    await widget.scrollIntoViewIfNeeded();
    await shot(widget, `widget-settings/widget-card-de-1280`, { style: NO_TOP_BAR });
    const sso = card(page, 'Single Sign-on');
    await sso.getByRole('button', { name: 'Schlüssel erzeugen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ihr neuer Signaturschlüssel' });
    await expect(dialog.getByText('Sie werden ihn nicht noch einmal sehen.')).toBeVisible();
    await shot(dialog, `widget-settings/secret-dialog-de-1280`, { style: NO_TOP_BAR });
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await sso.getByRole('link', { name: 'So signieren Sie Tokens' }).click();
    await expect(page).toHaveURL(/\/dashboard\/documentation#identity-handoff$/);
    await expect(
      page.getByRole('region', { name: 'Single Sign-on' }).getByRole('heading', { level: 2 }),
    ).toBeInViewport();
  });

  test('on a 390 px phone the widget card, the secret dialog and the documentation fit the screen @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const portalId = await createPortal(page, 'Pocket Widget Studio', ['https://www.pocket.studio']);

    for (const language of ['en', 'de'] as const) {
      if (language === 'de') await switchToGerman(page);
      await page.goto(`/dashboard/portals/${portalId}`);
      const widget = card(page, language === 'en' ? 'Website widget' : 'Website-Widget');
      await widget.scrollIntoViewIfNeeded();
      await expect(widget.locator('pre')).toBeVisible();
      await expectNoSidewaysScroll(page);
      // The snippet's long first line scrolls inside its box.
      const scrolls = await widget
        .locator('pre')
        .evaluate((pre) => pre.scrollWidth > pre.clientWidth && pre.clientWidth > 0);
      expect(scrolls).toBe(true);
      await shot(widget, `widget-settings/widget-card-${language}-390`, { style: NO_TOP_BAR });

      const sso = card(page, language === 'en' ? 'Single sign-on' : 'Single Sign-on');
      await sso
        .getByRole('button', {
          name: language === 'en' ? /Generate secret|Rotate secret/ : /Schlüssel erzeugen|Schlüssel erneuern/,
        })
        .click();
      if (language === 'de') {
        await page
          .getByRole('dialog', { name: 'Signaturschlüssel erneuern?' })
          .getByRole('button', { name: 'Schlüssel erneuern' })
          .click();
      }
      const dialog = page.getByRole('dialog', {
        name: language === 'en' ? 'Your new signing secret' : 'Ihr neuer Signaturschlüssel',
      });
      await expect(dialog).toBeVisible();
      expect((await dialog.boundingBox())?.width ?? 999).toBeLessThanOrEqual(390);
      await shot(page, `widget-settings/secret-dialog-${language}-390`);
      await dialog.getByRole('button', { name: language === 'en' ? 'Done' : 'Fertig' }).click();

      // The documentation through the slide-over navigation.
      await page
        .getByRole('button', { name: language === 'en' ? 'Open navigation' : 'Navigation öffnen' })
        .click();
      await page
        .getByRole('dialog', { name: language === 'en' ? 'Main navigation' : 'Hauptnavigation' })
        .getByRole('link', { name: language === 'en' ? 'Documentation' : 'Dokumentation' })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: language === 'en' ? 'Documentation' : 'Dokumentation' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `widget-settings/docs-${language}-390`);
      const handoff = page.getByRole('region', {
        name: language === 'en' ? 'Single sign-on' : 'Single Sign-on',
      });
      const node = handoff.getByRole('figure', { name: 'client-portal-token.mjs' });
      await node.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await shot(page, `widget-settings/docs-handoff-${language}-390`);
      await node.getByRole('button').click();
      await expect(
        page.getByText(language === 'en' ? 'Copied to clipboard' : 'In die Zwischenablage kopiert'),
      ).toBeVisible();
      expect(await clipboard(page)).toContain(`aud: PORTAL_ID`);
    }
  });
});
