import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Frame,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * What the specs share: accounts and records made through the API, the development outbox, screenshots on
 * demand, live pages, accessibility and layout checks. Worlds of several records: `collaboration-world.ts`.
 */

/** The platform's origin (playwright.config.ts starts the server on E2E_PORT). */
export const PLATFORM = `http://localhost:${process.env.E2E_PORT ?? 4317}`;

/** A fresh address per test run, so the same database can host many runs. */
export function uniqueEmail(prefix = 'provider'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The answer's JSON once its status is `status` (the body is the failure message otherwise). */
export async function ok<T = unknown>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The newest development-outbox mail to `to` (the service runs without a Resend key in tests). */
export async function latestMail(request: APIRequestContext, to: string, kind?: string) {
  let found: { kind: string; html: string; text: string; subject: string } | undefined;
  // The mail is written in the request's transaction, but a job may still be on its way: ask until it is there.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { mails } = (await res.json()) as { mails: NonNullable<typeof found>[] };
        found = mails.find((m) => !kind || m.kind === kind);
        return found !== undefined;
      },
      { message: `a ${kind ?? ''} mail to ${to}`, intervals: [50, 100, 250] },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

/** The first link into this app found in a mail's text part. */
export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[0];
}

/**
 * A moment ago as the app says it (shared/format/date.ts): "just now" under a minute, then whole minutes with
 * "ago", never a bare "now". A test cannot know whether a minute has passed since its set-up on a busy machine.
 */
export const RECENTLY = {
  en: /^(just now|\d+ minutes? ago)$/,
  de: /^(gerade eben|vor \d+ Minuten?)$/,
} as const;
/** The same, inside a longer text. */
export const RECENTLY_IN_TEXT = {
  en: /\b(just now|\d+ minutes? ago)\b/,
  de: /\b(gerade eben|vor \d+ Minuten?)\b/,
} as const;

export interface Provider {
  email: string;
  password: string;
}

/**
 * A provider signed up and verified through the API (the UI's sign-up is the auth spec's subject):
 * `request` holds the session afterwards, and `page.request` signs the page's whole context in.
 */
export async function signUpProvider(
  request: APIRequestContext,
  opts: { email?: string; password?: string; fullName?: string; language?: 'en' | 'de' } = {},
): Promise<Provider> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'provider secret 1';
  await ok(
    await request.post('/api/auth/sign-up', {
      data: {
        email,
        password,
        confirmPassword: password,
        fullName: opts.fullName ?? 'Ada Lovelace',
        ...(opts.language ? { language: opts.language } : {}),
      },
    }),
    201,
  );
  const link = linkIn((await latestMail(request, email, 'verify_email')).text, '/auth/verify');
  const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
  await ok(await request.post('/api/auth/verify-email', { data: { token, currentPassword: password } }));
  return { email, password };
}

/** A new provider signed in on the page's context, with the dashboard open. */
export async function providerOnDashboard(
  page: Page,
  opts: Parameters<typeof signUpProvider>[1] = {},
): Promise<Provider> {
  const provider = await signUpProvider(page.request, opts);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return provider;
}

/** Signs in through the dashboard's sign-in form (another device of the same provider). */
export async function signInThroughForm(page: Page, provider: Provider) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(provider.email);
  await page.getByLabel('Password', { exact: true }).fill(provider.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await page.waitForURL('**/dashboard');
}

/** A portal of the provider signed in on `request`. */
export async function createPortal(
  request: APIRequestContext,
  portalName = 'Analytical Studio',
  data: { primaryColor?: string; secondaryColor?: string; allowedOrigins?: string[] } = {},
): Promise<string> {
  const portal = await ok<{ id: string }>(
    await request.post('/api/portals', {
      data: { portalName, primaryColor: '#4f46e5', secondaryColor: '#0ea5e9', ...data },
    }),
    201,
  );
  return portal.id;
}

/** A client of `portalId`, with a password when one is given. */
export async function createClient(
  request: APIRequestContext,
  data: { portalId: string; name: string; email?: string; company?: string | null; language?: 'en' | 'de' },
  password?: string,
): Promise<{ id: string; email: string }> {
  const email = data.email ?? uniqueEmail(data.name.split(' ')[0]?.toLowerCase());
  const client = await ok<{ id: string }>(
    await request.post('/api/clients', { data: { ...data, email } }),
    201,
  );
  if (password) await ok(await request.post(`/api/clients/${client.id}/password`, { data: { password } }));
  return { id: client.id, email };
}

/** A project of the provider signed in on `request`. */
export async function createProject(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  return ok(await request.post('/api/projects', { data }), 201);
}

