import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type APIRequestContext,
  expect,
  type Frame,
  type FrameLocator,
  type Page,
  test,
} from '@playwright/test';
import { PROTOCOL, PROTOCOL_VERSION } from '../../shared/widget/protocol';
import { type SnippetOptions, widgetSnippet } from '../../shared/widget/snippet';
import { CHROMIUM_ITSELF } from '../chromium';
import { CLIENT_PASSWORD, legalDetails } from './collaboration-world';
import {
  createClient,
  createPortal,
  FIRST_LOAD,
  failOnCspViolations,
  ok as json,
  latestMail,
  linkIn,
  PLATFORM,
  pageIdle,
  requestsReported,
  SHOTS,
  shot as saveShot,
  signUpProvider,
  socketLive,
  uniqueEmail,
} from './support';

// Issue 17, finding 13: every page and frame of ours loads without a Content-Security-Policy violation.
failOnCspViolations(test);

// The portal in a third-party frame meets Chrome's storage rules: Chromium itself, not the e2e suite's
// headless shell (tests/chromium.ts).
test.use(CHROMIUM_ITSELF);

/**
 * The embeddable widget end to end (issue 6), with the REAL portal app in the frame: a provider's test
 * site on its own origin (127.0.0.1 on an ephemeral port, another site than the platform's `localhost`)
 * pastes the real snippet, loads /widget/embed.js from the platform and, like a provider's backend, signs
 * identity-handoff tokens with the portal's widget secret (from the rotate route). A second site on
 * another port is NOT among the portal's allowed origins.
 */

type TokenVariant = 'valid' | 'expired' | 'bad-signature' | 'replayed' | 'other-portal';

interface Site {
  server: Server;
  origin: string;
  pages: Map<string, string>;
  /** A Content-Security-Policy header per page, for the pages that send one. */
  csp: Map<string, string>;
}

let allowed: Site;
let disallowed: Site;
let api: APIRequestContext;
let portalA = '';
let portalB = '';
let secretA = '';
/** A token the test exchanged itself, handed out again by `variant=replayed`. */
let spentToken = '';
const grace = { id: '', name: 'Grace Hopper', email: '' };
const ada = { id: '', name: 'Ada Byron', email: '' };

/** What the provider's backend does (shared/widget/handoff-examples.ts, Node): an HS256 JWT for a client. */
function signToken(email: string, variant: Exclude<TokenVariant, 'replayed'>): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const [iat, exp] = variant === 'expired' ? [now - 500, now - 200] : [now, now + 300];
  const aud = variant === 'other-portal' ? portalB : portalA;
  const payload = encode({ sub: email, aud, iat, exp, jti: randomUUID() });
  const key = variant === 'bad-signature' ? `${secretA}-not-it` : secretA;
  const signature = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A provider's website: the registered pages, and `/token?email=…&variant=…` as its backend. */
async function startSite(): Promise<Site> {
  const pages = new Map<string, string>();
  const csp = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/token') {
      const variant = (url.searchParams.get('variant') ?? 'valid') as TokenVariant;
      const email = url.searchParams.get('email') ?? '';
      const token = variant === 'replayed' ? spentToken : signToken(email, variant);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ token }));
      return;
    }
    const html = pages.get(url.pathname);
    const policy = csp.get(url.pathname);
    res.writeHead(html ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
    });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pages, csp };
}

/** A verified provider; portals A and B allow the test site; A has two clients and a widget secret. */
async function setUpProvider(request: APIRequestContext) {
  await signUpProvider(request, { fullName: 'Ada' });
  const portal = (portalName: string) =>
    createPortal(request, portalName, { primaryColor: '#be123c', allowedOrigins: [allowed.origin] });
  portalA = await portal('Acme Studio');
  portalB = await portal('Billing Desk');
  for (const client of [grace, ada]) {
    const created = await createClient(request, { name: client.name, portalId: portalA }, CLIENT_PASSWORD);
    client.id = created.id;
    client.email = created.email;
  }
  secretA = (await json<{ secret: string }>(await request.post(`/api/portals/${portalA}/widget-secret`)))
    .secret;
  // A token used once already: the replay case hands it out again.
  spentToken = signToken(grace.email, 'valid');
  await json(await request.post('/api/widget/handoff', { data: { portalId: portalA, token: spentToken } }));
}

test.beforeAll(async ({ playwright }) => {
  allowed = await startSite();
  disallowed = await startSite();
  api = await playwright.request.newContext({ baseURL: PLATFORM });
  await setUpProvider(api);
});

test.afterAll(async () => {
  await api?.dispose();
  for (const site of [allowed, disallowed]) await new Promise((resolve) => site?.server.close(resolve));
});

/** The page's side of identity handoff (shared/widget/handoff-examples.ts BROWSER_EXAMPLE), per variant. */
const identify = (email: string, variant: TokenVariant = 'valid', namespace = 'ClientPortal') =>
  `<script>${namespace}("identify",{fetchToken:function(){return fetch("/token?variant=${variant}&email="+encodeURIComponent(${JSON.stringify(email)})).then(function(r){return r.json()}).then(function(b){return b.token})}});</script>`;

