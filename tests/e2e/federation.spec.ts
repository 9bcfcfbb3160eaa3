import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import { IDLE_PRELOADED_REMOTES } from '../../shared/remotes';
import { failOnCspViolations, providerOnDashboard, requestsReported, shot, signUpProvider } from './support';

// Issue 17, finding 13: every page and frame of ours loads without a Content-Security-Policy violation.
failOnCspViolations(test);

/**
 * Module Federation in the browser (issue 3): a remote that is down or slow never breaks the shell, the
 * retry loads it once it is back, the host's React, router, query client, i18next and UI kit are the only
 * copies, and sections preload on hover and when idle.
 *
 * "Down" is real: the test moves the clients remote's built folder away, so the server answers 404 for
 * every file of it (api/http/static.ts looks files up per request), and moves it back to restore it. That
 * is the whole server's clients remote, so those tests hold Playwright's `-exclusive-` lock: they run when
 * no other test does (at the end of a run). A run stopped meanwhile leaves `clients.offline`, which the e2e
 * server (tests/e2e/server.ts) moves back when it starts.
 */
const DIST = process.env.DIST_DIR ?? 'dist';
const REMOTE_DIR = join(DIST, 'clients');
const PARKED_DIR = join(DIST, 'clients.offline');

function stopServingClients() {
  renameSync(REMOTE_DIR, PARKED_DIR);
}
function resumeServingClients() {
  if (existsSync(PARKED_DIR) && !existsSync(REMOTE_DIR)) renameSync(PARKED_DIR, REMOTE_DIR);
}

const nav = (page: Page, name = 'Main navigation') => page.getByRole('navigation', { name });
const main = (page: Page) => page.locator('main#main');

async function signIn(page: Page) {
  await providerOnDashboard(page);
  await expect(nav(page)).toBeVisible();
}

test.describe('a remote that is down', { lock: '-exclusive-' }, () => {
  // Never leave the remote offline for the next test.
  test.afterEach(resumeServingClients);

  test('shows "section unavailable" with a retry, the shell keeps working, and the retry loads it once it is back', async ({
    page,
    request,
  }) => {
    await signUpProvider(page.request); // the test loads the dashboard itself
    stopServingClients();
    expect((await request.get('/remotes/clients/mf-manifest.json')).status()).toBe(404);
    expect((await request.get('/remotes/clients/remoteEntry.js')).status()).toBe(404);

    // A fresh load of the dashboard: nothing of the remote is in the browser yet.
    await page.goto('/dashboard');
    const manifest = page.waitForResponse((r) => r.url().endsWith('/remotes/clients/mf-manifest.json'));
    await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    expect((await manifest).status()).toBe(404);
    const panel = main(page).getByRole('alert');
    await expect(panel).toContainText('This section is unavailable right now.');
    await expect(panel).toContainText('It could not be loaded. The rest of the dashboard keeps working.');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(page).toHaveTitle(/^Clients · /);
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The rest of the dashboard keeps working: other sections, the top bar, back again.
    await nav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Overview', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals' }).getByText('Total clients')).toBeVisible();
    await page.keyboard.press('Control+b');
    await expect(page.locator('aside[data-state]')).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(main(page).getByRole('alert')).toContainText('This section is unavailable right now.');

    // Still down: a retry answers with the panel again.
    const again = page.waitForResponse((r) => r.url().endsWith('/remotes/clients/mf-manifest.json'));
    await main(page).getByRole('button', { name: 'Retry' }).click();
    expect((await again).status()).toBe(404);
    await expect(main(page).getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(main(page).getByRole('alert')).toContainText('This section is unavailable right now.');

    // Back: the retry loads the section in place.
    resumeServingClients();
    expect((await request.get('/remotes/clients/mf-manifest.json')).status()).toBe(200);
    await main(page).getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(main(page).getByText('Set up a portal first')).toBeVisible();
    await expect(main(page).getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/clients$/);
  });

  test('a preload that failed while the remote was down does not stick: the first visit after it is back works', async ({
    page,
  }) => {
    await signUpProvider(page.request); // the test loads the dashboard itself
    stopServingClients();
    await page.mouse.move(600, 500);
    const preload = page.waitForResponse((r) => r.url().endsWith('/remotes/clients/mf-manifest.json'));
    await page.goto('/dashboard');
    expect((await preload).status()).toBe(404); // the idle preload, about 2 s after load
    resumeServingClients();
    await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(main(page).getByText('Set up a portal first')).toBeVisible();
    await expect(main(page).getByRole('alert')).toHaveCount(0);
  });

  test('the panel is translated: German', async ({ page }) => {
    await signIn(page);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile') && r.request().method() === 'PATCH',
    );
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    expect((await saved).ok()).toBe(true);
    stopServingClients();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await nav(page, 'Hauptnavigation').getByRole('link', { name: 'Kunden', exact: true }).click();
    const panel = main(page).getByRole('alert');
    await expect(panel).toContainText('Dieser Bereich ist gerade nicht verfügbar.');
    await expect(panel).toContainText(
      'Er konnte nicht geladen werden. Der Rest des Dashboards funktioniert weiterhin.',
    );
    await expect(main(page).getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible();
    await shot(page, 'federation/unavailable-de');

    resumeServingClients();
    await panel.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Kunden' })).toBeVisible();
    await expect(main(page).getByText('Richten Sie zuerst ein Portal ein')).toBeVisible();
    await expect(main(page).getByRole('alert')).toHaveCount(0);
  });
});

