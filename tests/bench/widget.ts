import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { SESSION_KEY } from '../../embed/portal/session/session-key';
import { FIRST_CONTENT_MARK } from '../../embed/portal/ui/first-content';
import { snippetScript } from '../../shared/widget/snippet';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { demoClientSession, json, startApp } from './app';
import { RawChromium } from './cdp';
import { lighthouseRun } from './lighthouse';
import { assertFree } from './process';
import { type Budget, median } from './report';

/**
 * The embeddable widget's budgets (issue 6), against a production server on a fresh embedded database
 * (the demo provider, portal and clients of its first start) and a provider's website on another site:
 * - `widget-first-content-ratio`: from the script tag on the provider's page to the portal's first
 *   content inside the frame (the dashboard with its data, the client signed in by identity handoff),
 *   against the same dashboard loaded standalone (signed in), opened by a link on the same provider page,
 *   median of RUNS each, alternating, cold caches, Chromium (`StandaloneFrom`: why that baseline, and the
 *   warm-renderer reload printed for comparison);
 * - `widget-lighthouse-cost` / `widget-tbt-cost`: Lighthouse performance score and total blocking time of
 *   a plain provider page minus the same page with the snippet in floating mode (median of LH_RUNS each,
 *   alternating, in the same run);
 * - `widget-frame-requests-before-idle`: requests into the frame before the visitor has done anything on
 *   the page (floating, `preload: idle`) or before the visitor opens it (popup, `preload: open`).
 */
const PLATFORM_PORT = 4630;
const SITE_PORT = 4631;
const RUNS = Number(process.env.BENCH_WIDGET_RUNS ?? 20);
const LH_RUNS = Number(process.env.BENCH_WIDGET_LIGHTHOUSE_RUNS ?? 5);
const CLIENT_PASSWORD = 'bench client secret';

/**
 * The DOM's own record of the first content, for the standalone side: when the dashboard's data is first
 * in the document (its sections exist only with data), as an absolute high-resolution time. The portal's
 * `portal:first-content` mark (`embed/portal/ui/first-content.ts`) is what both sides are timed by (it
 * can be read from inside the frame afterwards, without attaching anything before); this probe checks,
 * run by run, that the mark is not ahead of the DOM.
 */
