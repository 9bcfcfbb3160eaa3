import { readResponse } from '../../../shared/api/call';
import { ApiError } from '../../../shared/api/error';
import type { PortalSession } from '../../../shared/contracts/portal';
import type { HandoffSession } from '../../../shared/contracts/widget';
import { toast } from '../../../shared/ui/toaster';
import { type FrameMessage, type FrameParams, post } from '../../widget/protocol';
import { call, preloadPortalApi } from '../api/portal-api';
import { brandingNow } from '../branding/branding';
import { messagesFor, type SupportedLanguage } from '../i18n/language';
import { translate } from '../i18n/translate';
import { welcomeBack } from '../login/sign-in-toasts';
import { currentLocation, navigate, startMemoryLocation, subscribeLocation } from '../navigation/history';
import { type PortalMode, pagePath, parseRoute } from '../navigation/paths';
import {
  clearSession,
  lastSessionEnd,
  readSession,
  subscribeSession,
  writeSession,
} from '../session/session-store';
import { prepareFirstPage } from '../signed-in-guard';
import { type PageResource, pageResource, providePageData } from '../signed-in-prefetch';
import { type EmbedState, embedState, frameHooks, pageAfterSignIn, setEmbedState } from './embed-state';
import { checkFrame, type FrameInbox, openFrameInbox } from './frame-inbox';

/**
 * The portal's side of the widget (embedded mode): loaded only for `?embed=…`, in its own chunk.
 *
 * Trust: the frame talks only to the `parent` origin named in its URL, and only when that origin is one
 * of the portal's allowed website origins (the server lists them in `<meta name="portal-frame-ancestors">`,
 * the same list its `frame-ancestors` header is made of), through `protocol.ts` (exact target origin;
 * `event.origin`, `event.source` and the channel checked on every message). The start-up script opened
 * that channel already (`frame-inbox.ts`: `hello`, the page's first messages, a first handoff token
 * exchanged at once); this module takes it over. Tokens arrive by message only, and are spent by POST. The session lives in the frame's own (partitioned) storage or, where that
 * is blocked, in memory: never in a cookie, never on the provider's page.
 */

const STANDALONE: PortalMode = { kind: 'standalone' };
/** Without an answer from the widget's runtime (a page that frames the portal by hand) the frame starts anyway. */
const INIT_TIMEOUT_MS = 3_000;
/** A `fetchToken` that never settles does not keep the client from signing in by hand. */
const TOKEN_TIMEOUT_MS = 10_000;
/**
 * How long the first render waits for the page's sign-in (so that it shows the signed-in page itself, not
 * a "signing in" screen first); a slower one gets that screen meanwhile.
 */
const SETTLE_MS = 1_000;

export type FrameStart =
  /**
   * `init`: the page's language once the runtime answered (null after the timeout) and a sign-in the page
   * started at once (a handoff token, a returning magic link) has settled, or at most `SETTLE_MS` later.
   */
  | { kind: 'embedded'; portalId: string; init: Promise<SupportedLanguage | null> }
  /** Framed by a page this portal does not allow (or with a broken URL): the portal is not shown. */
  | { kind: 'refused'; portalId: string | null };

export { FrameRefused } from './frame-refused';

/**
 * Sets the embedded mode up, or says why not. Null when the page is not framed at all (the frame URL
 * opened in a tab of its own): that is the standalone portal.
 */
