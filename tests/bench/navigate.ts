import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { withApp } from './app';
import { type Budget, median } from './report';

const RUNS = 20;
const SECTION = { href: '/dashboard/clients', headings: ['Clients', 'Kunden'] };

declare global {
  interface Window {
    /** Set by `armNavigation`: resolves with the measured times of the next Overview → Clients navigation. */
    __sectionNavigation?: Promise<{ toDom: number; toFrame: number }>;
  }
}

/**
 * In the page: marks the click on the sidebar's Clients link (`performance.mark` at the event's own time
 * stamp) and watches `<main>` with a MutationObserver for the section's first content, its `<h1>`; marks
 * when it is in the DOM and at the next animation frame (the frame that paints it), and measures both.
 */
function armNavigation(section: typeof SECTION) {
  performance.clearMarks();
  performance.clearMeasures();
  const main = document.getElementById('main');
  const link = [...document.querySelectorAll<HTMLAnchorElement>('aside nav a')].find(
    (a) => a.getAttribute('href') === section.href,
  );
  if (!main || !link) throw new Error('the dashboard shell is not on screen');
  window.__sectionNavigation = new Promise((resolve) => {
    link.addEventListener(
      'click',
      (event) => performance.mark('section-click', { startTime: event.timeStamp }),
      { once: true },
    );
    // No named inner functions: tsx would wrap them in a helper the page does not have.
    const observer = new MutationObserver(() => {
      if (performance.getEntriesByName('section-click').length === 0) return;
      const headings = [...main.querySelectorAll('h1')].map((h1) => h1.textContent?.trim() ?? '');
      if (!headings.some((text) => section.headings.includes(text))) return;
      observer.disconnect();
      performance.mark('section-dom');
      requestAnimationFrame(() => {
        performance.mark('section-frame');
        resolve({
          toDom: performance.measure('click-to-dom', 'section-click', 'section-dom').duration,
          toFrame: performance.measure('click-to-frame', 'section-click', 'section-frame').duration,
        });
      });
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
  });
}

async function toOverview(page: Page) {
  await page
    .locator('aside nav')
    .getByRole('link', { name: /^(Overview|Übersicht)$/ })
    .click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { level: 1, name: /^(Overview|Übersicht)$/ }).waitFor();
  // Let the overview settle (its data, paints) so each click starts from the same quiet state.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

/**
 * Overview → Clients, `RUNS` times, in Chromium: signed in, with the clients section already preloaded
 * (the idle preload of spec §9 has fetched it), the time from the click on "Clients" in the sidebar until
 * the section's first content renders.
 */
export async function measureSectionNavigation(
  base: string,
  cookie: string,
): Promise<{ toDom: number[]; toFrame: number[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name = '', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /^(Overview|Übersicht)$/ }).waitFor();
    // Wait for the idle preload (about 2 s after load) to have loaded the section's module.
    await page.waitForFunction(
      () =>
        performance
          .getEntriesByType('resource')
          .some((e) => /\/remotes\/clients\/.*__federation_expose_Section\./.test(e.name)),
      undefined,
      { timeout: 15_000 },
    );
    await page.waitForLoadState('networkidle');
    const toDom: number[] = [];
    const toFrame: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await toOverview(page);
      await page.evaluate(armNavigation, SECTION);
      await page
        .locator('aside nav')
        .getByRole('link', { name: /^(Clients|Kunden)$/ })
        .click();
      const times = await page.evaluate(() => window.__sectionNavigation);
      if (!times) throw new Error('the navigation was not measured');
      toDom.push(times.toDom);
      toFrame.push(times.toFrame);
    }
    return { toDom, toFrame };
  } finally {
    await browser.close();
  }
}

/** The budget of issue 3: median click → first content of a preloaded section ≤ 100 ms. */
export async function sectionNavigation(): Promise<Budget> {
  const { toDom, toFrame } = await withApp(async ({ base, signIn }) =>
    measureSectionNavigation(base, await signIn()),
  );
  const fmt = (values: number[]) => values.map((v) => v.toFixed(1)).join(' ');
  console.log(`section navigation Overview → Clients, click → h1 in DOM (ms): ${fmt(toDom)}`);
  console.log(`section navigation Overview → Clients, click → next frame (ms): ${fmt(toFrame)}`);
  console.log(
    `section navigation medians: DOM ${median(toDom).toFixed(1)} ms, frame ${median(toFrame).toFixed(1)} ms; max frame ${Math.max(...toFrame).toFixed(1)} ms`,
  );
  return {
    name: 'section-navigation',
    measured: median(toFrame),
    limit: 100,
    unit: ' ms',
    kind: 'max',
    digits: 1,
  };
}