const FIRST_CONTENT_PROBE = `(() => {
  if (!location.pathname.startsWith('/portal/')) return;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('#main section')) return;
    observer.disconnect();
    window.__firstContent = performance.timeOrigin + performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** The portal's first-content mark as an absolute time (undefined until it is set). */
const READ_FIRST_CONTENT = `(() => {
  const mark = performance.getEntriesByName('${FIRST_CONTENT_MARK}', 'mark')[0];
  return mark ? performance.timeOrigin + mark.startTime : undefined;
})()`;

/**
 * A document's own timings as [absolute time, line], oldest first: its navigation (response start, end
 * and DOM interactive after it), performance marks, and each resource (request start and response end
 * after its start).
 */
const TIMELINE = `[
  ...performance.getEntriesByType('navigation').map((n) => [performance.timeOrigin,
    '+' + n.responseStart.toFixed(0) + ' +' + n.responseEnd.toFixed(0) + ' +' + n.domInteractive.toFixed(0) + ' document']),
  ...performance.getEntriesByType('mark').map((m) => [performance.timeOrigin + m.startTime, m.name]),
  ...performance.getEntriesByType('resource').map((r) => [performance.timeOrigin + r.startTime,
    '+' + (r.requestStart - r.startTime).toFixed(0) + ' +' + (r.responseEnd - r.startTime).toFixed(0) + ' ' + r.name.slice(0, 80)]),
].sort((a, b) => a[0] - b[0])`;

function printTimeline(label: string, origin: number, rows: [number, string][]) {
  for (const [t, line] of rows)
    console.log(`${label.padStart(10)} ${(t - origin).toFixed(0).padStart(5)} ${line}`);
}

/** One platform and the provider site that embeds its portal, set up for the measurements. */
export interface Setup {
  /** The platform's origin (serves the portal, the widget and the API). */
  platform: string;
  /** The provider site's origin (another site: the frame is third-party there), allowed to embed the portal. */
  site: string;
  portalId: string;
  email: string;
  secret: string;
  session: Record<string, unknown>;
}

/**
 * The demo provider lets the site embed its portal, creates the widget secret, and gives its first demo
 * client a password; that client's portal session is the standalone baseline's.
 */
async function setUp(platform: string, site: string, cookie: string): Promise<Setup> {
  const { portalId, email, session } = await demoClientSession(platform, cookie, CLIENT_PASSWORD);
  const withCookie = { 'Content-Type': 'application/json', Origin: platform, Cookie: cookie };
  await json(
    await fetch(`${platform}/api/portals/${portalId}`, {
      method: 'PATCH',
      headers: withCookie,
      body: JSON.stringify({ allowedOrigins: [site] }),
    }),
    'allowed origins',
  );
  const { secret } = await json<{ secret: string }>(
    await fetch(`${platform}/api/portals/${portalId}/widget-secret`, { method: 'POST', headers: withCookie }),
    'widget secret',
  );
  return { platform, site, portalId, email, secret, session };
}

/** The provider's backend (shared/widget/handoff-examples.ts, Node): a fresh single-use token. */
function handoffToken({ portalId, email, secret }: Setup): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({ sub: email, aud: portalId, iat: now, exp: now + 300, jti: randomUUID() });
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * A plain provider page (a small marketing page), optionally with the snippet and more script; inline,
 * the portal is the page's main content (an "account" page), above the text.
 */
function providerPage(snippet = '', extra = ''): string {
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) =>
      `<p>Section ${i + 1}: we design and build websites, brands and products for small businesses, from the first sketch to launch and beyond. Every project gets a clear plan, a fixed price and a single contact person.</p>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Ada's agency</title>