/** A provider page: some content, the snippet(s), and a log of every widget event (callbacks and DOM). */
function providerPage(
  path: string,
  opts: {
    snippets: Omit<SnippetOptions, 'origin'>[];
    body?: string;
    extra?: string;
    lang?: string;
    /** More init options for the first snippet, as JavaScript (e.g. `zIndex:10`). */
    init?: string;
    site?: Site;
    /** Send this Content-Security-Policy; its `{nonce}` is the nonce every inline script and style gets. */
    csp?: string;
  },
) {
  const site = opts.site ?? allowed;
  const snippets = opts.snippets
    .map((s) => widgetSnippet({ origin: PLATFORM, ...s }))
    .join('\n')
    .replace(/("init",\{portalId:"[^"]+")\}/, (_m, head) => `${head}${opts.init ? `,${opts.init}` : ''}}`);
  const nonce = randomUUID().replaceAll('-', '');
  if (opts.csp) site.csp.set(path, opts.csp.replaceAll('{nonce}', nonce));
  const withNonces = (html: string) =>
    opts.csp
      ? html
          .replaceAll('<script>', `<script nonce="${nonce}">`)
          .replaceAll('<style>', `<style nonce="${nonce}">`)
      : html;
  site.pages.set(
    path,
    withNonces(`<!doctype html><html lang="${opts.lang ?? 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Ada's agency</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px 32px;color:#1f2937;background:#f8fafc}
header{display:flex;justify-content:space-between;align-items:center;margin-bottom:24px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;margin-bottom:16px}
button.cta{font:inherit;padding:10px 16px;border-radius:8px;border:0;background:#0f766e;color:#fff;cursor:pointer}
@media (max-width:640px){body{padding:16px}}</style>
<script>window.__events=[];["ready","open","close","resize","route","login","logout","error","message.received","invoice.paid","file.status_changed"].forEach(function(n){document.addEventListener("clientportal:"+n,function(e){window.__events.push({via:"dom",name:n,detail:e.detail})})});</script>
</head><body><header><strong>Ada's agency</strong><a href="#pricing">Pricing</a></header>
<main><div class="card"><h1>Your projects with us</h1><p>Everything about your work with Ada's agency in one place.</p>
<button class="cta" id="before">Contact us</button></div>${opts.body ?? ''}</main>
${snippets}
${opts.extra ?? ''}
</body></html>`),
  );
  return `${site.origin}${path}`;
}

type LoggedEvent = { via: string; name: string; detail: Record<string, unknown> };
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: LoggedEvent[] }).__events);
const eventNames = async (page: Page) => (await events(page)).map((e) => e.name);
const eventsNamed = async (page: Page, name: string) => (await events(page)).filter((e) => e.name === name);

/** The portal inside a widget's iframe. */
const portalIn = (page: Page, host: string): FrameLocator => page.locator(`${host} iframe`).contentFrame();

/** The focused element inside a widget's shadow root (`tag.class`), or null. */
const focusedIn = (page: Page, host: string) =>
  page.evaluate((selector) => {
    const el = document.querySelector(selector)?.shadowRoot?.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.className ? `.${el.className.split(' ')[0]}` : ''}` : null;
  }, host);

const shot = (page: Page, name: string) => saveShot(page, `widget/${name}`);

/** The portal's frame in the page (the first of the platform's frames). */
function portalFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${PLATFORM}/portal/`));
  if (!frame) throw new Error('no portal frame');
  return frame;
}

/**
 * A round trip through the frame: the page's `navigate` command to `to` (another page than the frame's),
 * answered by the frame's `route` event. The frame handles what reaches it in order, so whatever the page
 * or its socket told it before has been handled once this returns.
 */
async function roundTrip(page: Page, to: 'dashboard' | 'invoices' | 'projects' | 'files') {
  const before = (await eventsNamed(page, 'route')).length;
  await page.evaluate(
    (to) => (window as unknown as { ClientPortal: (...a: unknown[]) => void }).ClientPortal('navigate', to),
    to,
  );
  await expect.poll(async () => (await eventsNamed(page, 'route')).length).toBeGreaterThan(before);
}

/**
 * A message of the frame's own to the page, waited for there: what the frame posted before it has reached
 * the page's listeners by then (messages from one sender arrive in order).
 */
async function framePostsReported(page: Page) {
  const marker = `marker-${randomUUID()}`;
  // The page listens before the frame posts (two evaluations in two documents have no order of their own).
  await page.evaluate((marker) => {
    (window as unknown as { __marker: Promise<void> }).__marker = new Promise<void>((resolve) =>
      addEventListener('message', function seen(e) {
        if (e.data !== marker) return;
        removeEventListener('message', seen);
        resolve();
      }),
    );
  }, marker);
  await portalFrame(page).evaluate((marker) => parent.postMessage(marker, '*'), marker);
  await page.evaluate(() => (window as unknown as { __marker: Promise<void> }).__marker);
}

/** The browser's complaints about messages sent to a frame before its document was the portal's. */
function droppedMessagesOf(page: Page): string[] {
  const dropped: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('postMessage')) dropped.push(m.text());
  });
  return dropped;
}

const INLINE = '#portal-here client-portal-widget';
const POPUP = 'client-portal-widget[data-mode=popup]';
const FLOATING = 'client-portal-widget[data-mode=floating]';