/** The provider writes in a project's conversation. */
export async function providerMessage(request: APIRequestContext, projectId: string, body: string) {
  return ok<{ id: string }>(
    await request.post(`/api/projects/${projectId}/messages`, {
      data: { clientMessageId: crypto.randomUUID(), body },
    }),
    201,
  );
}

/** The profile's language (the dashboard follows it from the next page load on, spec §4). */
export async function setProfileLanguage(request: APIRequestContext, language: 'en' | 'de') {
  await ok(await request.patch('/api/profile', { data: { preferredLanguage: language } }));
}

/** A browser context of a German visitor on a 390 px phone (touch, mobile viewport). */
export const GERMAN_PHONE = {
  locale: 'de-DE',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

/**
 * Screenshots to look at, taken only on demand (`E2E_SHOTS=1`) into `E2E_SHOTS_DIR` (default
 * test-results/shots, emptied at the start of every run): CI takes none.
 */
export const SHOTS = Boolean(process.env.E2E_SHOTS);
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

/** The widths a screenshot walk covers: both on demand, the desktop alone when only the checks run. */
export const SHOT_WIDTHS = SHOTS ? [1280, 390] : [1280];

/** Where `shot(…, name)` saves its picture. */
export const shotPath = (name: string) => join(SHOTS_DIR, `${name}.png`);

/** Saves `target` (a page, whole; or one element) as `<E2E_SHOTS_DIR>/<name>.png` when E2E_SHOTS is set. */
export async function shot(target: Page | Locator, name: string, opts: { style?: string } = {}) {
  if (!SHOTS) return;
  const path = shotPath(name);
  mkdirSync(dirname(path), { recursive: true });
  if ('goto' in target) await target.screenshot({ path, fullPage: true, ...opts });
  else await target.screenshot({ path, ...opts });
}

/**
 * How long something may take to arrive "live" (over the realtime socket): well inside the 30 s after
 * which the pages' polls would have brought it anyway, so a pass means the socket delivered it.
 */
export const LIVE = { timeout: 10_000 };

/**
 * The first page of a fresh browser context, checked by what only the finished page shows (a section's
 * heading in the profile's language): every script, remote and locale comes over the network, cold, on a
 * machine that may be busy.
 */
export const FIRST_LOAD = { timeout: 60_000 };

/** How long a page that has loaded may take to have its realtime socket live (it connects once idle). */
export const SOCKET_LIVE = { timeout: 30_000 };

/**
 * Opens `url` and waits until its realtime connection is live: the page's `<html data-realtime="open">`
 * (shared/realtime/client.ts: the server answered the socket's hello and caught it up, so whatever happens
 * from now on reaches the page live; what happened before is in the data the page loaded). The attribute
 * belongs to the new document: the socket of the page being left, which a busy machine may open just as
 * the navigation starts and which closes with it, can never be taken for this page's. Fails with a clear
 * message after `SOCKET_LIVE` (never hangs to the test's timeout). Returns the frames the page's realtime
 * sockets receive, as they come.
 */
export async function gotoLive(page: Page, url: string, opts = SOCKET_LIVE): Promise<string[]> {
  const { frames, sockets } = realtimeFrames(page);
  await page.goto(url);
  try {
    await expect(page.locator('html[data-realtime="open"]')).toBeAttached(opts);
  } catch (error) {
    const status = await page
      .locator('html')
      .getAttribute('data-realtime', { timeout: 1_000 })
      .catch(() => 'unknown');
    throw new Error(
      `the realtime connection of ${url} was not live after ${opts.timeout / 1000} s: <html data-realtime="${status}">, sockets seen: ${describeSockets(sockets)}`,
      { cause: error },
    );
  }
  return frames;
}

/**
 * The frames of the realtime sockets the page (or a frame in it, e.g. the widget's cross-site portal)
 * opens from now on, once one of them has received its first frame; every later frame of every such
 * socket is added as it comes. A socket that closes before its first frame (the page left, a reconnect)
 * is passed over for the next. Rejects with the sockets it saw after `timeout` (60 s: call it before the
 * page loads).
 */
export function socketLive(page: Page, { timeout = 60_000 } = {}): Promise<string[]> {
  const { frames, sockets, first } = realtimeFrames(page);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const live = Promise.race([
    first.then(() => frames),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `no realtime socket received a frame within ${timeout / 1000} s (sockets seen: ${describeSockets(sockets)})`,
            ),
          ),
        timeout,
      );
      timer.unref?.();
    }),
  ]).finally(() => clearTimeout(timer));
  // Awaited later by the caller; a rejection before that is not an unhandled one.
  live.catch(() => {});
  return live;
}

