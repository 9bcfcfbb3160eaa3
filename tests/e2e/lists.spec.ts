import { mkdirSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { listWorld } from './list-world';
import { axeViolations } from './support';

/**
 * The dashboard's four lists on the section kit (issue 26): nothing in a table or a chip row is cut at
 * 1280 px, in English and German; and, on demand (`E2E_SHOTS=1`), a walk of every list, empty state,
 * error state and dialog at 1280 px and 390 px in both languages (into `E2E_SHOTS_DIR`, default
 * /tmp/shots-lists). Worlds are set up through the API.
 */

/** Lazy chunks of a cold server on a busy machine: the sections get more than the default 5 s. */
const expect = baseExpect.configure({ timeout: 15_000 });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Lang = 'en' | 'de';

async function setLanguage(request: APIRequestContext, lang: Lang) {
  const res = await request.patch('/api/profile', { data: { preferredLanguage: lang } });
  expect(res.status()).toBe(200);
}

async function open(browser: Browser, request: APIRequestContext, lang: Lang, viewport = DESKTOP) {
  const context = await browser.newContext({
    storageState: await request.storageState(),
    locale: lang === 'de' ? 'de-DE' : 'en-US',
    viewport,
    ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((language) => localStorage.setItem('language', language), lang);
  return context;
}

/** Goes to a section page and waits for its heading and for its data (no busy region left). */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * What of an element's content is out of sight: a cell or chip whose text is wider than its box (unless
 * it gives way on purpose, ending in "…" with its full text in `title`), or one that ends beyond the
 * visible box of its frame (cut by the frame's edge, or scrolled out of view).
 */
async function clipped(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const cut: string[] = [];
    const box = root.getBoundingClientRect();
    for (const element of root.querySelectorAll<HTMLElement>('th, td, button')) {
      if (element.offsetParent === null) continue; // not shown (a column stepped aside)
      const rect = element.getBoundingClientRect();
      const overflows = element.scrollWidth > element.clientWidth + 1 && !element.title;
      if (overflows || rect.right > box.right + 1 || rect.left < box.left - 1)
        cut.push(element.innerText.trim());
    }
    return cut;
  });
}

test.describe('lists at 1280 and 390 px', () => {
  // One provider for the four checks, signed in on its own request context.
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await listWorld(api);
  });
  test.afterAll(() => api.dispose());

  for (const lang of ['en', 'de'] as const) {
    test(`the invoice list shows every column whole (${lang})`, async ({ browser }) => {
      await setLanguage(api, lang);
      const context = await open(browser, api, lang);
      try {
        const page = await context.newPage();
        await visit(page, '/dashboard/invoices');
        const table = page.getByRole('main').locator('table').first();
        await expect(table.locator('tbody tr')).toHaveCount(6);
        const frame = table.locator('xpath=..');
        expect(await clipped(frame)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test(`the clients, projects and files tables show every column whole (${lang})`, async ({ browser }) => {
      await setLanguage(api, lang);
      const context = await open(browser, api, lang);
      try {
        const page = await context.newPage();
        for (const section of ['clients', 'projects', 'files']) {
          await visit(page, `/dashboard/${section}`);
          const table = page.getByRole('main').locator('table').first();
          await expect(table.locator('tbody tr').first()).toBeVisible();
          expect(await clipped(table.locator('xpath=..')), section).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });

    test(`at 390 px no list is wider than the phone's screen (${lang})`, async ({ browser }) => {
      await setLanguage(api, lang);
      const context = await open(browser, api, lang, PHONE);
      try {
        const page = await context.newPage();
        for (const section of ['clients', 'projects', 'files', 'invoices']) {
          await visit(page, `/dashboard/${section}`);
          await expect(page.getByRole('main').getByRole('list').first()).toBeVisible();
          // The right edge of everything in the page's main region (but what scrolls sideways in a row of
          // its own, like the status chips), against the phone's width: a wider page would zoom out.
          const right = await page.getByRole('main').evaluate((main) => {
            const inScroller = (element: Element) => {
              for (let node = element.parentElement; node && node !== main; node = node.parentElement)
                if (getComputedStyle(node).overflowX !== 'visible') return true;
              return false;
            };
            const edges = [...main.querySelectorAll('*')]
              .filter((element) => !inScroller(element))
              .map((element) => element.getBoundingClientRect().right);
            return Math.max(...edges);
          });
          expect(right, section).toBeLessThanOrEqual(PHONE.width);
        }
      } finally {
        await context.close();
      }
    });

    test(`the files list shows every status chip whole (${lang})`, async ({ browser }) => {
      await setLanguage(api, lang);
      const context = await open(browser, api, lang);
      try {
        const page = await context.newPage();
        await visit(page, '/dashboard/files');
        const chips = page.getByRole('main').getByRole('group').first();
        await expect(chips.getByRole('button')).toHaveCount(7);
        expect(await clipped(chips)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

test('the kit: sorting headers, "Load more" by cursor, focus in the form and delete dialogs, no axe violations', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const w = await listWorld(request);
  // 50 more clients: 55 in all, more than one page of 50.
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      request
        .post('/api/clients', {
          data: {
            name: `Paged ${String(i).padStart(2, '0')}`,
            email: `paged-${i}-${Date.now()}@example.com`,
            portalId: w.portalId,
          },
        })
        .then((res) => expect(res.status()).toBe(201)),
    ),
  );
  const context = await open(browser, request, 'en');
  try {
    const page = await context.newPage();
    const main = page.getByRole('main');
    await visit(page, '/dashboard/clients');
    const table = main.getByRole('table', { name: 'Clients' });
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    // A header sorts: first ascending, again descending; the URL keeps it.
    await table.getByRole('button', { name: 'E-mail' }).click();
    await expect(table.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort', /./);
    await table.getByRole('button', { name: 'E-mail' }).click();
    await expect(table.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page).toHaveURL(/sort=email&order=desc/);

    // One page of 50, then the rest by the cursor; the count is announced and keeps the focus.
    await expect(main.getByRole('status').filter({ hasText: 'of 55 shown' })).toHaveText('50 of 55 shown');
    await expect(table.locator('tbody tr')).toHaveCount(50);
    await main.getByRole('button', { name: 'Load more' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(55);
    await expect(main.getByText('55 of 55 shown')).toBeFocused();
    await expect(main.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const emails = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(emails).toEqual([...emails].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(new Set(emails).size).toBe(55);
    expect(await axeViolations(page, { serious: true })).toEqual([]);

    // The form dialog: the first field has the focus; a failed check moves it to the field in error;
    // Escape closes and gives the focus back to what opened the dialog.
    const add = main.getByRole('button', { name: 'Add client' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Email').fill('not an address');
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page, { serious: true })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();

    // The delete dialog starts on Cancel (never on the irreversible button).
    await visit(page, `/dashboard/clients/${w.clientId}`);
    const remove = main.getByRole('button', { name: 'Delete' });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: /^Delete / });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(remove).toBeFocused();
  } finally {
    await context.close();
  }
});

test.describe('screenshot walk', () => {
  test.skip(!process.env.E2E_SHOTS, 'screenshots only with E2E_SHOTS=1');
  const dir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-lists';

  test('every list, empty and error state and dialog at 1280 and 390 px, in English and German', async ({
    browser,
    playwright,
    request,
  }) => {
    test.setTimeout(900_000);
    mkdirSync(dir, { recursive: true });
    const w = await listWorld(request);
    // A second provider with a portal and nothing else: the empty states.
    const empty = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const { world } = await import('./collaboration-world');
    await world(empty);
    const emptyClients = ((await (await empty.get('/api/clients')).json()) as { items: { id: string }[] })
      .items;
    for (const client of emptyClients) await empty.delete(`/api/clients/${client.id}`);

    for (const lang of ['en', 'de'] as const) {
      await setLanguage(request, lang);
      await setLanguage(empty, lang);
      for (const [size, viewport] of [
        ['1280', DESKTOP],
        ['390', PHONE],
      ] as const) {
        const name = (what: string) => `${dir}/${lang}-${size}-${what}.png`;
        const shot = (page: Page, what: string) => page.screenshot({ path: name(what), fullPage: true });
        const dialogShot = async (page: Page, what: string) => {
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.screenshot({ path: name(what) });
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        };
        const context = await open(browser, request, lang, viewport);
        const page = await context.newPage();
        const main = page.getByRole('main');
        const add = main.getByRole('button', { name: lang === 'en' ? /^(New|Add)/ : /^(Neu|Kunde|Projekt)/ });

        await visit(page, '/dashboard/clients');
        await shot(page, 'clients');
        await add.first().click();
        await dialogShot(page, 'clients-form');
        await visit(page, `/dashboard/clients/${w.clientId}`);
        await shot(page, 'client');
        await main.getByRole('button', { name: lang === 'en' ? 'Delete' : 'Löschen' }).click();
        await dialogShot(page, 'client-delete');

        await visit(page, '/dashboard/projects');
        await shot(page, 'projects');
        await add.first().click();
        await dialogShot(page, 'projects-form');
        await visit(page, `/dashboard/projects/${w.website}`);
        await shot(page, 'project');
        await main.getByRole('button', { name: lang === 'en' ? 'Edit' : 'Bearbeiten' }).click();
        await dialogShot(page, 'project-form');
        await main.getByRole('button', { name: lang === 'en' ? 'Delete' : 'Löschen' }).click();
        await dialogShot(page, 'project-delete');

        await visit(page, '/dashboard/files');
        // The thumbnails arrive once the preview jobs ran (the list asks again while one is pending).
        await expect(main.getByRole('img', { name: /moodboard/ }).locator('visible=true')).toBeVisible({
          timeout: 30_000,
        });
        await shot(page, 'files');
        await visit(page, `/dashboard/files/${w.fileId}`);
        await shot(page, 'file');
        await main.getByRole('button', { name: lang === 'en' ? 'Rename' : 'Umbenennen' }).click();
        await dialogShot(page, 'file-rename');
        await main.getByRole('button', { name: lang === 'en' ? 'Delete' : 'Löschen' }).click();
        await dialogShot(page, 'file-delete');

        await visit(page, '/dashboard/invoices');
        await shot(page, 'invoices');
        await visit(page, `/dashboard/invoices/${w.invoiceIds.paid}`);
        await shot(page, 'invoice');
        await visit(page, `/dashboard/invoices/${w.invoiceIds.draft}`);
        await main.getByRole('button', { name: lang === 'en' ? 'Delete' : 'Löschen' }).click();
        await dialogShot(page, 'invoice-delete');
        await visit(page, `/dashboard/invoices/${w.invoiceIds.sent}`);
        await main.getByRole('button', { name: lang === 'en' ? 'Mark as paid' : /bezahlt/ }).click();
        await dialogShot(page, 'invoice-paid');

        // Error states: every list's request fails (500, after the query's retries).
        await page.route(/\/api\/(clients|projects|files|invoices)(\?|$)/, (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'internal', message: 'Internal error', requestId: 'x' } }),
          }),
        );
        for (const section of ['clients', 'projects', 'files', 'invoices']) {
          await page.goto(`/dashboard/${section}`);
          await expect(main.getByRole('alert')).toBeVisible({ timeout: 30_000 });
          await shot(page, `${section}-error`);
        }
        await context.close();

        // Empty states, of a provider with a portal and nothing else.
        const emptyContext = await open(browser, empty, lang, viewport);
        const emptyPage = await emptyContext.newPage();
        for (const section of ['clients', 'projects', 'files', 'invoices']) {
          await visit(emptyPage, `/dashboard/${section}`);
          await shot(emptyPage, `${section}-empty`);
        }
        await emptyContext.close();
      }
    }
    await empty.dispose();
  });
});