test.describe('the embedded portal on a provider site', () => {
  test('inline: identity handoff signs the client in; the frame follows its content; the page’s history is untouched', async ({
    page,
  }) => {
    const url = providerPage('/inline', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><h2>Client portal</h2><div id="portal-here"></div></div>',
      extra: `${identify(grace.email)}<script>ClientPortal("on","login",function(d){window.__events.push({via:"callback",name:"login",detail:d})});</script>`,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const droppedMessages = droppedMessagesOf(page);
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${PLATFORM}/api/widget/handoff`) exchanges.push(request.method());
    });
    await page.goto(url);
    const historyLength = await page.evaluate(() => history.length);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
    const iframe = page.locator(`${INLINE} iframe`);
    await expect(iframe).toBeVisible();
    // The dialog-less inline frame takes the portal's name from `ready`.
    await expect(iframe).toHaveAttribute('title', 'Acme Studio');
    // The src never carries a token.
    expect(await iframe.getAttribute('src')).not.toMatch(/token|eyJ/);

    const client = { id: grace.id, name: grace.name, email: grace.email };
    const detail = { client, method: 'handoff', namespace: 'ClientPortal', portalId: portalA };
    await expect.poll(() => eventsNamed(page, 'login')).toContainEqual({ via: 'dom', name: 'login', detail });
    expect(await eventsNamed(page, 'login')).toContainEqual({ via: 'callback', name: 'login', detail });
    const [ready] = await eventsNamed(page, 'ready');
    expect(ready?.detail).toEqual({ signedIn: true, namespace: 'ClientPortal', portalId: portalA });
    expect(await eventsNamed(page, 'error')).toEqual([]);
    expect(exchanges).toEqual(['POST']);
    // Nothing is sent to the frame before its hello (the browser would drop it and warn on the console).
    expect(droppedMessages).toEqual([]);

    // Inline, the iframe is exactly as tall as the portal's content (no inner scrollbar), and follows it.
    // Both read afresh each time: the content may still grow (a late chunk, a font) while the frame follows.
    const frameFitsContent = async () => {
      const content = await portal
        .locator('#root')
        .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
      const frame = (await iframe.boundingBox())?.height;
      return frame === content ? 'fits' : `frame ${frame} px, content ${content} px`;
    };
    await expect.poll(frameFitsContent).toBe('fits');
    await shot(page, 'inline-signed-in-desktop-en');

    // Moving around the portal: route events, no history entries on the provider's page.
    await portal.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(portal.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect
      .poll(async () => (await eventsNamed(page, 'route')).map((e) => e.detail.path))
      .toContain('/invoices');
    await expect.poll(frameFitsContent).toBe('fits');
    // The page's own command: navigate.
    await page.evaluate(() =>
      (window as unknown as { ClientPortal: (...a: unknown[]) => void }).ClientPortal('navigate', 'projects'),
    );
    await expect(portal.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    // Signing out inside the frame: a logout event and the sign-in form.
    await portal.getByRole('button', { name: 'Sign out' }).click();
    await expect(portal.getByRole('heading', { name: 'Sign in to Acme Studio' })).toBeVisible();
    await expect.poll(() => eventNames(page)).toContain('logout');
    expect(errors).toEqual([]);
  });

  test('inline: the snippet’s own frame is adopted without a reload, even when its hello came before the runtime', async ({
    page,
  }) => {
    const url = providerPage('/inline-late-runtime', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><h2>Client portal</h2><div id="portal-here"></div></div>',
      // Every hello the frame sends, as the page receives it (the runtime is not there for the first).
      extra: `<script>window.__hellos=[];addEventListener("message",function(e){var m=e.data&&e.data.message;if(e.origin===${JSON.stringify(PLATFORM)}&&m&&m.type==="hello")window.__hellos.push(m)});</script>${identify(grace.email)}`,
    });
    const droppedMessages = droppedMessagesOf(page);
    const documents: string[] = [];
    const exchanges: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${PLATFORM}/portal/${portalA}/?embed=`)) documents.push(request.url());
      if (request.url() === `${PLATFORM}/api/widget/handoff`) exchanges.push(request.method());
    });
    // The runtime arrives late: the frame the snippet made has long said hello by then.
    await page.route(`${PLATFORM}/widget/embed.js`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto(url);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
    // It said hello again until the runtime answered (then no more), and the runtime went on from there.
    const hellos = () => page.evaluate(() => (window as unknown as { __hellos: unknown[] }).__hellos);
    const said = await hellos();
    expect(said[0]).toEqual({ type: 'hello', signedIn: false });
    expect(said.length).toBeGreaterThan(2);
    expect(said.slice(1)).toEqual(
      said.slice(1).map(() => ({ type: 'hello', signedIn: false, replay: true })),
    );
    expect(droppedMessages).toEqual([]);
    // One frame document (the snippet's, never reloaded), one token exchange, no error.
    expect(documents).toHaveLength(1);
    expect(exchanges).toEqual(['POST']);
    expect(await eventsNamed(page, 'error')).toEqual([]);
    const iframe = page.locator(`${INLINE} iframe`);
    await expect(iframe).toHaveCount(1);
    expect(await iframe.getAttribute('src')).toBe(documents[0]);
    await expect(iframe).toHaveAttribute('title', 'Acme Studio');
    // The frame is the host's own child, shown through the host's shadow root.
    expect(
      await page.locator(INLINE).evaluate((host) => ({
        frameIsChild: host.firstElementChild?.tagName,
        slot: host.shadowRoot?.querySelector('.inline slot') !== null,
      })),
    ).toEqual({ frameIsChild: 'IFRAME', slot: true });
    // And no hello since the runtime answered: the frame has handled a command and what it posted came.
    await roundTrip(page, 'invoices');
    await framePostsReported(page);
    expect(await hellos()).toHaveLength(said.length);
  });

  test('a token for another client signs the previous one out first; the same client keeps the session', async ({
    page,
  }) => {
    const url = providerPage('/switch', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><div id="portal-here"></div></div>',
      extra: identify(grace.email),
    });
    await page.goto(url);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
    await expect.poll(async () => (await eventsNamed(page, 'login')).length).toBe(1);
    const signIn = (email: string) =>
      page.evaluate(
        (email) =>
          (window as unknown as { ClientPortal: (...a: unknown[]) => void }).ClientPortal('identify', {
            fetchToken: () =>
              fetch(`/token?email=${encodeURIComponent(email)}`)
                .then((r) => r.json())
                .then((b: { token: string }) => b.token),
          }),
        email,
      );

    // The page vouches for Grace again: her session stays, the token is not even exchanged.
    const exchanges: string[] = [];
    page.on('request', (r) => r.url() === `${PLATFORM}/api/widget/handoff` && exchanges.push(r.method()));
    const tokens = page.waitForResponse((r) => r.url().startsWith(`${allowed.origin}/token?`));
    await signIn(grace.email);
    await tokens;
    // The token goes to the frame as the runtime gets it; the frame has handled it after the next command.
    await roundTrip(page, 'invoices');
    await requestsReported(page, portalFrame(page));
    await framePostsReported(page);
    expect(exchanges).toEqual([]);
    expect(await eventsNamed(page, 'login')).toHaveLength(1);
    expect(await eventNames(page)).not.toContain('logout');
    await roundTrip(page, 'dashboard');

    // Another visitor signed in to the provider's site: Ada, and nothing of Grace's portal stays.
    await signIn(ada.email);
    await expect(portal.getByRole('heading', { name: 'Welcome, Ada Byron' })).toBeVisible();
    await expect(portal.getByText('Grace Hopper')).toHaveCount(0);
    await expect.poll(async () => (await eventsNamed(page, 'login')).length).toBe(2);
    const names = await eventNames(page);
    expect(names.lastIndexOf('logout')).toBeGreaterThan(names.indexOf('login'));
    expect((await eventsNamed(page, 'login'))[1]?.detail.client).toMatchObject({ email: ada.email });
  });

  test('expired, replayed and wrongly signed tokens are refused with a clear error event', async ({
    page,
  }) => {
    const cases: [TokenVariant, string, string][] = [
      ['expired', 'handoff_expired', 'The sign-in token has expired. Please try again.'],
      ['replayed', 'handoff_replayed', 'This sign-in token has already been used.'],
      [
        'bad-signature',
        'handoff_bad_signature',
        "The sign-in token's signature is not valid for this portal.",
      ],
      ['other-portal', 'handoff_wrong_audience', 'The sign-in token was issued for another portal.'],
    ];
    for (const [variant, code, message] of cases) {
      const url = providerPage(`/refused-${variant}`, {
        snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
        body: '<div class="card"><div id="portal-here"></div></div>',
        extra: identify(grace.email, variant),
      });
      await page.goto(url);
      const portal = portalIn(page, INLINE);
      // The client can still sign in by hand.
      await expect(portal.getByRole('heading', { name: 'Sign in to Acme Studio' })).toBeVisible();
      await expect
        .poll(() => eventsNamed(page, 'error'), variant)
        .toEqual([
          {
            via: 'dom',
            name: 'error',
            detail: { code, message, namespace: 'ClientPortal', portalId: portalA },
          },
        ]);
      expect(await eventNames(page), variant).not.toContain('login');
      expect((await eventsNamed(page, 'ready'))[0]?.detail.signedIn, variant).toBe(false);
      if (variant === 'expired') await shot(page, 'inline-handoff-refused-desktop-en');
    }
  });

  test('popup, keyboard only: nothing loads before opening; sign in, focus trap, Escape from inside the frame', async ({
    page,
  }) => {
    const url = providerPage('/popup', {
      snippets: [{ portalId: portalA, mode: 'popup' }],
      body: '<div class="card"><button class="cta" data-client-portal-open data-client-portal-page="invoices">Open your portal</button></div>',
      init: 'preload:"open"',
    });
    const portalRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(`${PLATFORM}/portal/`)) portalRequests.push(req.url());
    });
    await page.goto(url);
    await expect(page.locator(POPUP)).toHaveCount(1);
    // The idle time after the load, when a preload would make the frame (`preload: "open"`: none).
    await pageIdle(page);
    await expect(page.locator(`${POPUP} iframe`)).toHaveCount(0);
    expect(portalRequests).toEqual([]);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeHidden();

    // Tab to the trigger, Enter opens at the page it names.
    const trigger = page.getByRole('button', { name: 'Open your portal' });
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.poll(() => focusedIn(page, POPUP)).toBe('button.close');
    const portal = portalIn(page, POPUP);
    await expect(portal.getByRole('heading', { name: 'Sign in to Acme Studio' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Acme Studio' })).toBeVisible();

    // Tab goes into the portal, through it, and back to the close button: focus never leaves the dialog.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedIn(page, POPUP)).toBe('iframe');
    let back = false;
    for (let i = 0; i < 30 && !back; i++) {
      await page.keyboard.press('Tab');
      const inside = await focusedIn(page, POPUP);
      expect(inside, 'focus stays in the dialog').not.toBeNull();
      back = inside === 'button.close';
    }
    expect(back).toBe(true);

    // Sign in with the keyboard alone: e-mail, the password tab, the password, Enter.
    const focused = (selector: string) =>
      portal.locator(selector).evaluate((el) => el === document.activeElement);
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 10 && !(await focused(selector)); i++) await page.keyboard.press('Tab');
      expect(await focused(selector), selector).toBe(true);
    };
    await tabTo('input[name=email]');
    await page.keyboard.type(grace.email);
    const methods = portal.getByRole('tablist', { name: 'How to sign in' });
    await expect(methods).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(portal.getByRole('tab', { name: 'Magic link' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(portal.getByRole('tab', { name: 'Password' })).toBeFocused();
    await tabTo('input[name=password]');
    await page.keyboard.type(CLIENT_PASSWORD);
    await shot(page, 'popup-sign-in-desktop-en');
    await page.keyboard.press('Enter');
    // The page the trigger asked for opens after sign-in.
    await expect(portal.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect
      .poll(async () => (await eventsNamed(page, 'login'))[0]?.detail)
      .toMatchObject({ method: 'password', client: { email: grace.email } });
    await shot(page, 'popup-invoices-desktop-en');

    // Escape in the portal's own notification sheet closes the sheet only.
    await portal.getByRole('button', { name: /^Notifications/ }).click();
    const sheet = portal.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(dialog).toBeVisible();

    // Escape inside the frame closes the dialog; focus returns to the trigger.
    await portal.getByRole('heading', { name: 'Invoices', level: 1 }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(await eventNames(page)).toEqual(expect.arrayContaining(['open', 'close', 'ready']));
  });

  test('the page’s commands: open at a page, close, off, destroy, init again; inline shows only at its first size', async ({
    page,
  }) => {
    const call = (...args: unknown[]) =>
      page.evaluate(
        (args) => (window as unknown as { ClientPortal: (...a: unknown[]) => void }).ClientPortal(...args),
        args,
      );
    // The portal's document is slow to come: until the frame reports its size, the inline box says it is
    // loading and the frame stays invisible (no blank or half-drawn frame on the provider's page).
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${PLATFORM}/portal/**`, async (route) => {
      if (route.request().resourceType() === 'document') await released;
      await route.continue();
    });
    const url = providerPage('/commands', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><div id="portal-here"></div></div>',
      extra: identify(grace.email),
    });
    // (The frame holds the page's load event back until its document comes.)
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const box = page.locator(`${INLINE} .inline`);
    await expect(box).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator(INLINE).getByRole('status')).toHaveText('Loading client portal…');
    const iframe = page.locator(`${INLINE} iframe`);
    await expect(iframe).toHaveCount(1);
    expect(await iframe.evaluate((f) => getComputedStyle(f).visibility)).toBe('hidden');
    release();
    const portal = portalIn(page, INLINE);
    // The frame's first document, cold, on a machine that may be busy.
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible(FIRST_LOAD);
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => iframe.evaluate((f) => getComputedStyle(f).visibility)).toBe('visible');
    await expect.poll(() => eventNames(page)).toContain('resize');

    // `off` removes a callback `on` added: the route event still comes (as a DOM event), the callback is not called.
    await page.evaluate(() => {
      const w = window as unknown as {
        ClientPortal: (...a: unknown[]) => void;
        __routes: string[];
        __onRoute: unknown;
      };
      w.__routes = [];
      w.__onRoute = (d: { path: string }) => w.__routes.push(d.path);
      w.ClientPortal('on', 'route', w.__onRoute);
    });
    const routes = () => page.evaluate(() => (window as unknown as { __routes: string[] }).__routes);
    const domRoutes = async () => (await eventsNamed(page, 'route')).map((e) => e.detail.path);
    await call('navigate', 'invoices');
    // A section of the portal loads its chunk the first time.
    await expect(portal.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible(FIRST_LOAD);
    await expect.poll(routes).toEqual(['/invoices']);
    await page.evaluate(() => {
      const w = window as unknown as { ClientPortal: (...a: unknown[]) => void; __onRoute: unknown };
      w.ClientPortal('off', 'route', w.__onRoute);
    });
    await call('navigate', 'projects');
    await expect(portal.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible(FIRST_LOAD);
    await expect.poll(domRoutes).toContain('/projects');
    expect(await routes()).toEqual(['/invoices']);

    // `destroy` removes everything; `init` and a mode again bring the widget back, here as a popup that
    // `open` opens at a page and `close` closes.
    await call('destroy');
    await expect(page.locator('client-portal-widget')).toHaveCount(0);
    await call('init', { portalId: portalA });
    await call('popup');
    await call('identify', {});
    await expect
      .poll(async () => (await eventsNamed(page, 'error')).map((e) => e.detail.code))
      .toContain('invalid_options');
    await page.evaluate(() =>
      (window as unknown as { ClientPortal: (...a: unknown[]) => void }).ClientPortal('open', {
        page: 'invoices',
      }),
    );
    const dialog = page.getByRole('dialog', { name: 'Acme Studio' });
    await expect(dialog).toBeVisible();
    // A new frame: the portal's document again, in a dialog that was not there before.
    await expect(portalIn(page, POPUP).getByRole('heading', { name: 'Sign in to Acme Studio' })).toBeVisible(
      FIRST_LOAD,
    );
    await call('close');
    await expect(dialog).toBeHidden();
    // The page hears `close` as the dialog goes (its events are dispatched, not awaited by `close`).
    await expect.poll(() => eventNames(page)).toEqual(expect.arrayContaining(['open', 'close']));
  });

  test('floating: the launcher opens the real portal, in German on a German page', async ({ page }) => {
    const url = providerPage('/floating-de', {
      snippets: [{ portalId: portalA, mode: 'floating' }],
      lang: 'de',
      init: 'zIndex:4242',
    });
    await page.goto(url);
    const launcher = page.getByRole('button', { name: 'Kundenportal öffnen' });
    await expect(launcher).toBeVisible();
    expect(await launcher.evaluate((el) => getComputedStyle(el).zIndex)).toBe('4242');
    // The portal's own primary colour (no `color` option), with the readable text colour on it.
    const colours = (el: Element) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color];
    expect(await launcher.evaluate(colours)).toEqual(['rgb(190, 18, 60)', 'rgb(255, 255, 255)']);
    // Idle preload once the visitor does something on the page (here: moves the pointer, away from the
    // launcher): the frame loads (and says ready) while the dialog stays closed.
    await page.mouse.move(5, 5);
    await expect.poll(() => eventNames(page), { timeout: 15_000 }).toContain('ready');
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Acme Studio' });
    await expect(dialog).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    expect(await page.locator(`${FLOATING} .bar`).evaluate(colours)).toEqual([
      'rgb(190, 18, 60)',
      'rgb(255, 255, 255)',
    ]);
    // The dialog is made after the page's start (idle time); the launcher names it once it exists.
    expect(await launcher.getAttribute('aria-controls')).toBe(await dialog.getAttribute('id'));
    const portal = portalIn(page, FLOATING);
    await expect(portal.getByRole('heading', { name: 'Bei Acme Studio anmelden' })).toBeVisible();
    await expect(portal.locator('html')).toHaveAttribute('lang', 'de');
    await shot(page, 'floating-open-desktop-de');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test('a provider site with a strict Content-Security-Policy needs only the documented lines', async ({
    page,
  }) => {
    // The documented lines (host/dashboard/docs/examples.ts cspExample) and nothing inline but nonced code:
    // no 'unsafe-inline' for styles, so the widget's shadow DOM must style itself without a <style> element.
    const url = providerPage('/strict-csp', {
      snippets: [{ portalId: portalA, mode: 'floating' }],
      init: 'color:"#be123c"',
      csp: `default-src 'none'; script-src 'nonce-{nonce}' ${PLATFORM}; frame-src ${PLATFORM}; style-src 'nonce-{nonce}'; connect-src 'self' ${PLATFORM}`,
      extra: `${identify(grace.email)}<script>window.__violations=[];document.addEventListener("securitypolicyviolation",function(e){window.__violations.push(e.violatedDirective+" "+e.blockedURI)});</script>`,
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    await page.goto(url);
    const launcher = page.getByRole('button', { name: 'Open client portal' });
    await expect(launcher).toBeVisible();
    // Styled: a round button fixed in the corner, in the portal's colour.
    expect(await launcher.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(190, 18, 60)');
    await launcher.click();
    const portal = portalIn(page, FLOATING);
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
    await expect.poll(async () => (await eventsNamed(page, 'login')).length).toBe(1);
    expect(await violations()).toEqual([]);
  });

  test('a narrow viewport: full-screen dialog, compact portal signed in by handoff', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 720 });
    const url = providerPage('/floating-mobile', {
      snippets: [{ portalId: portalA, mode: 'floating' }],
      extra: identify(grace.email),
    });
    await page.goto(url);
    const launcher = page.getByRole('button', { name: 'Open client portal' });
    await expect(launcher).toBeVisible();
    await shot(page, 'floating-closed-mobile-en');
    await launcher.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 720 });
    const portal = portalIn(page, FLOATING);
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
    // Compact: the sections as icon links in one row, nothing wider than the phone.
    await expect(portal.getByRole('link', { name: 'Invoices', exact: true })).toBeVisible();
    const overflow = await portal.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'floating-signed-in-mobile-en');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('two widgets of two portals on one page, the runtime loaded twice', async ({ page }) => {
    const url = providerPage('/two', {
      snippets: [
        { portalId: portalA, mode: 'floating' },
        { portalId: portalB, mode: 'inline', element: '#billing', namespace: 'Billing' },
      ],
      body: '<div class="card"><h2>Billing</h2><div id="billing"></div></div>',
      extra: `<script src="${PLATFORM}/widget/embed.js"></script><script src="${PLATFORM}/widget/embed.js" async></script>`,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await expect(page.locator('client-portal-widget')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Open client portal' })).toHaveCount(1);
    const billing = portalIn(page, '#billing client-portal-widget');
    await expect(billing.getByRole('heading', { name: 'Sign in to Billing Desk' })).toBeVisible();
    await page.getByRole('button', { name: 'Open client portal' }).click();
    await expect(page.getByRole('dialog', { name: 'Acme Studio' })).toBeVisible();
    await expect(
      portalIn(page, FLOATING).getByRole('heading', { name: 'Sign in to Acme Studio' }),
    ).toBeVisible();
    const ready = await eventsNamed(page, 'ready');
    expect(ready.map((e) => [e.detail.namespace, e.detail.portalId]).sort()).toEqual(
      [
        ['Billing', portalB],
        ['ClientPortal', portalA],
      ].sort(),
    );
    const channels = await page
      .locator('client-portal-widget iframe')
      .evaluateAll((frames) =>
        frames.map((f) => new URL((f as HTMLIFrameElement).src).searchParams.get('channel')),
      );
    expect(new Set(channels).size).toBe(2);
    await shot(page, 'two-widgets-desktop-en');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  test('product events the portal posts reach on() callbacks and DOM events; forged ones do not', async ({
    page,
  }) => {
    // The runtime's side of the product events (the portal's own message.received, file.status_changed
    // and invoice.paid have tests of their own): the test posts them from inside the real frame, exactly
    // as the portal does (protocol.ts's envelope).
    const url = providerPage('/product-events', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card" id="portal-here"></div>',
      extra:
        '<script>["message.received","invoice.paid","file.status_changed"].forEach(function(n){ClientPortal("on",n,function(d){window.__events.push({via:"callback",name:n,detail:d})})});</script>',
    });
    await page.goto(url);
    await expect.poll(() => eventNames(page), { timeout: 15_000 }).toContain('ready');
    const frame = page.frames().find((f) => f.url().startsWith(`${PLATFORM}/portal/`));
    if (!frame) throw new Error('no portal frame');
    const channel = new URL(frame.url()).searchParams.get('channel') ?? '';
    const siteOrigin = new URL(url).origin;
    const envelope = (message: Record<string, unknown>, ch = channel) => ({
      protocol: PROTOCOL,
      version: PROTOCOL_VERSION,
      channel: ch,
      message,
    });
    const sent = [
      { type: 'message.received', projectId: 'p-1', messageId: 'm-1' },
      { type: 'invoice.paid', invoiceId: 'inv-1' },
      { type: 'file.status_changed', fileId: 'f-1', status: 'approved' },
    ];
    const forged = [
      envelope({ type: 'invoice.paid', invoiceId: 'another-channel' }, 'f'.repeat(24)),
      envelope({ type: 'invoice.paid', invoiceId: 42 }),
      envelope({ type: 'invoice.paid' }),
    ];
    await frame.evaluate(
      ({ messages, target }) => {
        for (const m of messages) window.parent.postMessage(m, target);
      },
      { messages: [...forged, ...sent.map((m) => envelope(m))], target: siteOrigin },
    );
    // The provider page's own script (another source than the frame) cannot raise them either.
    await page.evaluate(
      (m) => window.postMessage(m, '*'),
      envelope({ type: 'invoice.paid', invoiceId: 'from-the-page' }),
    );
    const product = async () =>
      (await events(page))
        .filter((e) => sent.some((m) => m.type === e.name))
        .map((e) => `${e.via} ${e.name} ${JSON.stringify(e.detail)}`)
        .sort();
    const expected = sent
      .flatMap(({ type, ...data }) =>
        ['callback', 'dom'].map(
          (via) =>
            `${via} ${type} ${JSON.stringify({ ...data, namespace: 'ClientPortal', portalId: portalA })}`,
        ),
      )
      .sort();
    await expect.poll(product).toEqual(expected);
    // The page's own forgery went out after the frame's messages: a marker after it has come by now.
    await page.evaluate(
      (marker) =>
        new Promise<void>((resolve) => {
          addEventListener('message', function seen(e) {
            if (e.data !== marker) return;
            removeEventListener('message', seen);
            resolve();
          });
          window.postMessage(marker, '*');
        }),
      `marker-${randomUUID()}`,
    );
    expect(await product()).toEqual(expected);
  });

  test('a message from the provider while the client is in the frame raises message.received, once', async ({
    page,
  }) => {
    const email = uniqueEmail('linus');
    const client = await json<{ id: string }>(
      await api.post('/api/clients', { data: { name: 'Linus Torvalds', email, portalId: portalA } }),
      201,
    );
    const project = await json<{ id: string }>(
      await api.post('/api/projects', {
        data: { clientId: client.id, name: 'Kernel docs', status: 'in_progress' },
      }),
      201,
    );
    const url = providerPage('/message-received', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card" id="portal-here"></div>',
      extra: `${identify(email)}<script>ClientPortal("on","message.received",function(d){window.__events.push({via:"callback",name:"message.received",detail:d})});</script>`,
    });
    // The portal's notifications, loaded once the first screen is up: what was there before is not news.
    const baseline = page.waitForResponse(
      (r) => r.url() === `${PLATFORM}/api/portal/${portalA}/notifications` && r.ok(),
    );
    const live = socketLive(page);
    await page.goto(url);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Welcome, Linus Torvalds' })).toBeVisible();
    await baseline;
    // The frame's socket is open (its first frame came): the message is news it hears live.
    await live;
    const message = await json<{ id: string }>(
      await api.post(`/api/projects/${project.id}/messages`, {
        data: { clientMessageId: randomUUID(), body: 'The release notes are up.' },
      }),
      201,
    );
    const detail = {
      projectId: project.id,
      messageId: message.id,
      namespace: 'ClientPortal',
      portalId: portalA,
    };
    // Live, over the portal's socket (well before its 30-second refresh).
    await expect
      .poll(() => eventsNamed(page, 'message.received'), { timeout: 10_000 })
      .toContainEqual({ via: 'dom', name: 'message.received', detail });
    await expect(portal.locator('[data-sonner-toast]')).toContainText('The release notes are up.');
    const received = await eventsNamed(page, 'message.received');
    expect(received).toContainEqual({ via: 'callback', name: 'message.received', detail });
    expect(received).toHaveLength(2);
  });

  test('a file shared, then approved in the frame, raises file.status_changed for each status, once', async ({
    page,
  }) => {
    const email = uniqueEmail('margaret');
    const client = await json<{ id: string }>(
      await api.post('/api/clients', { data: { name: 'Margaret Hamilton', email, portalId: portalA } }),
      201,
    );
    const project = await json<{ id: string }>(
      await api.post('/api/projects', {
        data: { clientId: client.id, name: 'Guidance manual', status: 'in_progress' },
      }),
      201,
    );
    const url = providerPage('/file-status', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card" id="portal-here"></div>',
      extra: `${identify(email)}<script>ClientPortal("on","file.status_changed",function(d){window.__events.push({via:"callback",name:"file.status_changed",detail:d})});</script>`,
    });
    const baseline = page.waitForResponse(
      (r) => r.url() === `${PLATFORM}/api/portal/${portalA}/notifications` && r.ok(),
    );
    const live = socketLive(page);
    await page.goto(url);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Welcome, Margaret Hamilton' })).toBeVisible();
    await baseline;
    const frames = await live;
    // A 1×1 PNG, shared by the provider: live, the page hears the new file waiting for review.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const file = await json<{ id: string }>(
      await api.post(`/api/projects/${project.id}/files`, {
        multipart: { file: { name: 'Cover.png', mimeType: 'image/png', buffer: png } },
      }),
      201,
    );
    const event = (status: string) => ({
      via: 'dom',
      name: 'file.status_changed',
      detail: { fileId: file.id, status, namespace: 'ClientPortal', portalId: portalA },
    });
    await expect
      .poll(() => eventsNamed(page, 'file.status_changed'), { timeout: 10_000 })
      .toContainEqual(event('pending_review'));
    // The client approves it in the frame: the page hears it at once, and not again from its activity item.
    await portal.getByRole('link', { name: 'Files' }).first().click();
    await portal.getByRole('link', { name: 'Cover.png' }).first().click();
    await portal.getByRole('button', { name: 'Approve' }).click();
    await expect(portal.getByText('Approved by you').first()).toBeVisible();
    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'file-approved-inline-phone');
    }
    await expect
      .poll(() => eventsNamed(page, 'file.status_changed'), { timeout: 10_000 })
      .toContainEqual(event('client_approved'));
    // The decision's activity item reached the frame's socket, and the frame has handled it.
    await expect.poll(() => frames.some((f) => f.includes('file_approval'))).toBe(true);
    await roundTrip(page, 'projects');
    await framePostsReported(page);
    const heard = await eventsNamed(page, 'file.status_changed');
    expect(heard.filter((e) => e.via === 'dom')).toEqual([event('pending_review'), event('client_approved')]);
    expect(heard.filter((e) => e.via === 'callback')).toHaveLength(2);
  });

  test('an invoice paid while the client is in the frame raises invoice.paid, once', async ({ page }) => {
    const email = uniqueEmail('katherine');
    const client = await json<{ id: string }>(
      await api.post('/api/clients', { data: { name: 'Katherine Johnson', email, portalId: portalA } }),
      201,
    );
    await legalDetails(api, client.id);
    const invoice = await json<{ id: string }>(
      await api.post('/api/invoices', {
        data: {
          clientId: client.id,
          currency: 'EUR',
          supplyDate: '2026-03-02',
          lines: [
            {
              description: 'Trajectory review',
              quantityMilli: 2000,
              unitPriceCents: 15_000,
              taxRateBp: 1900,
            },
          ],
        },
      }),
      201,
    );
    await json(await api.post(`/api/invoices/${invoice.id}/send`));
    const url = providerPage('/invoice-paid', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card" id="portal-here"></div>',
      extra: `${identify(email)}<script>ClientPortal("on","invoice.paid",function(d){window.__events.push({via:"callback",name:"invoice.paid",detail:d})});</script>`,
    });
    const baseline = page.waitForResponse(
      (r) => r.url() === `${PLATFORM}/api/portal/${portalA}/notifications` && r.ok(),
    );
    const live = socketLive(page);
    await page.goto(url);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Welcome, Katherine Johnson' })).toBeVisible();
    await baseline;
    const frames = await live;
    // The client opens the invoice in the frame; the provider marks it paid (as a Stripe webhook would).
    await portal.getByRole('link', { name: /INV/ }).first().click();
    await expect(portal.getByText('Amount due')).toBeVisible();
    await json(await api.post(`/api/invoices/${invoice.id}/status`, { data: { status: 'paid' } }));
    const detail = { invoiceId: invoice.id, namespace: 'ClientPortal', portalId: portalA };
    await expect
      .poll(() => eventsNamed(page, 'invoice.paid'), { timeout: 10_000 })
      .toContainEqual({ via: 'dom', name: 'invoice.paid', detail });
    await expect(portal.getByRole('heading', { name: /^Paid on / })).toBeVisible();
    // Its activity item and the invoice read paid again are the same news: nothing more.
    await portal.getByRole('link', { name: 'All invoices' }).click();
    await expect(portal.getByRole('heading', { name: 'Paid and cancelled' })).toBeVisible();
    // The payment's activity item reached the frame's socket, and the frame has handled it.
    await expect.poll(() => frames.some((f) => f.includes('invoice_status'))).toBe(true);
    await roundTrip(page, 'projects');
    await framePostsReported(page);
    await shot(page, 'invoice-paid-inline');
    const heard = await eventsNamed(page, 'invoice.paid');
    expect(heard).toEqual(
      expect.arrayContaining([
        { via: 'dom', name: 'invoice.paid', detail },
        { via: 'callback', name: 'invoice.paid', detail },
      ]),
    );
    expect(heard).toHaveLength(2);
  });

  test('a website the portal does not allow: a short notice instead of a frame, and the console says what to add', async ({
    page,
  }) => {
    const url = providerPage('/not-allowed', {
      site: disallowed,
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><h2>Client portal</h2><div id="portal-here"></div></div>',
      extra: identify(grace.email),
    });
    const logs: string[] = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    await page.goto(url);
    const widget = page.locator(INLINE);
    await expect(widget.getByText("This portal can't be shown on this website.")).toBeVisible();
    await expect(widget.getByRole('link', { name: 'Open the portal in a new tab' })).toHaveAttribute(
      'href',
      `${PLATFORM}/portal/${portalA}/login`,
    );
    // The snippet's early frame is gone, nothing says "Loading" any more, and the provider learns which
    // origin to add where (with a link to that place in the dashboard).
    await expect(page.locator(`${INLINE} iframe`)).toHaveCount(0);
    await expect(widget.getByText('Loading client portal…')).toBeHidden();
    const site = disallowed.origin;
    expect(logs).toContain(
      `error: [ClientPortal] ${site} may not show the portal "Acme Studio". Add ${site} under Portals → Acme Studio → Website embedding: ${PLATFORM}/dashboard/portals/${portalA}#embedding`,
    );
    await expect.poll(() => eventNames(page)).toEqual(['error']);
    expect((await eventsNamed(page, 'error'))[0]?.detail).toMatchObject({
      code: 'origin_not_allowed',
      namespace: 'ClientPortal',
      portalId: portalA,
    });
    // Nothing else follows: the page has been idle since, with no frame to hear from.
    await pageIdle(page);
    expect(await eventNames(page)).toEqual(['error']);
    await shot(page, 'not-allowed-inline-desktop-en');
  });

  test('a website the portal does not allow, floating on a German phone page: no frame is ever made', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 780 });
    const url = providerPage('/not-allowed-floating', {
      site: disallowed,
      lang: 'de',
      snippets: [{ portalId: portalA, mode: 'floating' }],
    });
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    const framed: string[] = [];
    page.on('request', (r) => r.url().includes('/portal/') && framed.push(r.url()));
    await page.goto(url);
    const launcher = page.getByRole('button', { name: 'Kundenportal öffnen' });
    await expect(launcher).toBeVisible();
    // In the portal's colour, as on an allowed website.
    expect(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(190, 18, 60)');
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Acme Studio' });
    await expect(dialog).toBeVisible();
    await expect(
      page.locator(FLOATING).getByText('Dieses Portal kann auf dieser Website nicht angezeigt werden.'),
    ).toBeVisible();
    await expect(
      page.locator(FLOATING).getByRole('link', { name: 'Portal in neuem Tab öffnen' }),
    ).toBeVisible();
    await expect(page.locator(`${FLOATING} iframe`)).toHaveCount(0);
    expect(framed).toEqual([]);
    expect(logs.join('\n')).not.toContain('frame-ancestors');
    expect(logs.some((l) => l.includes(`Add ${disallowed.origin} under Portals → Acme Studio`))).toBe(true);
    await shot(page, 'not-allowed-floating-mobile-de');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('an allowed website that names another parent gets no portal and no message', async ({ page }) => {
    const frameSrc = `${PLATFORM}/portal/${portalA}/?embed=1&parent=${encodeURIComponent('https://evil.example')}&channel=0123456789abcdef01234567`;
    const url = providerPage('/lying-parent', {
      snippets: [],
      body: `<div class="card"><iframe title="Portal" src="${frameSrc}" style="width:100%;height:420px;border:1px solid #e2e8f0;border-radius:12px"></iframe></div>`,
      extra:
        '<script>window.__messages=[];addEventListener("message",function(e){if(!/^marker-/.test(e.data))window.__messages.push(e.origin)})</script>',
    });
    await page.goto(url);
    const frame = page.locator('iframe[title=Portal]').contentFrame();
    await expect(frame.getByRole('heading', { name: "This portal can't be shown here" })).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Open the portal in a new tab' })).toHaveAttribute(
      'href',
      `/portal/${portalA}/login`,
    );
    // The frame's own marker message arrives; nothing it said before it did.
    await framePostsReported(page);
    expect(await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages)).toEqual([]);
    await shot(page, 'refused-parent-desktop-en');
  });

  test('magic link requested in the frame returns through the page’s fragment and signs the client in', async ({
    page,
    context,
  }) => {
    const url = providerPage('/account', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><h2>Your client portal</h2><div id="portal-here"></div></div>',
    });
    await page.goto(`${url}?tab=2`);
    const portal = portalIn(page, INLINE);
    await portal.getByLabel('Email').fill(ada.email);
    await portal.getByRole('button', { name: 'Send magic link' }).click();
    // Delivered to the development outbox: spec §8's success, and (development only) where to read the mail.
    await expect(portal.getByText('Magic Link Sent!')).toBeVisible();
    await expect(portal.getByRole('link', { name: 'Open the development outbox' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await shot(page, 'inline-magic-link-sent-desktop-en');
    const mail = await latestMail(api, ada.email, 'magic_link');
    const link = linkIn(mail.text, '/account');
    expect(link.startsWith(`${url}?tab=2#cp_magic=`)).toBe(true);
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('cp_portal')).toBe(portalA);

    // The client opens the e-mailed link: the fragment leaves the address bar at once, the frame signs in.
    const returned = await context.newPage();
    await returned.goto(link);
    expect(returned.url()).toBe(`${url}?tab=2`);
    await expect(
      portalIn(returned, INLINE).getByRole('heading', { name: 'Welcome, Ada Byron' }),
    ).toBeVisible();
    await expect
      .poll(async () => (await eventsNamed(returned, 'login'))[0]?.detail)
      .toMatchObject({ method: 'magic_link', client: { email: ada.email } });
    expect(returned.url()).toBe(`${url}?tab=2`);
    await shot(returned, 'inline-magic-link-signed-in-desktop-en');

    // The link works once: opening it again is refused with a clear error (event and message).
    const again = await context.newPage();
    await again.goto(link);
    await expect
      .poll(async () => (await eventsNamed(again, 'error'))[0]?.detail)
      .toMatchObject({ code: 'invalid_token', message: 'This link is invalid or has expired.' });
    const refused = portalIn(again, INLINE);
    await expect(refused.getByText('This sign-in link does not work')).toBeVisible();
    await expect(refused.getByRole('heading', { name: 'Sign in to Acme Studio' })).toBeVisible();
    await shot(again, 'inline-magic-link-used-desktop-en');
  });

  test('storage blocked in the frame: signed in for the visit, and offered the portal in a new tab', async ({
    page,
  }) => {
    // Like a browser that blocks third-party storage: the platform's frames cannot use localStorage.
    await page.addInitScript((platform) => {
      if (location.origin !== platform) return;
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is blocked', 'SecurityError');
        },
      });
    }, PLATFORM);
    const plain = providerPage('/blocked', {
      snippets: [{ portalId: portalA, mode: 'inline', element: '#portal-here' }],
      body: '<div class="card"><div id="portal-here"></div></div>',
    });
    await page.goto(plain);
    const portal = portalIn(page, INLINE);
    await expect(portal.getByRole('heading', { name: 'Sign in to Acme Studio' })).toBeVisible();
    const offer = portal.getByRole('link', { name: 'Open the portal in a new tab to stay signed in.' });
    await expect(offer).toHaveAttribute('href', `/portal/${portalA}/login`);
    await expect(offer).toHaveAttribute('target', '_blank');
    await shot(page, 'inline-storage-blocked-desktop-en');

    // Signing in still works (kept in memory) and nothing was written to the provider page's cookies.
    await portal.getByLabel('Email').fill(grace.email);
    await portal.getByRole('tab', { name: 'Password' }).click();
    await portal.locator('input[name=password]').fill(CLIENT_PASSWORD);
    await portal.getByRole('button', { name: 'Sign in' }).click();
    await expect(portal.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible();
    await portal.getByRole('link', { name: 'Invoices', exact: true }).click();
    await expect(portal.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.context().cookies(allowed.origin)).toEqual([]);
  });
});
