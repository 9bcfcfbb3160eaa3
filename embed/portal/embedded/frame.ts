import type { PortalSession } from '../../../shared/contracts/portal';
import { toast } from '../../../shared/ui/toaster';
import {
  type FrameMessage,
  type FrameParams,
  listen,
  parseHostMessage,
  post,
  readFrameParams,
} from '../../widget/protocol';
import { call, PortalApiError, preloadPortalApi } from '../api/portal-api';
import { brandingNow } from '../branding/branding';
import { messagesFor, type SupportedLanguage } from '../i18n/language';
import { translate } from '../i18n/translate';
import { currentLocation, navigate, startMemoryLocation, subscribeLocation } from '../navigation/history';
import { type PortalMode, pagePath, parseRoute } from '../navigation/paths';
import {
  clearSession,
  lastSessionEnd,
  readSession,
  subscribeSession,
  writeSession,
} from '../session/session-store';
import { preloadSignedIn } from '../signed-in-guard';
import { prefetchPageData, prefetchSignedIn } from '../signed-in-prefetch';
import { type EmbedState, embedState, frameHooks, pageAfterSignIn, setEmbedState } from './embed-state';

/**
 * The portal's side of the widget (embedded mode): loaded only for `?embed=…`, in its own chunk.
 *
 * Trust: the frame talks only to the `parent` origin named in its URL, and only when that origin is one
 * of the portal's allowed website origins (the server lists them in `<meta name="portal-frame-ancestors">`,
 * the same list its `frame-ancestors` header is made of), through `protocol.ts` (exact target origin;
 * `event.origin`, `event.source` and the channel checked on every message). Tokens arrive by message
 * only, and are spent by POST. The session lives in the frame's own (partitioned) storage or, where that
 * is blocked, in memory: never in a cookie, never on the provider's page.
 */

const STANDALONE: PortalMode = { kind: 'standalone' };
/** Without an answer from the widget's runtime (a page that frames the portal by hand) the frame starts anyway. */
const INIT_TIMEOUT_MS = 3_000;
/** A `fetchToken` that never settles does not keep the client from signing in by hand. */
const TOKEN_TIMEOUT_MS = 10_000;

export type FrameStart =
  /** `init`: the page's language once the runtime answered (null after the timeout). */
  | { kind: 'embedded'; portalId: string; init: Promise<SupportedLanguage | null> }
  /** Framed by a page this portal does not allow (or with a broken URL): the portal is not shown. */
  | { kind: 'refused'; portalId: string | null };

export { FrameRefused } from './frame-refused';

/** The origins the server says may embed this portal. */
function allowedOrigins(): string[] {
  const list = document.querySelector('meta[name="portal-frame-ancestors"]')?.getAttribute('content');
  return (list ?? '').split(' ').filter(Boolean);
}

/**
 * Sets the embedded mode up, or says why not. Null when the page is not framed at all (the frame URL
 * opened in a tab of its own): that is the standalone portal.
 */
export function startFrame(): FrameStart | null {
  if (window.parent === window) return null;
  const params = readFrameParams(new URL(window.location.href));
  if (!params || !allowedOrigins().includes(params.parentOrigin)) {
    return { kind: 'refused', portalId: parseRoute(window.location.pathname, '', STANDALONE).portalId };
  }
  startMemoryLocation(`/portal/${params.portalId}/${params.page ?? ''}`);
  return { kind: 'embedded', portalId: params.portalId, init: connect(params) };
}

