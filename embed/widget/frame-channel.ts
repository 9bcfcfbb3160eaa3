import {
  type FrameMessage,
  type HostMessage,
  listen,
  type PortalPage,
  parseFrameMessage,
  post,
  type WidgetLanguage,
  type WidgetMode,
} from '../../shared/widget/protocol';

/** How long a frame may take to say `ready` before the widget reports `frame_unresponsive`. */
export const READY_TIMEOUT_MS = 15_000;

/** What the channel asks of its widget. */
export interface ChannelHooks {
  /** How the frame is shown right now (for `init`, and `visibility` after it). */
  shown(): { mode: WidgetMode; language: WidgetLanguage; open: boolean };
  /** Every valid message of the frame, after the channel's own handling (handshake, tokens). */
  receive(message: FrameMessage): void;
  /** The frame did not say `ready` within `READY_TIMEOUT_MS`. */
  unresponsive(): void;
  /** The provider's `fetchToken` failed (the frame was told `identify: null`). */
  tokenFailed(message: string): void;
}

/**
 * One widget's conversation with its portal frame, apart from how the frame is shown: the handshake
 * (`hello` → `init`), the outbox of what waits for it, the handoff tokens of `identify` and a returning
 * magic link. Talks to the frame only through `shared/widget/protocol.ts` (explicit origin, source and
 * channel). The widget makes one per runtime widget; each frame it shows is attached, then detached.
 */
export interface FrameChannel {
  /** The channel id (random; the snippet's own when its frame is adopted): part of the frame URL. */
  readonly id: string;
  /** The frame attached now, if any. */
  readonly frame: HTMLIFrameElement | null;
  /** Takes charge of a frame (made by the widget with `id`, or the snippet's with its own `id`). */
  attach(frame: HTMLIFrameElement, id?: string): void;
  /** Forgets the frame: no more messages to or from it, nothing queued. */
  detach(): void;
  /** Detaches for good: no token is fetched any more. */
  stop(): void;
  /** Posts to the frame, or queues until its `init` (nothing without a frame). */
  send(message: HostMessage): void;
  /** Moves the frame (a newer `navigate` replaces a queued one); false without a frame. */
  navigate(page: PortalPage): boolean;
  identify(fetchToken: () => string | Promise<string>): void;
  /** A returning magic-link token: sent once the frame is listening. @returns whether it was sent now */
  magicLink(token: string): boolean;
  /** A magic-link token waits for the frame. */
  readonly magicPending: boolean;
}

export function createFrameChannel(origin: string, hooks: ChannelHooks): FrameChannel {
  let id = randomChannel();
  let frame: HTMLIFrameElement | null = null;
  /** The frame said `hello` and got its `init`: messages go to it directly. */
  let listening = false;
  let outbox: HostMessage[] = [];
  let stopListening: (() => void) | null = null;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let fetchToken: (() => string | Promise<string>) | null = null;
  let fetching = false;
  /** A handoff token was asked for on behalf of the current frame document. */
  let tokenForFrame = false;
  let magicToken: string | null = null;
  let stopped = false;

  function send(message: HostMessage) {
    if (!frame) return;
    // Until the frame's `hello`, its document may not be the portal yet (the browser would drop the
    // message and warn on the page's console): everything waits for `init`.
    if (listening) post(frame.contentWindow, origin, id, message);
    else outbox.push(message);
  }

  function onMessage(message: FrameMessage) {
    if (message.type === 'hello') {
      // A repeated `hello` is news only when the frame's first one came before this runtime.
      if (message.replay && listening) return;
      // A new document in the frame (a reload after the first load): it needs its `init` (and a token) again.
      if (listening) tokenForFrame = false;
      listening = false;
      return handshake();
    }
    if (message.type === 'ready') {
      // A frame that skipped `hello` still gets its `init`.
      handshake();
      clearTimeout(readyTimer);
    }
    if (message.type === 'request-token') return requestToken();
    hooks.receive(message);
  }

  /**
   * The frame is listening: tell it how it is shown and whether a sign-in follows, hand over what was
   * queued (a handoff token fetched while it loaded), then the returning magic link and (with `identify`)
   * a fresh handoff token unless one is already on its way. The frame compares the token's client with a
   * session it may still hold, so a token is asked for even then: a different visitor signed in to the
   * provider's site never sees the previous one's portal.
   */
  function handshake() {
    if (listening) return;
    listening = true;
    const { mode, language, open } = hooks.shown();
    send({
      type: 'init',
      mode,
      language,
      pageUrl: location.origin + location.pathname + location.search,
      identify: fetchToken !== null,
      magicLink: magicToken !== null,
    });
    if (open) send({ type: 'visibility', visible: true });
    const pending = outbox.filter((m) => m.type !== 'visibility');
    outbox = [];
    for (const m of pending) send(m);
    sendMagicLink();
    if (!tokenForFrame) requestToken();
  }

  function sendMagicLink() {
    const token = magicToken;
    magicToken = null;
    if (token) send({ type: 'magic-link', token });
  }

  /** Asks the provider's `fetchToken` for a handoff token and hands it to the frame (postMessage only). */
  function requestToken() {
    const fetcher = fetchToken;
    if (!fetcher || fetching || stopped) return;
    fetching = true;
    tokenForFrame = true;
    Promise.resolve()
      .then(fetcher)
      .then((token) => {
        if (typeof token !== 'string' || !token || token.length > 4096)
          throw new Error('fetchToken returned no token');
        send({ type: 'identify', token });
      })
      .catch((err: unknown) => {
        send({ type: 'identify', token: null });
        hooks.tokenFailed(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        fetching = false;
      });
  }

  function detach() {
    stopListening?.();
    stopListening = null;
    clearTimeout(readyTimer);
    frame = null;
    listening = false;
    outbox = [];
  }

  return {
    get id() {
      return id;
    },
    get frame() {
      return frame;
    },
    get magicPending() {
      return magicToken !== null;
    },
    attach(attached, adoptedId) {
      if (adoptedId) id = adoptedId;
      frame = attached;
      stopListening = listen(
        window,
        { origin, source: () => attached.contentWindow, channel: id },
        parseFrameMessage,
        onMessage,
      );
      // The token is fetched while the frame loads (it waits in the outbox until the frame's `init`), so the
      // provider's backend is not on the critical path of a signed-in first view.
      tokenForFrame = false;
      requestToken();
      readyTimer = setTimeout(() => {
        if (!listening) hooks.unresponsive();
      }, READY_TIMEOUT_MS);
    },
    detach,
    stop() {
      detach();
      stopped = true;
    },
    send,
    navigate(page) {
      if (!frame) return false;
      outbox = outbox.filter((m) => m.type !== 'navigate');
      send({ type: 'navigate', page });
      return true;
    },
    identify(fetcher) {
      fetchToken = fetcher;
      if (frame) requestToken();
    },
    magicLink(token) {
      magicToken = token;
      if (listening) sendMagicLink();
      return listening;
    },
  };
}

/** A random channel id for one widget (also names its frame in the frame URL). */
function randomChannel(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
