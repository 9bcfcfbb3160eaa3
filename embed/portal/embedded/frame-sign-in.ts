import { readResponse } from '../../../shared/api/call';
import { ApiError } from '../../../shared/api/error';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import type { HandoffSession } from '../../../shared/contracts/widget';
import { translate } from '../../../shared/portal/translate';
import { toast } from '../../../shared/ui/toaster';
import type { FrameMessage } from '../../../shared/widget/protocol';
import { call } from '../api/portal-api';
import { messagesFor, type SupportedLanguage } from '../i18n/language';
import { welcomeBack } from '../login/sign-in-toasts';
import { currentLocation } from '../navigation/history';
import { type PortalMode, parseRoute } from '../navigation/paths';
import { clearSession, writeSession } from '../session/session-store';
import { prepareFirstPage } from '../signed-in-guard';
import { type PageResource, pageResource, providePageData } from '../signed-in-prefetch';
import { type EmbedState, pageAfterSignIn } from './embed-state';
import type { FrameInbox } from './frame-inbox';

/** A `fetchToken` that never settles does not keep the client from signing in by hand. */
const TOKEN_TIMEOUT_MS = 10_000;

export const STANDALONE: PortalMode = { kind: 'standalone' };

/** The frame's line to the embedding page (`frame.ts` makes it): the portal, a post to the page, the session here. */
export interface FrameLink {
  portalId: string;
  send(message: FrameMessage): boolean;
  /** The stored session when it is this portal's, else null. */
  sessionHere(): PortalSession | null;
  /** Changes the embedded state the app renders from (`embed-state.ts`). */
  update(patch: Partial<EmbedState>): void;
}

/** Tells the page who signed in, and how (`login` event; never the session token). */
export function announce(
  link: FrameLink,
  session: PortalSession,
  method: 'password' | 'magic_link' | 'handoff',
) {
  const { id, name, email } = session.client;
  link.send({ type: 'login', client: { id, name, email }, method });
}

/** Starts loading (or, once preloaded, evaluating) the signed-in chunk. */
export function prefetchSignedIn(): void {
  void import(/* webpackChunkName: "signed-in" */ '../signed-in/signed-in-app').catch(() => {});
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

/** The sign-ins the embedding page starts: a handoff token (`identify`) and a returning magic link. */
export interface PageSignIn {
  /** The page's `init`: with `identify` a handoff token follows, with `magicLink` a returning link. */
  begin(init: { identify: boolean; magicLink: boolean }): void;
  /** A handoff token from the page (null: its `fetchToken` failed; the client signs in by hand). */
  handoff(token: string | null): void;
  /** A magic-link token that came back to the embedding page. */
  magicLink(token: string): void;
  /** The server or the clock ended the session: with single sign-on, the page is asked for a new token. */
  renew(): void;
  /** Resolves once no sign-in by the page is pending (`signingIn` false). */
  settling: Promise<void>;
}

/**
 * The frame's side of the sign-ins the embedding page starts. While one is pending the embedded state
 * says `signingIn` (the app shows `FramePending`, never the sign-in form or a previous client's pages);
 * they run one after another (a returning magic link, then a handoff); refusals reach the page as
 * `error` events.
 */
export function createPageSignIn(link: FrameLink, inbox: FrameInbox): PageSignIn {
  const { portalId, send, sessionHere } = link;
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

  function refresh() {
    const signingIn = awaitingToken || awaitingLink || running > 0;
    link.update({ signingIn });
    if (!signingIn) settled();
  }

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

  /** Stores a session the page's sign-in produced once the page it opens is here (`prepareFirstPage`). */
  async function signIn(session: PortalSession, method: 'magic_link' | 'handoff', provided?: PageResource) {
    const page = firstPage();
    await prepareFirstPage(session, page, provided !== undefined && pageResource(page) === provided);
    writeSession(session);
    announce(link, session, method);
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
   * portal; then the token is exchanged.
   */
  async function handoff(token: string) {
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

  return {
    settling,
    begin(init) {
      identifyConfigured = init.identify;
      awaitingLink = init.magicLink;
      if (init.identify) expectToken();
      refresh();
    },
    handoff(token) {
      identifyConfigured = true;
      clearTimeout(tokenTimer);
      awaitingToken = false;
      // The signed-in pages' code runs while the token is exchanged.
      if (token) prefetchSignedIn();
      // Null: fetchToken failed; the runtime reported it, the client signs in by hand.
      enqueue(async () => {
        if (token !== null) await handoff(token);
      });
    },
    magicLink(token) {
      awaitingLink = false;
      enqueue(() => consumeLink(token));
    },
    renew() {
      if (!identifyConfigured) return;
      expectToken();
      send({ type: 'request-token' });
    },
  };
}