export function startFrame(): FrameStart | null {
  const check = checkFrame();
  if (!check) return null;
  if (check.kind === 'refused') {
    return { kind: 'refused', portalId: parseRoute(window.location.pathname, '', STANDALONE).portalId };
  }
  const { params } = check;
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

/** Starts loading (or, once preloaded, evaluating) the signed-in chunk. */
function prefetchSignedIn(): void {
  void import(/* webpackChunkName: "signed-in" */ '../signed-in/signed-in-app').catch(() => {});
}

function connect({ portalId, parentOrigin, channel }: FrameParams): Promise<SupportedLanguage | null> {
  const parent = window.parent;
  const send = (message: FrameMessage) => post(parent, parentOrigin, channel, message);
  const sessionHere = () => {
    const session = readSession();
    return session?.client.portalId === portalId ? session : null;
  };
  // The start-up script's inbox for this frame (or, when it opened none, a new one: that says `hello`).
  const early = window.__portalFrame;
  window.__portalFrame = undefined;
  const inbox: FrameInbox =
    early?.params.channel === channel
      ? early
      : openFrameInbox(
          { portalId, parentOrigin, channel, page: null },
          {
            signedIn: sessionHere() !== null,
            exchange: false,
          },
        );
  const update = (patch: Partial<EmbedState>) => {
    const current = embedState();
    if (current) setEmbedState({ ...current, ...patch });
  };
  setEmbedState({ portalId, mode: 'popup', pageUrl: null, signingIn: false });

  // -------------------------------------------------------------------------------- sign-in by the page
  let identifyConfigured = false;
  let awaitingToken = false;
  let awaitingLink = false;
  let running = 0;
  let tokenTimer: ReturnType<typeof setTimeout> | undefined;
  let queue = Promise.resolve();
  let settled: () => void = () => {};
  const settling = new Promise<void>((resolve) => {
    settled = resolve;
  });
  const refresh = () => {
    const signingIn = awaitingToken || awaitingLink || running > 0;
    update({ signingIn });
    if (!signingIn) settled();
  };

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
    const failure = error instanceof ApiError ? error : new ApiError(0, 'network', text('errors.network'));
    send({ type: 'error', code: failure.code, message: failure.message });
  }

  function announce(session: PortalSession, method: 'password' | 'magic_link' | 'handoff') {
    const { id, name, email } = session.client;
    send({ type: 'login', client: { id, name, email }, method });
  }

  /** Stores a session the page's sign-in produced once the page it opens is here (`prepareFirstPage`). */
  async function signIn(session: PortalSession, method: 'magic_link' | 'handoff', provided?: PageResource) {
    const page = firstPage();
    await prepareFirstPage(session, page, provided !== undefined && pageResource(page) === provided);
    writeSession(session);
    announce(session, method);
  }

  /** The page the frame shows once a client is signed in. */
  function firstPage(): string {
    const route = parseRoute(currentLocation().split('?')[0] ?? '', '', STANDALONE);
    return route.name === 'page' ? route.page : pageAfterSignIn();
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
    // Exchanged already by the start-up script (no session was stored here then)?
    const exchanged = inbox.takeHandoff(token);
    const current = sessionHere();
    const subject = tokenSubject(token);
    if (current && subject === current.client.email.toLowerCase()) {
      // A returning magic link signed the same client in meanwhile: the early session is not needed.
      if (exchanged) {
        void readResponse<HandoffSession>(exchanged.response, '').then(
          ({ included: _, ...early }) => endSession(early, false),
          () => {},
        );
      }
      return;
    }
    if (current && subject) endSession(current, true);
    const include = exchanged ? exchanged.include : pageResource(firstPage());
    const { included, ...session } = exchanged
      ? await readResponse<HandoffSession>(exchanged.response, text('errors.network'))
      : await call(
          (api) =>
            api.POST('/api/widget/handoff', { body: { portalId, token, ...(include ? { include } : {}) } }),
          text('errors.network'),
        );
    // The first page's data came with the session: the page renders with it at once.
    const data = include ? included?.[include] : undefined;
    if (include && data) providePageData(portalId, include, data);
    await signIn(session, 'handoff', data ? include : undefined);
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
      welcomeBack(session.client.language);
    } catch (error) {
      toast.error(text('auth.failedTitle'), {
        description: error instanceof Error && error.message ? error.message : text('errors.network'),
      });
      throw error;
    }
  }

  // -------------------------------------------------------------------------------- what the app reports
  frameHooks.signedIn = announce;
  // A message from the provider arrived while the client is here (`signed-in/notifications`).
  frameHooks.messageReceived = (projectId, messageId) =>
    send({ type: 'message.received', projectId, messageId });

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
    // The API client for what the visitor does next: after the first content, never competing with it
    // (a handoff the start-up script did not exchange, or a returning magic link, loads it on demand).
    preloadPortalApi();
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
    // An open dialog of the portal's own (the notification sheet, a confirmation) takes its Escape.
    const own = 'dialog[open],[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]';
    if (document.querySelector(own)) return;
    send({ type: 'request-close' });
  });

  // -------------------------------------------------------------------------------- the page's messages
  return new Promise((resolve) => {
    let initialized = false;
    const timer = setTimeout(() => resolve(null), INIT_TIMEOUT_MS);
    inbox.attach((message) => {
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
          // The first render waits (a little) for the sign-in the page started, if any.
          void Promise.race([settling, new Promise((wait) => setTimeout(wait, SETTLE_MS))]).then(() =>
            resolve(message.language),
          );
          return;
        case 'identify':
          identifyConfigured = true;
          clearTimeout(tokenTimer);
          awaitingToken = false;
          // The signed-in pages' code runs while the token is exchanged.
          if (message.token) prefetchSignedIn();
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
  });
}