<meta name="description" content="Websites, brands and products for small businesses.">
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:720px;padding:24px;color:#1f2937;line-height:1.6}
h1{font-size:2rem;line-height:1.2}a.cta{display:inline-block;padding:10px 16px;border-radius:8px;background:#0f766e;color:#fff;text-decoration:none}</style>
</head><body><header><strong>Ada's agency</strong></header>
<main><h1>Websites that work as hard as you do</h1><div id="portal-here"></div>${paragraphs}<p><a class="cta" href="#contact">Contact us</a></p></main>
${snippet}${extra}
</body></html>`;
}

/** The provider site for `setup` on `port`: its plain page, one per mode, and its token endpoint. */
function startSite(setup: Setup, port: number): Promise<Server> {
  const snippet = (mode: 'inline' | 'floating' | 'popup', init = '') => {
    const code = snippetScript({
      origin: setup.platform,
      portalId: setup.portalId,
      mode,
      element: '#portal-here',
    });
    const withInit = code.replace(/("init",\{portalId:"[^"]+")\}/, (_m, head) => `${head}${init}}`);
    return `<script>window.__t0 = performance.timeOrigin + performance.now();</script>\n<script>${withInit}</script>`;
  };
  // The provider's own sign-in of the visitor (its backend signs the token), and the widget's `ready`.
  const identify =
    '<script>ClientPortal("identify",{fetchToken:function(){return fetch("/token",{method:"POST"}).then(function(r){return r.json()}).then(function(b){return b.token})}});' +
    'ClientPortal("on","ready",function(){window.__ready=true});</script>';
  const pages: Record<string, string> = {
    '/plain': providerPage(),
    '/floating': providerPage(snippet('floating')),
    '/popup': providerPage(snippet('popup', ',preload:"open"')),
    '/inline': providerPage(snippet('inline'), identify),
  };
  const server = createServer((req, res) => {
    if (req.url === '/token') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ token: handoffToken(setup) }));
      return;
    }
    const html = pages[req.url ?? ''];
    res.writeHead(html ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(html ?? 'not found');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * Script tag on the provider's page → dashboard with data inside the frame, signed in by handoff (the
 * frame's `portal:first-content` mark, read once the widget said `ready`).
 */
export async function widgetFirstContentMs(browser: RawChromium, setup: Setup): Promise<number> {
  const page = await browser.newPage();
  try {
    await browser.navigate(page.sessionId, `${setup.site}/inline`);
    await browser.poll(page.sessionId, 'window.__ready');
    const t0 = await browser.evaluate<number>(page.sessionId, 'window.__t0');
    const frame = await browser.attachFrame(page, `${setup.platform}/portal/`);
    const done = await browser.poll<number>(frame, READ_FIRST_CONTENT);
    if (process.env.TRACE) {
      console.log(`widget: first content ${(done - t0).toFixed(0)} ms after the script tag`);
      printTimeline('page', t0, await browser.evaluate(page.sessionId, TIMELINE));
      printTimeline('frame', t0, await browser.evaluate(frame, TIMELINE));
    }
    return done - t0;
  } finally {
    await browser.dispose(page);
  }
}

/**
 * How the standalone dashboard is opened, timed from navigation start (with the client's stored session
 * and cold HTTP caches, each in a fresh browser context):
 * - `provider site` (the budget's baseline): by a link on the provider's page, the same plain page the
 *   widget is measured on: the alternative to the widget for a client on that site. A cross-site navigation,
 *   so the portal starts in a renderer that has not shown a document yet, as the widget's frame does (and
 *   as any visit from elsewhere, a bookmark or an e-mailed link, does);
 * - `same tab`: reloaded in a tab that already shows a document of the platform's site (the one that stored
 *   the session) and has run script there, so the portal reuses that warm renderer. For comparison only: a
 *   cross-site frame never gets such a renderer (site isolation), so against this the ratio mostly measures
 *   the machine's cost of a renderer's first document (printed apart, `bareFrameMs`), not the widget.
 */
export type StandaloneFrom = 'provider site' | 'same tab';

/**
 * Navigation start → dashboard with data, the same page standalone with a stored session (its mark, and
 * the DOM probe's time to check the mark against), opened as `from` says.
 */
export async function standaloneFirstContentMs(
  browser: RawChromium,
  setup: Setup,
  from: StandaloneFrom = 'provider site',
): Promise<number> {
  const page = await browser.newPage();
  const loaded = async (path: string) =>
    browser.poll(
      page.sessionId,
      `location.pathname === '${path}' && document.readyState === 'complete' ? true : undefined`,
    );
  try {
    await browser.navigate(page.sessionId, `${setup.platform}/api/health`);
    await loaded('/api/health');
    await browser.evaluate(
      page.sessionId,
      `localStorage.setItem('${SESSION_KEY}', ${JSON.stringify(JSON.stringify(setup.session))})`,
    );
    if (from === 'provider site') {
      await browser.navigate(page.sessionId, `${setup.site}/plain`);
      await loaded('/plain');
    }
    await browser.send('Page.enable', {}, page.sessionId);
    await browser.send(
      'Page.addScriptToEvaluateOnNewDocument',
      { source: FIRST_CONTENT_PROBE },
      page.sessionId,
    );
    await browser.navigate(page.sessionId, `${setup.platform}/portal/${setup.portalId}/dashboard`);
    const done = await browser.poll<number>(page.sessionId, READ_FIRST_CONTENT);
    const dom = await browser.poll<number>(page.sessionId, 'window.__firstContent');
    // The mark is set in the commit that puts the sections into the DOM; the probe's observer runs once
    // that commit's task is over (the rest of its effects and layout): up to 13 ms later on a slow machine.
    // Only a mark well ahead of the content (set before the data is there) would fail this.
    if (dom - done > 30) {
      throw new Error(`bench: the first-content mark came ${(dom - done).toFixed(0)} ms before the content`);
    }
    const origin = await browser.evaluate<number>(page.sessionId, 'performance.timeOrigin');
    if (process.env.TRACE) {
      console.log(
        `standalone (${from}): first content ${(done - origin).toFixed(0)} ms after navigation start`,
      );
      printTimeline('standalone', origin, await browser.evaluate(page.sessionId, TIMELINE));
    }
    return done - origin;
  } finally {
    await browser.dispose(page);
  }
}

/** A document with nothing to load: a heading, a paragraph, and one inline script that sets `bare`. */
const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare</title></head>' +
  "<body><h1>Dashboard</h1><p>Content.</p><script>performance.mark('bare')</script></body></html>";
const READ_BARE = `(() => {
  const mark = performance.getEntriesByName('bare', 'mark')[0];
  return mark ? performance.timeOrigin + mark.startTime : undefined;
})()`;

/**
 * For comparison, apart from the portal: Chromium's own cost of a cross-site frame on this machine. The
 * same bare document (`BARE_PAGE`) is timed to its script inside a cross-site iframe (from a script just
 * before the iframe on a page of another site) and standalone (from navigation start, the tab already on
 * its site, as the `same tab` reload of the portal is timed); medians of `runs`, alternating, fresh contexts.
 */
async function bareFrameMs(
  browser: RawChromium,
  ports: { platform: number; site: number },
  runs: number,
): Promise<{ framed: number; standalone: number }> {
  const platform = `http://localhost:${ports.platform}`;
  const site = `http://127.0.0.1:${ports.site}`;
  await assertFree(platform);
  await assertFree(site);
  const framing = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title></head><body><h1>Ada's agency</h1><p>Text.</p><script>window.__t0 = performance.timeOrigin + performance.now();</script><iframe src="${platform}/bare" title="Bare"></iframe></body></html>`;
  const serve = (body: string, port: number) =>
    new Promise<Server>((done) => {
      const server = createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(body);
      });
      server.listen(port, '127.0.0.1', () => done(server));
    });
  const servers = [await serve(BARE_PAGE, ports.platform), await serve(framing, ports.site)];
  const complete = `document.readyState === 'complete' ? true : undefined`;
  const framed = async () => {
    const page = await browser.newPage();
    try {
      await browser.navigate(page.sessionId, `${site}/`);
      await browser.poll(page.sessionId, complete);
      const t0 = await browser.evaluate<number>(page.sessionId, 'window.__t0');
      const frame = await browser.attachFrame(page, `${platform}/`);
      return (await browser.poll<number>(frame, READ_BARE)) - t0;
    } finally {
      await browser.dispose(page);
    }
  };
  const standalone = async () => {
    const page = await browser.newPage();
    try {
      await browser.navigate(page.sessionId, `${platform}/first`);
      await browser.poll(page.sessionId, complete);
      await browser.navigate(page.sessionId, `${platform}/bare`);
      const done = await browser.poll<number>(page.sessionId, READ_BARE);
      return done - (await browser.evaluate<number>(page.sessionId, 'performance.timeOrigin'));
    } finally {
      await browser.dispose(page);
    }
  };
  try {
    await framed();
    await standalone();
    const inFrame: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < runs; i++) {
      inFrame.push(await framed());
      alone.push(await standalone());
    }
    return { framed: median(inFrame), standalone: median(alone) };
  } finally {
    for (const server of servers) await new Promise((done) => server.close(done));
  }
}