/** The `sub` claim of a handoff token, read without checking it: only to see whom it names. */
function tokenSubject(token: string): string | null {
  try {
    const binary = atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

const language = (): SupportedLanguage => (document.documentElement.lang === 'de' ? 'de' : 'en');
const text = (key: string) => translate(messagesFor(language()), language(), key);

function connect({ portalId, parentOrigin, channel }: FrameParams): Promise<SupportedLanguage | null> {
  const parent = window.parent;
  const send = (message: FrameMessage) => post(parent, parentOrigin, channel, message);
  const sessionHere = () => {
    const session = readSession();
    return session?.client.portalId === portalId ? session : null;
  };
  const update = (patch: Partial<EmbedState>) => {
    const current = embedState();
    if (current) setEmbedState({ ...current, ...patch });
  };
  setEmbedState({ portalId, mode: 'popup', pageUrl: null, signingIn: false });
  // The page usually signs the client in right away (handoff, magic link): the API client loads meanwhile.
  preloadPortalApi();

  // -------------------------------------------------------------------------------- sign-in by the page
  let identifyConfigured = false;
  let awaitingToken = false;
  let awaitingLink = false;
  let running = 0;
  let tokenTimer: ReturnType<typeof setTimeout> | undefined;
  let queue = Promise.resolve();
  const refresh = () => update({ signingIn: awaitingToken || awaitingLink || running > 0 });

  function expectToken() {
    awaitingToken = true;
    clearTimeout(tokenTimer);
    tokenTimer = setTimeout(() => {
      awaitingToken = false;
      refresh();
    }, TOKEN_TIMEOUT_MS);
    prefetchSignedIn();
    refresh();
  }

  /** Sign-ins by the page run one after another (a returning magic link, then a handoff). */
  function enqueue(operation: () => Promise<void>) {
    running++;
    refresh();
    queue = queue
      .then(operation)
      .catch((error: unknown) => report(error))
      .finally(() => {
        running--;
        refresh();
      });
  }

  function report(error: unknown) {
    const failure =
      error instanceof PortalApiError ? error : new PortalApiError(0, 'network', text('errors.network'));
    send({ type: 'error', code: failure.code, message: failure.message });
  }

  function announce(session: PortalSession, method: 'password' | 'magic_link' | 'handoff') {
    const { id, name, email } = session.client;
    send({ type: 'login', client: { id, name, email }, method });
  }

  /**
   * Stores a session the page's sign-in produced once the page it opens (its chunk and its data) is
   * here, so that the page itself is the first thing shown (no Suspense fallback, ui/preloadable.tsx).
   */
  async function signIn(session: PortalSession, method: 'magic_link' | 'handoff') {
    const route = parseRoute(currentLocation().split('?')[0] ?? '', '', STANDALONE);
    prefetchPageData(portalId, route.name === 'page' ? route.page : pageAfterSignIn(), session.token);
    await preloadSignedIn().catch(() => undefined);
    writeSession(session);
    announce(session, method);
  }

  /** Ends a session on the server (fire and forget) and, for another client, here too. */
  function endSession(previous: PortalSession, locally: boolean) {
    if (locally) clearSession();
    void call(
      (api) =>
        api.POST('/api/portal/{portalId}/sign-out', {
          params: { path: { portalId } },
          headers: { Authorization: `Bearer ${previous.token}` },
        }),
      '',
    ).catch(() => {});
  }

  /**
   * A handoff token: a session of the same client stays (the token is left unused); a session of another
   * client is ended first, so a different visitor of the provider's site never sees the previous one's
   * portal; then the token is exchanged. Refusals reach the page as `error` events.
   */
  async function handoff(token: string | null) {
    if (token === null) return; // fetchToken failed: the runtime reported it; the client signs in by hand
    const current = sessionHere();
    const subject = tokenSubject(token);
    if (current && subject === current.client.email.toLowerCase()) return;
    if (current && subject) endSession(current, true);
    const session = await call(
      (api) => api.POST('/api/widget/handoff', { body: { portalId, token } }),
      text('errors.network'),
    );
    await signIn(session, 'handoff');
  }

  /** A magic-link token that came back to the embedding page: spent by POST, like "Continue". */
  async function consumeLink(token: string) {
    try {
      const session = await call(
        (api) => api.POST('/api/portal/magic-link/consume', { body: { token, portalId } }),
        text('errors.network'),
      );
      const current = sessionHere();
      if (current) endSession(current, current.client.id !== session.client.id);
      await signIn(session, 'magic_link');
      const lang = session.client.language;
      toast.success(translate(messagesFor(lang), lang, 'toast.welcomeTitle'), {
        description: translate(messagesFor(lang), lang, 'toast.welcomeBody'),
      });
    } catch (error) {
      toast.error(text('auth.failedTitle'), {
        description: error instanceof Error && error.message ? error.message : text('errors.network'),
      });
      throw error;
    }
  }

  // -------------------------------------------------------------------------------- what the app reports
  frameHooks.signedIn = announce;

  let signedInAs = sessionHere()?.client.id ?? null;
  subscribeSession(() => {
    const now = sessionHere()?.client.id ?? null;
    if (now === signedInAs) return;
    const was = signedInAs;
    signedInAs = now;
    if (was === null || now !== null) return;
    send({ type: 'logout' });
    // The server or the clock ended the session: with single sign-on, the page signs the client in again.
    if (lastSessionEnd() === 'ended' && identifyConfigured) {
      expectToken();
      send({ type: 'request-token' });
    }
  });

  let ready = false;
  frameHooks.contentShown = () => {
    if (ready) return;
    ready = true;
    const title = brandingNow(portalId)?.name;
    send({ type: 'ready', signedIn: sessionHere() !== null, ...(title ? { title } : {}) });
    const root = document.getElementById('root');
    if (!root) return;
    let last = -1;
    const measure = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      send({ type: 'resize', height });
    };
    new ResizeObserver(measure).observe(root);
    measure();
  };

  const relative = (location: string) =>
    (location.split('?')[0] ?? '').replace(`/portal/${portalId}`, '').replace(/\/$/, '') || '/';
  let lastPath = relative(currentLocation());
  subscribeLocation(() => {
    const path = relative(currentLocation());
    if (path === lastPath) return;
    lastPath = path;
    send({ type: 'route', path });
  });

  // Key presses do not cross the frame boundary: Escape inside the frame asks the widget to close.
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || embedState()?.mode === 'inline') return;
    if (document.querySelector('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]')) return;
    send({ type: 'request-close' });
  });

  // -------------------------------------------------------------------------------- the page's messages
  return new Promise((resolve) => {
    let initialized = false;
    const timer = setTimeout(() => resolve(null), INIT_TIMEOUT_MS);
    listen(window, { origin: parentOrigin, source: () => parent, channel }, parseHostMessage, (message) => {
      switch (message.type) {
        case 'init':
          if (initialized) return;
          initialized = true;
          clearTimeout(timer);
          identifyConfigured = message.identify;
          awaitingLink = message.magicLink;
          if (message.identify) expectToken();
          // Inline, the frame is as tall as its content: nothing may stretch it to its own height.
          if (message.mode === 'inline') document.body.style.minHeight = '0';
          update({ mode: message.mode, pageUrl: message.pageUrl });
          refresh();
          resolve(message.language);
          return;
        case 'identify':
          identifyConfigured = true;
          clearTimeout(tokenTimer);
          awaitingToken = false;
          enqueue(() => handoff(message.token));
          return;
        case 'magic-link':
          awaitingLink = false;
          enqueue(() => consumeLink(message.token));
          return;
        case 'navigate':
          navigate(pagePath(STANDALONE, portalId, message.page));
          return;
        case 'visibility':
          return;
      }
    });
    send({ type: 'hello', signedIn: sessionHere() !== null });
  });
}
