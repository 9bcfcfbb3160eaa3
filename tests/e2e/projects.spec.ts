import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  axeViolations,
  createClient,
  createPortal,
  createProject as createProjectThroughApi,
  FIRST_LOAD,
  RECENTLY_IN_TEXT,
  setProfileLanguage,
  shot,
  signUpProvider,
  watchDeletion,
} from './support';

/** The provider's set-up through the API with the page's session cookie: a portal and two clients. */
async function setUp(page: Page) {
  const portalId = await createPortal(page.request, 'Lovelace Studio');
  const client = async (name: string, company: string) =>
    (await createClient(page.request, { name, portalId, company })).id;
  return { grace: await client('Grace Hopper', 'Navy Labs'), alan: await client('Alan Turing', 'Bletchley') };
}

const createProject = (page: Page, data: Record<string, unknown>) =>
  createProjectThroughApi(page.request, data);

/** Serious and critical axe findings on the page. */
const seriousViolations = (page: Page) => axeViolations(page, { serious: true });

test.describe('projects section', () => {
  // Signed in on the page's context; each test opens its own first page.
  test.beforeEach(async ({ page }) => {
    await signUpProvider(page.request);
  });

  test('asks for a client before the first project', async ({ page }) => {
    await page.goto('/dashboard/projects');
    await expect(page.getByRole('heading', { name: 'Add a client first' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('link', { name: 'Add a client' })).toHaveAttribute(
      'href',
      '/dashboard/clients',
    );
  });

  test('creates, filters, edits, reads the activity of and deletes a project', async ({ page }) => {
    // A long flow: on a loaded machine it needs more than the default 30 s.
    test.slow();
    const { grace, alan } = await setUp(page);
    await createProject(page, {
      name: 'Codebreaker',
      clientId: alan,
      status: 'on_hold',
      budgetCents: 90_000,
    });
    await page.goto('/dashboard');
    const activeProjects = page
      .getByRole('region', { name: 'Totals' })
      .locator('div', { has: page.getByRole('heading', { name: 'Active projects' }) })
      .first();
    await expect(activeProjects).toContainText('0');

    await page.getByRole('link', { name: 'Projects' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'Codebreaker' })).toContainText('On hold');
    await expect(rows.filter({ hasText: 'Codebreaker' })).toContainText('$900.00');
    await expect(rows.filter({ hasText: 'Codebreaker' })).toContainText('Alan Turing');

    // Create: the shared contract's messages first, then a valid project.
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('Project name is required')).toBeVisible();
    await expect(dialog.getByText('Please choose a client')).toBeVisible();
    await dialog.getByLabel('Project name').fill('Brand refresh');
    await dialog.getByLabel('Client', { exact: true }).selectOption({ label: 'Grace Hopper' });
    await dialog.getByLabel('Status').selectOption({ label: 'In progress' });
    await dialog.getByRole('textbox', { name: /^Budget/ }).fill('12,500.5x');
    await dialog.getByLabel('Start date').fill('2026-03-01');
    await dialog.getByLabel('End date').fill('2026-06-30');
    await dialog.getByLabel('Description').fill('A new logo and website colours.');
    await dialog.getByLabel('Internal notes').fill('Quote sent with a 10 % discount.');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('Please enter a budget of 0 or more')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Budget/ }).fill('12,500.5');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByText('Project created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = rows.filter({ hasText: 'Brand refresh' });
    await expect(created).toContainText('$12,500.50');
    await expect(created).toContainText('In progress');
    await expect(created).toContainText('03/01/2026 – 06/30/2026');
    await shot(page, `projects/list-en-1280`);

    // Filters and search, in the URL.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'On hold' });
    await expect(page).toHaveURL(/status=on_hold/);
    await expect(rows.filter({ hasText: 'Codebreaker' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Brand refresh' })).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Grace Hopper' });
    await expect(page).toHaveURL(new RegExp(`client=${grace}`));
    await expect(rows.filter({ hasText: 'Brand refresh' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Codebreaker' })).toHaveCount(0);
    await page.getByLabel('Search projects').fill('codebreaker');
    await expect(page.getByText('No projects match your filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows.filter({ hasText: 'Codebreaker' })).toBeVisible();
    await page.getByLabel('Search projects').fill('BRAND');
    await expect(page).toHaveURL(/q=BRAND/);
    await expect(rows.filter({ hasText: 'Codebreaker' })).toHaveCount(0);

    // Sort by name from the column header.
    await page.getByLabel('Search projects').fill('');
    await expect(rows.filter({ hasText: 'Codebreaker' })).toBeVisible();
    await page.getByRole('columnheader', { name: 'Project' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=name&order=asc/);
    await expect(rows.nth(1)).toContainText('Brand refresh');
    await expect(rows.nth(2)).toContainText('Codebreaker');

    // The project page: the overview with its internal notes marked, the client link, the tabs.
    await page.getByRole('link', { name: 'Brand refresh' }).click();
    await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brand refresh' })).toBeVisible();
    const projectId = page.url().split('/').at(-1) ?? '';
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText('Quote sent with a 10 % discount.')).toBeVisible();
    await expect(
      overview
        .locator('section', { has: page.getByRole('heading', { name: 'Internal notes' }) })
        .getByText('Not visible to the client'),
    ).toBeVisible();
    await expect(overview.getByText('$12,500.50')).toBeVisible();
    await expect(overview.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/dashboard/clients/${grace}`,
    );
    await shot(page, `projects/project-overview-en-1280`);

    // Edit with the end before the start: the translated field error, nothing saved.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit project' });
    await expect(edit.getByRole('textbox', { name: /^Budget/ })).toHaveValue('12,500.50');
    await edit.getByLabel('End date').fill('2026-02-01');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('The end date cannot be before the start date')).toBeVisible();
    await expect(edit.getByLabel('End date')).toBeFocused();
    await shot(page, `projects/edit-end-before-start-en`);

    // A project with messages keeps its client: the server's 409 lands on the client field.
    const message = await page.request.post(`/api/projects/${projectId}/messages`, {
      data: { clientMessageId: randomUUID(), body: 'Here are the first drafts.' },
    });
    expect(message.status()).toBe(201);
    await edit.getByLabel('End date').fill('2026-07-31');
    await edit.getByLabel('Client', { exact: true }).selectOption({ label: 'Alan Turing' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      edit.getByText('This project already has messages, so it cannot move to another client.'),
    ).toBeVisible();
    await expect(page.getByText('Failed to update project')).toBeVisible();
    await edit.getByLabel('Client', { exact: true }).selectOption({ label: 'Grace Hopper' });
    await edit.getByLabel('Status').selectOption({ label: 'Completed' });
    await edit.getByRole('checkbox', { name: 'Show the budget to the client' }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Project updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByText('03/01/2026 – 07/31/2026')).toBeVisible();
    await expect(overview.getByText('Visible to the client', { exact: true })).toBeVisible();

    // Activity: the API's feed, newest first, relative times; the tab is in the URL.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/tab=activity/);
    const feed = page.getByRole('tabpanel', { name: 'Activity' }).getByRole('listitem');
    // One save, two rows: the status change and the other fields (only the changed ones are sent).
    await expect(feed.nth(0)).toContainText('Project updated: Brand refresh');
    await expect(feed.nth(1)).toContainText('Brand refresh is now Completed');
    await expect(feed.nth(1)).toContainText('Before: In progress.');
    await expect(feed).toHaveCount(4);
    await expect(feed.filter({ hasText: 'New message from' })).toContainText('Here are the first drafts.');
    await expect(feed.last()).toContainText('Project created: Brand refresh');
    await expect(feed.last()).toContainText(RECENTLY_IN_TEXT.en);
    await shot(page, `projects/project-activity-en-1280`);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Activity', selected: true })).toBeVisible();

    // The overview's "Active projects" counts planning and in progress only: none now.
    await page.goto('/dashboard');
    await expect(activeProjects).toContainText('0');
    await page.goto(`/dashboard/projects/${projectId}`);

    // Delete after a confirmation: back to the list, the project gone, no 404 refetch of it.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Brand refresh?' });
    await expect(confirm.getByText('Invoices of the project are kept.')).toBeVisible();
    const notAskedAgain = watchDeletion(page, `/api/projects/${projectId}`, '/api/projects');
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByText('Project deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await expect(rows.filter({ hasText: 'Codebreaker' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Brand refresh' })).toHaveCount(0);
    await notAskedAgain();
  });

  test('the overview counts active projects, and the activity loads older pages', async ({ page }) => {
    // A long flow: on a loaded machine it needs more than the default 30 s.
    test.slow();
    const { grace } = await setUp(page);
    const project = await createProject(page, { name: 'Long runner', clientId: grace, status: 'planning' });
    await createProject(page, { name: 'Second', clientId: grace, status: 'in_progress' });
    await createProject(page, { name: 'Done', clientId: grace, status: 'completed' });
    await page.goto('/dashboard');
    await expect(
      page
        .getByRole('region', { name: 'Totals' })
        .locator('div', { has: page.getByRole('heading', { name: 'Active projects' }) })
        .first(),
    ).toContainText('2');

    // The client's page lists their projects, each a link to its page.
    await page.goto(`/dashboard/clients/${grace}`);
    await page.getByRole('link', { name: 'Long runner' }).click();
    await expect(page).toHaveURL(`/dashboard/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Long runner' })).toBeVisible();

    // 35 status changes + the creation: more than one page (30) of activity.
    const statuses = ['in_progress', 'on_hold'];
    for (let i = 0; i < 35; i++) {
      const res = await page.request.patch(`/api/projects/${project.id}`, {
        data: { status: statuses[i % 2] },
      });
      expect(res.ok()).toBe(true);
    }
    await page.goto(`/dashboard/projects/${project.id}?tab=activity`);
    const panel = page.getByRole('tabpanel', { name: 'Activity' });
    await expect(panel.getByRole('listitem')).toHaveCount(30);
    await panel.getByRole('button', { name: 'Show older activity' }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(36);
    await expect(panel.getByRole('listitem').last()).toContainText('Project created: Long runner');
    await expect(panel.getByRole('button', { name: 'Show older activity' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The list, the project page and the dialog have no serious or critical accessibility findings.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit project' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/dashboard/projects');
    await expect(page.getByRole('link', { name: 'Long runner' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('in German, at 1280 and 390 px: list, project page and the end-date error', async ({ page }) => {
    // A long flow: on a loaded machine it needs more than the default 30 s.
    test.slow();
    // German before the projects exist: their budgets are in the German default currency, EUR.
    await setProfileLanguage(page.request, 'de');
    const { grace, alan } = await setUp(page);
    const brand = await createProject(page, {
      name: 'Markenauftritt',
      clientId: grace,
      status: 'in_progress',
      budgetCents: 1_250_050,
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      description: 'Neues Logo und neue Farben für die Website.',
      internalNotes: 'Angebot mit 10 % Rabatt.',
    });
    await createProject(page, { name: 'Codeknacker', clientId: alan, status: 'on_hold' });
    await createProject(page, { name: 'Archiv', clientId: alan, status: 'cancelled', endDate: '2026-01-15' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.goto('/dashboard/projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Projekte' })).toBeVisible(FIRST_LOAD);
      const brandEntry = page.getByText('Markenauftritt').locator('visible=true').first();
      await expect(brandEntry).toBeVisible();
      await expect(page.getByText(/^12\.500,50\s€$/).locator('visible=true')).toBeVisible();
      await expect(page.getByText('01.03.2026 – 30.06.2026').locator('visible=true')).toBeVisible();
      await expect(page.getByText('Pausiert').locator('visible=true')).toBeVisible();
      await shot(page, `projects/list-de-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await brandEntry.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Markenauftritt' })).toBeVisible();
      await expect(page.getByText('Für den Kunden nicht sichtbar').first()).toBeVisible();
      await shot(page, `projects/project-overview-de-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByRole('tab', { name: 'Aktivität' }).click();
      await expect(page.getByText('Projekt angelegt: Markenauftritt')).toBeVisible();
      await expect(page.getByText(RECENTLY_IN_TEXT.de)).toBeVisible();
      await shot(page, `projects/project-activity-de-${width}`);

      await page.getByRole('button', { name: 'Bearbeiten' }).click();
      const edit = page.getByRole('dialog', { name: 'Projekt bearbeiten' });
      await expect(edit.getByRole('textbox', { name: /^Budget/ })).toHaveValue('12.500,50');
      await edit.getByLabel('Enddatum').fill('2026-02-01');
      await edit.getByRole('button', { name: 'Änderungen speichern' }).click();
      await expect(edit.getByText('Das Enddatum darf nicht vor dem Startdatum liegen')).toBeVisible();
      await shot(page, `projects/edit-de-${width}`);
      await edit.getByRole('button', { name: 'Abbrechen' }).click();
    }
    // The server says it in German too (its own check of the stored start date).
    const res = await page.request.patch(`/api/projects/${brand.id}`, {
      headers: { 'Accept-Language': 'de' },
      data: { endDate: '2026-02-01' },
    });
    expect(res.status()).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('Das Enddatum darf nicht vor dem Startdatum liegen');
  });

  test('shows skeletons while loading, an error state when the list fails, and recovers on retry', async ({
    page,
  }) => {
    const { grace } = await setUp(page);
    await createProject(page, { name: 'Resilient', clientId: grace });
    const list = /\/api\/projects\?/;
    // Slow first: the skeleton rows; then failing: the error panel after the retries of spec §8.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(list, async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        json: { error: { code: 'internal_error', message: 'Something went wrong on our side.' } },
      });
    });
    await page.goto('/dashboard/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible(FIRST_LOAD);
    await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
    await shot(page, `projects/list-loading`);
    release();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load projects' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await shot(page, `projects/list-error`);
    await page.unroute(list);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('link', { name: 'Resilient' })).toBeVisible();
  });

  test('on a phone: cards, a new project and its page @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { grace } = await setUp(page);
    await createProject(page, {
      name: 'Mobile app',
      clientId: grace,
      status: 'planning',
      budgetCents: 500_000,
    });
    await page.goto('/dashboard/projects');
    const card = page.getByRole('link', { name: /Mobile app/ });
    await expect(card).toContainText('Planning');
    await expect(card).toContainText('$5,000.00');
    await expect(page.getByRole('table')).toBeHidden();

    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill('Website for a very long client name and project title');
    await dialog.getByLabel('Client', { exact: true }).selectOption({ label: 'Grace Hopper' });
    await dialog.getByLabel('Start date').fill('2026-05-02');
    await dialog.getByLabel('End date').fill('2026-05-01');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('The end date cannot be before the start date')).toBeVisible();
    await shot(page, `projects/create-mobile`);
    await dialog.getByLabel('End date').fill('2026-05-31');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByText('Project created successfully')).toBeVisible();
    await page.getByRole('link', { name: /Website for a very long/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Website for a very long/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByText('Project created: Website for a very long')).toBeVisible();
    await shot(page, `projects/project-mobile`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
  });
});