type SeenSocket = { frames: number; closed: boolean };

/** Collects the frames of every `/api/realtime` socket the page opens from now on. */
function realtimeFrames(page: Page): { frames: string[]; sockets: SeenSocket[]; first: Promise<void> } {
  const frames: string[] = [];
  const sockets: SeenSocket[] = [];
  let firstFrame!: () => void;
  const first = new Promise<void>((resolve) => {
    firstFrame = resolve;
  });
  const onSocket = (ws: import('@playwright/test').WebSocket) => {
    if (!ws.url().endsWith('/api/realtime')) return;
    const seen: SeenSocket = { frames: 0, closed: false };
    sockets.push(seen);
    ws.on('framereceived', (frame) => {
      seen.frames += 1;
      frames.push(String(frame.payload));
      firstFrame();
    });
    ws.on('close', () => {
      seen.closed = true;
    });
  };
  page.on('websocket', onSocket);
  page.once('close', () => page.off('websocket', onSocket));
  return { frames, sockets, first };
}

function describeSockets(sockets: SeenSocket[]): string {
  if (sockets.length === 0) return 'none';
  return sockets.map((s) => `${s.frames} frame(s)${s.closed ? ', closed' : ''}`).join('; ');
}

/**
 * Records the text of every toast the page shows from now on, and returns a reader of them. A toast lives
 * 4 s: a check made after a clock jump (which also fires its dismissal) or on a busy machine may come after
 * it left, so look in what was recorded (`expect.poll(toasts)`) rather than on the screen.
 */
export async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const toast of [node, ...node.querySelectorAll('[data-sonner-toast]')]) {
            if (toast.matches('[data-sonner-toast]')) seen.push(toast.textContent ?? '');
          }
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/**
 * Returns once every request `frame` (the page's own by default) sent so far has been reported to the test:
 * a marker request goes out after them, and the browser reports a frame's requests in the order they start.
 */
export async function requestsReported(page: Page, frame: Frame = page.mainFrame()) {
  const marker = `/api/health?marker=${crypto.randomUUID()}`;
  const reported = page.waitForRequest((r) => r.url().endsWith(marker));
  await frame.evaluate((url) => void fetch(url), `${PLATFORM}${marker}`);
  await reported;
}

/**
 * Returns once the page's main thread has been idle after everything it had queued (three idle periods in
 * a row, each asked for after the one before): work a script scheduled for idle time has run by then.
 */
export async function pageIdle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let left = 3;
        const next = () => (left-- === 0 ? resolve() : requestIdleCallback(next));
        requestIdleCallback(next);
      }),
  );
}

/**
 * Axe's findings on the page as it is (sonner's toast outlet is its authors' markup and comes and goes),
 * as `rule: targets` lines; `serious` keeps only the serious and critical ones, `rules` runs only those.
 */
export async function axeViolations(
  page: Page,
  opts: { include?: string; exclude?: string[]; serious?: boolean; rules?: string[] } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).exclude('[data-sonner-toaster]');
  if (opts.rules) builder = builder.withRules(opts.rules);
  if (opts.include) builder = builder.include(opts.include);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !opts.serious || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing on the page is wider than the screen (long texts wrap, code blocks scroll in their own box). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/**
 * After a delete nothing may ask for the deleted record again (a 404, and an error on the console). Call
 * before confirming the delete of `recordPath` (its API path); the returned check waits for the list
 * (`listPath`) asked for after the delete (a refetch of the record would start with it, not later) and
 * finds no GET under `recordPath` since.
 */
export function watchDeletion(page: Page, recordPath: string, listPath: string): () => Promise<void> {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname.startsWith(recordPath)) asked.push(r.url());
  });
  const listAfter = page.waitForResponse((r) => new URL(r.url()).pathname === listPath);
  return async () => {
    await listAfter;
    expect(asked, `requests for ${recordPath} after its delete`).toEqual([]);
  };
}

/**
 * Fails each test of the file on a Content-Security-Policy violation in one of the platform's own
 * documents (pages and frames of the test's context; a provider's test site with its own policy is not
 * ours): every document reports its `securitypolicyviolation` events on the console, collected here.
 */
export function failOnCspViolations(test: typeof import('@playwright/test').test) {
  let violations: string[] = [];
  test.beforeEach(async ({ context }) => {
    violations = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.warn(
          `[csp-violation] ${location.origin} ${location.pathname} ${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    context.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(`[csp-violation] ${PLATFORM} `)) violations.push(text);
    });
  });
  test.afterEach(() => {
    expect(violations, 'Content-Security-Policy violations on the platform’s pages').toEqual([]);
  });
}
