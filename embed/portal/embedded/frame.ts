import { type FrameParams, post } from '../../../shared/widget/protocol';
import type { SupportedLanguage } from '../i18n/language';
import { navigate, startMemoryLocation } from '../navigation/history';
import { pagePath, parseRoute } from '../navigation/paths';
import { readSession } from '../session/session-store';
import { embedState, setEmbedState } from './embed-state';
import { checkFrame, type FrameInbox, openFrameInbox } from './frame-inbox';
import { reportToPage } from './frame-reports';
import { createPageSignIn, type FrameLink, STANDALONE } from './frame-sign-in';

/**
 * The portal's side of the widget (embedded mode): loaded only for `?embed=…`, in its own chunk.
 *
 * Trust: the frame talks only to the `parent` origin named in its URL, and only when that origin is one
 * of the portal's allowed website origins (the server lists them in `<meta name="portal-frame-ancestors">`,
 * the same list its `frame-ancestors` header is made of), through `shared/widget/protocol.ts` (exact target origin;
 * `event.origin`, `event.source` and the channel checked on every message). The start-up script opened
 * that channel already (`frame-inbox.ts`: `hello`, the page's first messages, a first handoff token
 * exchanged at once); this module takes it over: `frame-sign-in.ts` settles the sign-ins the page starts,
 * `frame-reports.ts` tells the page what happens in the portal. Tokens arrive by message only, and are
 * spent by POST. The session lives in the frame's own (partitioned) storage or, where that is blocked, in
 * memory: never in a cookie, never on the provider's page.
 */

/** Without an answer from the widget's runtime (a page that frames the portal by hand) the frame starts anyway. */
const INIT_TIMEOUT_MS = 3_000;
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

/** The frame's line to the page: its own inbox (the start-up script's, else a new one) and what it posts. */
function openLink({ portalId, parentOrigin, channel }: FrameParams): { link: FrameLink; inbox: FrameInbox } {
  const parent = window.parent;
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
          { signedIn: sessionHere() !== null, exchange: false },
        );
  const link: FrameLink = {
    portalId,
    send: (message) => post(parent, parentOrigin, channel, message),
    sessionHere,
    update: (patch) => {
      const current = embedState();
      if (current) setEmbedState({ ...current, ...patch });
    },
  };
  return { link, inbox };
}

/**
 * Connects the frame to the page: the page's sign-ins, the app's reports, then the page's messages.
 * @returns the page's language once `init` came and the sign-in it started settled (at most `SETTLE_MS`
 *   later), or null when no `init` came within `INIT_TIMEOUT_MS`
 */
function connect(params: FrameParams): Promise<SupportedLanguage | null> {
  const { portalId } = params;
  const { link, inbox } = openLink(params);
  setEmbedState({ portalId, mode: 'popup', pageUrl: null, signingIn: false });
  const signIn = createPageSignIn(link, inbox);
  reportToPage(link, signIn);
  return new Promise((resolve) => {
    let initialized = false;
    const timer = setTimeout(() => resolve(null), INIT_TIMEOUT_MS);
    inbox.attach((message) => {
      switch (message.type) {
        case 'init':
          if (initialized) return;
          initialized = true;
          clearTimeout(timer);
          signIn.begin(message);
          // Inline, the frame is as tall as its content: nothing may stretch it to its own height.
          if (message.mode === 'inline') document.body.style.minHeight = '0';
          link.update({ mode: message.mode, pageUrl: message.pageUrl });
          // The first render waits (a little) for the sign-in the page started, if any.
          void Promise.race([signIn.settling, new Promise((wait) => setTimeout(wait, SETTLE_MS))]).then(() =>
            resolve(message.language),
          );
          return;
        case 'identify':
          signIn.handoff(message.token);
          return;
        case 'magic-link':
          signIn.magicLink(message.token);
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