test.describe('a remote that is slow', () => {
  test('a slow remote shows a loading state inside a working shell, then the section', async ({ page }) => {
    await signUpProvider(page.request); // the test loads the dashboard itself
    // Slowness cannot be produced by the server without changing it, so the browser holds the manifest
    // back until the test lets it through (the request itself reaches the real server).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/remotes/clients/mf-manifest.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(main(page).getByRole('status')).toHaveText('Loading…');
    await expect(nav(page)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    // The shell stays usable while the section loads.
    await nav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    // Right after the click the Settings page (whose cards show their own skeletons, each a status) may still
    // be there for a moment: the section's loading state is asked for once it has gone.
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeHidden();
    await expect(main(page).getByRole('status')).toHaveText('Loading…');

    release();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(main(page).getByRole('alert')).toHaveCount(0);
  });

  test('a remote that never answers turns into the panel after 15 s, and the retry loads it', async ({
    page,
  }) => {
    await signUpProvider(page.request); // the test loads the dashboard itself
    let hung = true;
    await page.route('**/remotes/clients/mf-manifest.json', async (route) => {
      if (hung) return; // never answered
      await route.continue();
    });
    await page.clock.install();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // The page's time stands still from here: the 15 s are the page's clock, not the machine's (which,
    // busy, may take longer than that between two steps).
    await page.clock.pauseAt(Date.now() + 1_000);
    await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(main(page).getByRole('status')).toHaveText('Loading…');
    await page.clock.fastForward(14_000);
    await expect(main(page).getByRole('status')).toHaveText('Loading…');
    await page.clock.fastForward(1_500);
    await expect(main(page).getByRole('alert')).toContainText('This section is unavailable right now.');

    hung = false;
    await page.clock.resume();
    await main(page).getByRole('button', { name: 'Retry' }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  });
});

/** The remote's fallback copies of the shared modules, from its manifest: what it must never load. */
function fallbackChunks(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(REMOTE_DIR, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const own = new Set(manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]));
  return new Set(
    manifest.shared
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
      .filter((file) => !own.has(file)),
  );
}

/** Every share key the clients remote consumes (its manifest), checked in its share scope below. */
function sharedKeys(): string[] {
  const manifest = JSON.parse(readFileSync(join(REMOTE_DIR, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string }[];
  };
  return manifest.shared.map((s) => s.name);
}

test('one copy of React, react-dom, the router, the query client, i18next and the UI kit', async ({
  page,
}) => {
  // A stand-in for the React DevTools hook: every React renderer registers itself with it on start-up,
  // so a second react-dom would show up as a second renderer.
  await page.addInitScript(() => {
    let id = 0;
    const renderers = new Map<number, unknown>();
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      configurable: true,
      value: {
        renderers,
        supportsFiber: true,
        isDisabled: false,
        inject(renderer: unknown) {
          id += 1;
          renderers.set(id, renderer);
          return id;
        },
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        setStrictMode() {},
      },
    });
  });
  const remoteScripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/remotes/') && url.pathname.endsWith('.js')) {
      remoteScripts.push({ url: url.pathname, body: response.text() });
    }
  });
  await signIn(page);
  await nav(page).getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  // The section works inside the host's providers: its queries ran (this empty state needs the list and
  // the portals) and its texts were added to the host's i18next instance.
  await expect(main(page).getByText('Set up a portal first')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Each check on its own (soft): any one of them fails when a remote brings its own copy.
  // 1. One React renderer in the page.
  expect
    .soft(
      await page.evaluate(
        () =>
          (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
            .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
      ),
    )
    .toBe(1);

  // 2. The remote loaded its section, and none of its fallback copies of a shared module; no script
  //    of the remote carries React (its element symbol) or react-dom (its error URLs).
  const fetched = await Promise.all(remoteScripts.map(async (s) => ({ url: s.url, body: await s.body })));
  expect(fetched.map((s) => s.url)).toContain('/remotes/clients/remoteEntry.js');
  expect(fetched.some((s) => s.url.includes('__federation_expose_Section'))).toBe(true);
  const fallbacks = fallbackChunks();
  expect(fallbacks.size).toBeGreaterThan(0);
  expect
    .soft(fetched.map((s) => s.url.replace('/remotes/clients/', '')).filter((f) => fallbacks.has(f)))
    .toEqual([]);
  expect
    .soft(
      fetched.filter((s) => /react\.transitional\.element|react\.dev\/errors/.test(s.body)).map((s) => s.url),
    )
    .toEqual([]);

  // 3. The share scope: every key the remote consumes exists in ONE version, provided by the host, and
  //    what the remote got is the host's own module object.
  const keys = sharedKeys();
  for (const key of ['react', 'react/jsx-runtime', 'react-dom', '@platform/router', '@platform/i18n-react']) {
    expect(keys).toContain(key);
  }
  expect(keys).toEqual(expect.arrayContaining(['i18next', '@tanstack/react-query', '@platform/ui/button']));
  const report = await page.evaluate(
    async (shareKeys) => {
      type Entry = {
        from: string;
        useIn: string[];
        loaded?: boolean;
        lib?: () => unknown;
        get?: () => Promise<() => unknown>;
      };
      type Instance = {
        name: string;
        options: { shared: Record<string, Entry[]> };
        shareScopeMap: Record<string, Record<string, Record<string, Entry>>>;
      };
      const federation = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } })
        .__FEDERATION__;
      const host = federation.__INSTANCES__.find((i) => i.name === 'host');
      const remote = federation.__INSTANCES__.find((i) => i.name === 'clients');
      if (!host || !remote) return { instances: federation.__INSTANCES__.map((i) => i.name), problems: [] };
      const problems: string[] = [];
      let used = 0;
      for (const key of shareKeys) {
        const provided = host.options.shared[key]?.[0];
        if (!provided) {
          problems.push(`${key}: not provided by the host`);
          continue;
        }
        const versions = Object.values(remote.shareScopeMap.default?.[key] ?? {});
        if (versions.length !== 1) {
          problems.push(`${key}: ${versions.length} versions in the share scope`);
          continue;
        }
        const entry = versions[0] as Entry;
        if (!entry.useIn.includes('clients')) continue; // registered, but this section does not import it
        used += 1;
        const hostModule = provided.lib ? provided.lib() : await provided.get?.().then((f) => f());
        const remoteModule = entry.lib?.();
        if (!entry.loaded || remoteModule !== hostModule)
          problems.push(`${key}: the remote has another copy`);
      }
      return { instances: federation.__INSTANCES__.map((i) => i.name), problems, used };
    },
    // The file components are shared among the remotes that show them (files, projects), never provided
    // by the host (rsbuild.config.ts), so the host-provided check leaves them out.
    keys.filter((key) => !key.startsWith('@platform/files/')),
  );
  // The host and the section, once each; the idle preload may have loaded the next likely section too
  // (projects), never a second instance of anything.
  expect(report.instances).toEqual(expect.arrayContaining(['host', 'clients']));
  expect(new Set(report.instances).size).toBe(report.instances.length);
  expect(report.instances.every((name) => ['host', 'clients', 'projects'].includes(name))).toBe(true);
  expect.soft(report.problems).toEqual([]);
  // react, jsx-runtime, router, i18n binding, i18next, query and UI kit files at least.
  expect(report.used).toBeGreaterThanOrEqual(8);
});