/**
 * Requests into the portal frame before the visitor opens it or does anything on the page: floating with
 * the default idle preload (none in the 3 s after the load without a visitor's move, then the frame comes
 * when idle after the first pointer move), popup with `preload: open` (none at all until opened, then the
 * frame loads).
 */
async function framesBeforeIdle(
  browser: Browser,
  { platform, site }: Setup,
): Promise<{ early: number; floatingAfterLoadMs: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let early = 0;
    const frameRequests: number[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(`${platform}/portal/`)) frameRequests.push(Date.now());
    });
    await page.goto(`${site}/floating`, { waitUntil: 'load' });
    // A page only loaded (as Lighthouse loads it) makes no frame; the visitor's first move does, when idle.
    await new Promise((r) => setTimeout(r, 3_000));
    early += frameRequests.length;
    const movedAt = Date.now();
    await page.mouse.move(5, 5);
    for (let i = 0; i < 600 && frameRequests.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    if (frameRequests.length === 0) throw new Error('bench: the floating widget never preloaded its frame');
    const floatingAfterLoadMs = (frameRequests[0] ?? Number.NaN) - movedAt;

    // A page of its own: the floating page's frame may still be loading what it loads after its content.
    await page.close();
    const popup = await context.newPage();
    frameRequests.length = 0;
    popup.on('request', (req) => {
      if (req.url().startsWith(`${platform}/portal/`)) frameRequests.push(Date.now());
    });
    await popup.goto(`${site}/popup`, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, 3_000));
    early += frameRequests.length;
    await popup.evaluate(() =>
      (window as unknown as { ClientPortal: (c: string) => void }).ClientPortal('open'),
    );
    for (let i = 0; i < 400 && frameRequests.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    if (frameRequests.length === 0) throw new Error('bench: the popup never loaded its frame');
    return { early, floatingAfterLoadMs };
  } finally {
    await context.close();
  }
}

