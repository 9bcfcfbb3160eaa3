import {
  type FrameParams,
  type HostMessage,
  listen,
  parseHostMessage,
  post,
  readFrameParams,
} from '../../../shared/widget/protocol';
import { type PageResource, pageResource } from '../signed-in-prefetch';

/**
 * The frame's end of the widget protocol from the portal page's first script on (`boot.ts`, inlined into
 * `index.html`), so that the frame's `hello` and the page's answer (`init`, a handoff token) cross while
 * the app's scripts are still downloading, and a handoff token is exchanged at once, in parallel with
 * them (with the first page's data `included`). The app (`frame.ts`) then takes the inbox over: every message kept so far, then each new one.
 *
 * Trust: exactly as `frame.ts` (which uses the same inbox): only a page whose origin the server lists in
 * `<meta name="portal-frame-ancestors">` (the same list as its `frame-ancestors` header) is talked to, with
 * an explicit target origin; messages are accepted from that origin, the parent window and the widget's
 * channel only, and validated field by field (`protocol.ts`). The token travels by message and is spent by
 * POST; its session stays in this document until the app stores it.
 */

/** A handoff token the inbox exchanged before the app was there (the app takes it over once). */
export interface EarlyHandoff {
  token: string;
  /** The exchange's response (the session, or the API's error), as `fetch` gave it. */
  response: Promise<Response>;
  /** The first page's data the exchange asked to be `included` (the frame's page, or the dashboard). */
  include: PageResource | undefined;
}

export interface FrameInbox {
  readonly params: FrameParams;
  /** Hands every message kept so far, then every new one, to `handler` (the app's, once). */
  attach(handler: (message: HostMessage) => void): void;
  /** The early exchange of exactly this token, if there was one (once). */
  takeHandoff(token: string): EarlyHandoff | null;
}

declare global {
  interface Window {
    /** The inbox `boot.ts` opened for the widget's frame (taken over by `frame.ts`). */
    __portalFrame?: FrameInbox;
  }
}

/**
 * Until `init` comes, the frame says `hello` again (`replay`): first after this pause, then after twice the
 * last one (at most `HELLO_REPEAT_MAX_MS`), for `HELLO_REPEAT_FOR_MS` at most. A runtime that adopted the
 * snippet's frame after its first `hello` hears the next one; messages to the page cannot get lost the
 * other way (the page is always there, while a message to a frame that has not loaded yet is dropped).
 */
export const HELLO_REPEAT_FIRST_MS = 50;
export const HELLO_REPEAT_MAX_MS = 500;
export const HELLO_REPEAT_FOR_MS = 15_000;

/** The origins the server says may embed this portal. */
function allowedOrigins(): string[] {
  const list = document.querySelector('meta[name="portal-frame-ancestors"]')?.getAttribute('content');
  return (list ?? '').split(' ').filter(Boolean);
}

/**
 * Whether this document is the widget's frame on a page allowed to embed it: `null` when it is not framed
 * at all (the frame URL opened in a tab: the standalone portal), `refused` for any other page or a broken URL.
 */
export function checkFrame(): { kind: 'embedded'; params: FrameParams } | { kind: 'refused' } | null {
  if (window.parent === window) return null;
  const params = readFrameParams(new URL(window.location.href));
  if (!params || !allowedOrigins().includes(params.parentOrigin)) return { kind: 'refused' };
  return { kind: 'embedded', params };
}

/**
 * Starts listening to the embedding page and says `hello`. With `exchange` (no stored session here), the
 * first handoff token that arrives before the app is exchanged right away, with the frame's first page's
 * data included in the answer.
 */
export function openFrameInbox(
  params: FrameParams,
  {
    signedIn,
    exchange,
    signInNeeded,
  }: {
    signedIn: boolean;
    exchange: boolean;
    /** Called once the page says no sign-in of its own is coming (the frame will show its sign-in form). */
    signInNeeded?: () => void;
  },
): FrameInbox {
  const parent = window.parent;
  let kept: HostMessage[] = [];
  let handler: ((message: HostMessage) => void) | null = null;
  let language: string | null = null;
  let handoff: EarlyHandoff | null = null;
  let exchanged = !exchange;
  let repeat: ReturnType<typeof setTimeout> | undefined;

  const exchangeNow = (token: string) => {
    const include = pageResource(params.page ?? 'dashboard');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
    };
    if (language) headers['Accept-Language'] = language;
    // Plain fetch: the start-up script exchanges the handoff before any chunk loads; frame.ts reads it.
    const response = fetch('/api/widget/handoff', {
      method: 'POST',
      credentials: 'omit',
      headers,
      body: JSON.stringify({ portalId: params.portalId, token, ...(include ? { include } : {}) }),
    });
    // Unhandled until the app takes it over: a network failure is reported then, not here.
    response.catch(() => {});
    handoff = { token, response, include };
  };

  listen(
    window,
    { origin: params.parentOrigin, source: () => parent, channel: params.channel },
    parseHostMessage,
    (message) => {
      if (message.type === 'init') clearTimeout(repeat);
      if (handler) {
        handler(message);
        return;
      }
      kept.push(message);
      if (message.type === 'init') {
        language = message.language;
        if (!signedIn && !message.identify && !message.magicLink) signInNeeded?.();
      }
      if (message.type === 'identify' && message.token === null && !signedIn) signInNeeded?.();
      if (message.type === 'identify' && message.token && !exchanged) {
        exchanged = true;
        exchangeNow(message.token);
      }
    },
  );
  post(parent, params.parentOrigin, params.channel, { type: 'hello', signedIn });
  // A runtime that adopted the snippet's frame may have missed it: until `init`, say it again.
  let pause = HELLO_REPEAT_FIRST_MS;
  let waited = 0;
  const sayAgain = () => {
    if (waited >= HELLO_REPEAT_FOR_MS) return;
    waited += pause;
    repeat = setTimeout(() => {
      post(parent, params.parentOrigin, params.channel, { type: 'hello', signedIn, replay: true });
      pause = Math.min(pause * 2, HELLO_REPEAT_MAX_MS);
      sayAgain();
    }, pause);
  };
  sayAgain();

  return {
    params,
    attach(next) {
      if (handler) return;
      handler = next;
      const messages = kept;
      kept = [];
      for (const message of messages) next(message);
    },
    takeHandoff(token) {
      const early = handoff?.token === token ? handoff : null;
      if (early) handoff = null;
      return early;
    },
  };
}