test.describe('preloading', () => {
  test('hovering a sidebar link for 150 ms preloads its section; a shorter hover does not', async ({
    page,
  }) => {
    await signUpProvider(page.request); // the test loads the dashboard itself
    // The page's timers run on a clock this test moves: the 150 ms are checked exactly, not against
    // however long the machine takes between two mouse moves.
    await page.clock.install();
    // A browser that never becomes idle: the idle preload does not run, so only the hover can preload
    // (after the clock's own init script, which brings a requestIdleCallback of its own).
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const requests: string[] = [];
    const onRequest = (r: Request) => requests.push(new URL(r.url()).pathname);
    page.on('request', onRequest);
    const remoteRequests = () => requests.filter((url) => url.startsWith('/remotes/'));
    const codeRequests = (from = 0) =>
      requests.slice(from).filter((url) => url.startsWith('/static/js/') || url.startsWith('/remotes/'));
    const link = nav(page).getByRole('link', { name: 'Clients', exact: true });
    await page.clock.pauseAt(Date.now() + 5_000);

    // Passing over the link (100 ms on it): no preload, however long the page's clock then runs. A preload
    // starts with the section loader's chunk, requested as its timer fires: every request sent by then has
    // been reported once a marker request after them has.
    await link.hover();
    await page.clock.runFor(100);
    await page.mouse.move(600, 500);
    await page.clock.runFor(1_000);
    await requestsReported(page);
    expect(remoteRequests()).toEqual([]);

    // Resting on it: nothing at 149 ms; at 150 ms the section's remote entry and module are fetched.
    await link.hover();
    await page.clock.runFor(149);
    await requestsReported(page);
    expect(remoteRequests()).toEqual([]);
    const before = codeRequests();
    const at150 = requests.length;
    await page.clock.runFor(1);
    await page.clock.resume();
    await expect.poll(remoteRequests).toContain('/remotes/clients/remoteEntry.js');
    await expect
      .poll(() => remoteRequests().some((url) => url.includes('/__federation_expose_Section.')))
      .toBe(true);
    // The preload's own code (the loader's chunk, then the remote's) was first asked for at 150 ms, and
    // none of it before (other chunks the page loads later on its own may come at any time).
    const preload = codeRequests(at150);
    expect(preload.filter((url) => url.startsWith('/static/js/'))).not.toEqual([]);
    expect(before.filter((url) => preload.includes(url))).toEqual([]);
    expect(requests).toContain('/remotes/clients/mf-manifest.json');

    // Then the click renders the preloaded section without fetching its code again.
    const afterHover = requests.length;
    await link.click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    expect(
      requests
        .slice(afterHover)
        .filter((url) => /remoteEntry\.js$|mf-manifest\.json$|__federation_expose_Section/.test(url)),
    ).toEqual([]);
  });

  test('Clients and Projects (once they exist) are preloaded about 2 s after load, when idle', async ({
    page,
  }) => {
    expect(IDLE_PRELOADED_REMOTES.length).toBeGreaterThan(0);
    await signUpProvider(page.request); // the test loads the dashboard itself
    await page.mouse.move(600, 500); // nowhere near the sidebar: no hover preload
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await page.waitForFunction(
      (remotes) =>
        remotes.every((remote) =>
          performance
            .getEntriesByType('resource')
            .some((e) => e.name.endsWith(`/remotes/${remote}/remoteEntry.js`)),
        ),
      IDLE_PRELOADED_REMOTES,
      { timeout: 10_000 },
    );
    // Resource timing, from the start of navigation: nothing of a remote before the 2 s mark.
    const starts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/remotes/'))
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
    );
    for (const remote of IDLE_PRELOADED_REMOTES) {
      const manifest = starts.find((s) => s.url === `/remotes/${remote}/mf-manifest.json`);
      expect(manifest?.start).toBeGreaterThanOrEqual(2000);
    }
    expect(Math.min(...starts.map((s) => s.start))).toBeGreaterThanOrEqual(2000);
  });
});