/**
 * Builds the portal and the widget into `<root>/<dist>` unless they are there. `root` is a checkout of
 * this repository (this one, or another for `widget-ab.ts`).
 */
function ensureWidgetBuild(root: string, dist: string): void {
  const out = resolve(root, dist);
  if (existsSync(join(out, 'portal', 'index.html')) && existsSync(join(out, 'widget', 'embed.js'))) return;
  const build = spawnSync('npx', ['rsbuild', 'build', '--environment', 'portal', '--environment', 'widget'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DIST_DIR: out },
  });
  if (build.status !== 0) throw new Error(`bench: could not build the portal and the widget in ${root}`);
}

/** A platform and the provider site that embeds its portal, running (`stop` ends both). */
export interface Embedding {
  setup: Setup;
  stop(): Promise<void>;
}

/**
 * Builds the checkout at `root` when needed, starts its production server on `ports.platform` on a fresh
 * embedded database (its first start seeds the demo provider, portal and clients), sets its demo portal
 * up for embedding, and starts the provider site on `ports.site`. Platform (`http://localhost:<port>`) and provider site
 * (`http://127.0.0.1:<port>`) are different sites, as in real life: the frame is third-party there.
 */
export async function startEmbedding(
  root: string,
  dist: string,
  ports: { platform: number; site: number },
): Promise<Embedding> {
  ensureWidgetBuild(root, dist);
  const site = `http://127.0.0.1:${ports.site}`;
  await assertFree(`${site}/plain`);
  // 2 × RUNS handoffs and sign-ins from one address: the limits are covered by the API tests.
  const app = await startApp({
    root,
    dist,
    host: 'localhost',
    port: ports.platform,
    env: { RATE_LIMIT_DISABLED: 'true' },
  });
  let siteServer: Server | undefined;
  const stop = async () => {
    await new Promise((done) => (siteServer ? siteServer.close(done) : done(undefined)));
    await app.stop();
  };
  try {
    const setup = await setUp(app.base, site, await app.signIn());
    siteServer = await startSite(setup, ports.site);
    return { setup, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs the widget budgets; `report` prints each as `budget <name>: <measured> (limit <limit>) ok|over`. */
export async function widgetBench(report: (budget: Budget) => void): Promise<void> {
  const dist = process.env.DIST_DIR ?? 'dist';
  const { setup, stop } = await startEmbedding('.', dist, { platform: PLATFORM_PORT, site: SITE_PORT });
  try {
    const raw = await RawChromium.launch();
    try {
      // One warm-up of each (the server's first requests, the OS page cache), then alternating runs.
      await widgetFirstContentMs(raw, setup);
      await standaloneFirstContentMs(raw, setup);
      // CHROME_TRACE=<file>: one more widget load, recorded as a Chrome trace (chrome://tracing, Perfetto).
      // TRACE_CATEGORIES=<list> replaces the recorded categories (e.g. add disabled-by-default-v8.cpu_profiler).
      if (process.env.CHROME_TRACE) {
        const { events } = await raw.trace(() => widgetFirstContentMs(raw, setup));
        writeFileSync(process.env.CHROME_TRACE, JSON.stringify({ traceEvents: events }));
      }
      const widget: number[] = [];
      const standalone: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        widget.push(await widgetFirstContentMs(raw, setup));
        standalone.push(await standaloneFirstContentMs(raw, setup));
      }
      const [w, s] = [median(widget), median(standalone)];
      console.log(
        `widget first content (median of ${RUNS}): script tag → signed-in dashboard in the frame ${w.toFixed(0)} ms; standalone dashboard (signed in) opened from the same provider page ${s.toFixed(0)} ms`,
      );
      report({ name: 'widget-first-content-ratio', measured: w / s, limit: 1.5, unit: '×', kind: 'max' });
      // For comparison only (not the budget's baseline, see `StandaloneFrom`): reloaded in a warm renderer.
      const reloaded: number[] = [];
      for (let i = 0; i < RUNS; i++) reloaded.push(await standaloneFirstContentMs(raw, setup, 'same tab'));
      const r = median(reloaded);
      console.log(
        `for comparison: the standalone dashboard reloaded in a tab that already ran script of its site (a warm renderer, which no cross-site frame gets) ${r.toFixed(0)} ms; the widget is ${(w / r).toFixed(2)}× that`,
      );
      const bare = await bareFrameMs(raw, { platform: PLATFORM_PORT + 2, site: SITE_PORT + 2 }, RUNS);
      console.log(
        `for comparison: a bare document in a cross-site frame runs its script ${bare.framed.toFixed(0)} ms after the script tag before it, standalone (in a tab already on its site) ${bare.standalone.toFixed(0)} ms after navigation start (${(bare.framed / bare.standalone).toFixed(2)}×): the browser's own cost of a cross-site frame here`,
      );
    } finally {
      await raw.close();
    }

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const lazy = await framesBeforeIdle(browser, setup);
      console.log(
        `widget frame loading: floating frame first requested ${lazy.floatingAfterLoadMs.toFixed(0)} ms after the visitor's first pointer move (none in 3 s of a page only loaded); popup with preload "open": none until opened`,
      );
      report({
        name: 'widget-frame-requests-before-idle',
        measured: lazy.early,
        limit: 0,
        kind: 'max',
        digits: 0,
      });
    } finally {
      await browser.close();
    }

    const plain: { score: number; tbtMs: number }[] = [];
    const floating: { score: number; tbtMs: number }[] = [];
    for (let i = 0; i < LH_RUNS; i++) {
      plain.push(await lighthouseRun(`${setup.site}/plain`));
      floating.push(await lighthouseRun(`${setup.site}/floating`));
    }
    const summary = (runs: { score: number; tbtMs: number }[]) => ({
      score: median(runs.map((r) => r.score)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
    });
    const [p, f] = [summary(plain), summary(floating)];
    console.log(
      `lighthouse provider page (median of ${LH_RUNS}): plain score ${p.score}, TBT ${p.tbtMs.toFixed(0)} ms; with the floating snippet score ${f.score}, TBT ${f.tbtMs.toFixed(0)} ms`,
    );
    report({ name: 'widget-lighthouse-cost', measured: p.score - f.score, limit: 1, kind: 'max', digits: 0 });
    report({
      name: 'widget-tbt-cost',
      measured: f.tbtMs - p.tbtMs,
      limit: 10,
      unit: ' ms',
      kind: 'max',
      digits: 0,
    });
  } finally {
    await stop();
  }
}
