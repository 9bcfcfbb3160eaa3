import { expect, test } from '@playwright/test';
import {
  createClient,
  createPortal,
  FIRST_LOAD,
  latestMail,
  linkIn,
  RECENTLY_IN_TEXT,
  SHOT_WIDTHS,
  setProfileLanguage,
  shot,
  signUpProvider,
  uniqueEmail,
  watchDeletion,
} from './support';

test.describe('clients section', () => {
  // Signed in on the page's context; each test opens its own first page.
  test.beforeEach(async ({ page }) => {
    await signUpProvider(page.request);
  });

  test('explains that a portal is needed before the first client', async ({ page }) => {
    await page.goto('/dashboard/clients');
    await expect(page.getByRole('heading', { name: 'Set up a portal first' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('link', { name: 'Set up a portal' })).toHaveAttribute(
      'href',
      '/dashboard/portals',
    );
  });

  test('adds, finds, invites, edits and deletes a client', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const portalId = await createPortal(page.request);
    await page.goto('/dashboard/clients');
    await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible(FIRST_LOAD);

    // Create: the shared contract's messages first, then a valid client.
    await page.getByRole('button', { name: 'Add client' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await expect(dialog.getByText('Client name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    const clientEmail = uniqueEmail('grace');
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(clientEmail);
    await dialog.getByLabel('Company').fill('Navy Labs');
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await expect(page.getByText('Client created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The e-mail is unique per portal: the 409 lands on the e-mail field.
    await page.getByRole('button', { name: 'Add client' }).first().click();
    await dialog.getByLabel('Name').fill('Grace Again');
    await dialog.getByLabel('Email').fill(clientEmail.toUpperCase());
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await expect(dialog.getByText('A client with this email already exists in this portal')).toBeVisible();
    await expect(page.getByText('Failed to create client')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Search (debounced, in the URL).
    const search = page.getByLabel('Search clients');
    await search.fill('nobody-like-this');
    await expect(page.getByText('No clients match your search.')).toBeVisible();
    await expect(page).toHaveURL(/q=nobody-like-this/);
    await search.fill('navy');
    await expect(page).toHaveURL(/q=navy/);
    await page.getByRole('link', { name: 'Grace Hopper' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/clients\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    await expect(page.getByText('Never')).toBeVisible();

    // Invite: the invitation mail (its own subject, not the sign-in mail's) reaches the outbox.
    await page.getByRole('button', { name: 'Invite to portal' }).click();
    await expect(page.getByText(`Invitation sent to ${clientEmail}`)).toBeVisible();
    const mail = await latestMail(request, clientEmail);
    expect(mail.subject).toBe('Analytical Studio invites you to your client portal');
    expect(mail.text).toContain('/portal/auth?token=');

    // At most 3 invitations per clock hour to one client: the next is refused with the limit and the wait
    // (a whole hour when the window has just begun). The window is the clock's hour, so an hour that turns
    // while this runs opens a new one: the API fills it until it refuses, and the form is refused then.
    const clientId = page.url().split('/').at(-1) ?? '';
    await expect(async () => {
      for (let i = 0; i < 3; i++) {
        if ((await page.request.post(`/api/clients/${clientId}/invite`)).status() === 429) break;
      }
      await page.getByRole('button', { name: 'Invite to portal' }).click();
      await expect(page.getByText('Invitation limit reached')).toBeVisible();
    }).toPass();
    await expect(
      page.getByText(
        /^You can invite this client at most 3 times per hour\. Please try again in (\d+ minutes?|1 hour)\.$/,
      ),
    ).toBeVisible();
    await shot(page, 'clients/invite-limit-en');

    // Copy the portal link.
    await page.getByRole('button', { name: 'Copy portal link' }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/portal/${portalId}`);

    // Initial password, at least 6 characters.
    await page.getByRole('button', { name: 'Set initial password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Set initial password' });
    await passwordDialog.getByLabel('Password').fill('12345');
    await passwordDialog.getByRole('button', { name: 'Set password' }).click();
    await expect(passwordDialog.getByText('Password should be at least 6 characters')).toBeVisible();
    // One of the 10,000 most common passwords: refused by the server with its translated message.
    await passwordDialog.getByLabel('Password').fill('secret1');
    await passwordDialog.getByRole('button', { name: 'Set password' }).click();
    await expect(
      passwordDialog.getByText('This password is too common and easy to guess. Please choose another one.'),
    ).toBeVisible();
    await passwordDialog.getByLabel('Password').fill('plum tree 7');
    await passwordDialog.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Password set.')).toBeVisible();
    await expect(page.getByText('Magic link or password')).toBeVisible();

    // The client signs in to the portal; a login moments ago reads "just now" (never a bare "now").
    const signIn = await page.request.post('/api/portal/sign-in', {
      data: { email: clientEmail, password: 'plum tree 7', portalId },
    });
    expect(signIn.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('definition').filter({ hasText: RECENTLY_IN_TEXT.en })).toBeVisible();

    // Edit. A new e-mail address is announced as what it is: the end of the client's portal access.
    await page.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit client' });
    await editDialog.getByLabel('Name').fill('Grace B. Hopper');
    await editDialog.getByLabel('Phone').fill('+1 555 0100');
    const note = editDialog.getByRole('note');
    await expect(note).toBeHidden();
    const newEmail = uniqueEmail('grace-new');
    await editDialog.getByLabel('Email').fill(newEmail);
    await expect(note).toHaveText(
      'Changing the e-mail address signs Grace Hopper out of the portal, voids their unused sign-in links and removes their password. Invite them again so they can sign in with the new address.',
    );
    await shot(page, 'clients/email-change-note-en');
    await editDialog.getByLabel('Email').fill(clientEmail.toUpperCase());
    await expect(note).toBeHidden();
    await editDialog.getByLabel('Email').fill(newEmail);
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Client updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Grace B. Hopper' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+1 555 0100' })).toBeVisible();
    // The password went with the old address; the invitation sent to it no longer signs anyone in.
    await expect(page.getByText('Magic link', { exact: true })).toBeVisible();
    const consumed = await request.post('/api/portal/magic-link/consume', {
      data: { token: new URL(linkIn(mail.text, '/portal/auth')).searchParams.get('token') },
    });
    expect(consumed.status()).toBe(400);

    // Delete, after a confirmation: the deleted client's detail is not fetched again (no 404, nothing on
    // the console).
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.getByRole('button', { name: 'Delete' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Grace B. Hopper?' });
    await expect(deleteDialog.getByText('permanently deletes the client')).toBeVisible();
    const notAskedAgain = watchDeletion(page, `/api/clients/${clientId}`, '/api/clients');
    await deleteDialog.getByRole('button', { name: 'Delete client' }).click();
    await expect(page.getByText('Client deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/clients$/);
    await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible();
    await notAskedAgain();
    expect(consoleErrors).toEqual([]);
  });

  test('list, detail and the e-mail note in English and German (at 1280 and 390 px with E2E_SHOTS)', async ({
    page,
  }) => {
    const portalId = await createPortal(page.request);
    const people = [
      ['Grace Hopper', 'Navy Labs'],
      ['Ada Lovelace', 'Analytical Engines'],
      ['Alan Turing', null],
      ['Katherine Johnson', 'NASA Langley'],
    ] as const;
    let firstId = '';
    for (const [name, company] of people) {
      const { id } = await createClient(page.request, { name, portalId, company });
      firstId ||= id;
    }
    for (const lang of ['en', 'de'] as const) {
      await setProfileLanguage(page.request, lang);
      for (const width of SHOT_WIDTHS) {
        await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
        await page.goto('/dashboard/clients');
        await expect(
          page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Clients' : 'Kunden' }),
        ).toBeVisible(FIRST_LOAD);
        await expect(page.getByText('Katherine Johnson').locator('visible=true').first()).toBeVisible();
        await shot(page, `clients/list-${lang}-${width}`);
        await page.goto(`/dashboard/clients/${firstId}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
        await shot(page, `clients/detail-${lang}-${width}`);
        // The edit dialog's note on a new e-mail address.
        await page.getByRole('button', { name: lang === 'en' ? 'Edit' : 'Bearbeiten' }).click();
        await page
          .getByRole('dialog')
          .getByLabel(/^E-?mail$/i)
          .fill(uniqueEmail('changed'));
        await expect(page.getByRole('dialog').getByRole('note')).toContainText(
          lang === 'en' ? 'Changing the e-mail address' : 'Wenn Sie die E-Mail-Adresse ändern',
        );
        await shot(page, `clients/email-note-${lang}-${width}`);
        await page.keyboard.press('Escape');
      }
    }
  });
});
