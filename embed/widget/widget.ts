import {
  DEFAULT_COLOR,
  DEFAULT_Z_INDEX,
  type FloatingOptions,
  type FrameMessage,
  frameUrl,
  type InitOptions,
  type InlineOptions,
  isChannel,
  PORTAL_PAGES,
  type PortalPage,
  type WidgetEventMap,
  type WidgetEventName,
  type WidgetLanguage,
  type WidgetMode,
} from '../../shared/widget/protocol';
import { HOST_TAG } from '../../shared/widget/snippet';
import { el, safeColor } from './chrome';
import { createFrameChannel, type FrameChannel } from './frame-channel';
import { LABELS, type Labels, pickLanguage } from './labels';
import { createView, type View } from './view';

/** Inline mode: the height shown when the frame never reports its size. */
const FALLBACK_HEIGHT = 640;
/** How long the runtime waits for the API's answer (`ask`) before it frames the portal anyway. */
const ASK_TIMEOUT_MS = 3_000;

/** The API's answer for this page (`GET /api/widget/{portalId}/embedding`); `missing`: no such portal. */
interface Embedding {
  allowed: boolean;
  portalName?: string;
  primaryColor?: string;
  missing?: boolean;
}

export type Emit = <K extends WidgetEventName>(
  name: K,
  data: WidgetEventMap[K],
  target?: Element | null,
) => void;

const isPage = (v: unknown): v is PortalPage => PORTAL_PAGES.includes(v as PortalPage);

/** The host element the snippet made around `premade`, while no widget has taken it (else null). */
function snippetHost(premade: unknown): HTMLElement | null {
  const host = premade instanceof HTMLIFrameElement ? premade.parentElement : null;
  return host?.localName === HOST_TAG && !host.shadowRoot ? host : null;
}

/** Removes a frame the snippet made that the widget does not use (never anything else). */
export function discardPremade(premade: unknown) {
  snippetHost(premade)?.remove();
}

/** Runs `fn` when the browser is idle (or after a short delay where it has no `requestIdleCallback`). */
function requestIdle(fn: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 10_000 });
  else setTimeout(fn, 2_000);
}

/** Runs `fn` once the page has loaded and the browser is idle. */
function whenIdle(fn: () => void) {
  if (document.readyState === 'complete') requestIdle(fn);
  else addEventListener('load', () => requestIdle(fn), { once: true });
}

/** The visitor's first signs of life on the page. */
const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'scroll'] as const;

/**
 * Runs `fn` once the visitor has done something on the page (pointer moved or pressed, a key, a scroll),
 * it has loaded and the browser is idle: a page that is only loaded, as a speed test loads it, never pays
 * for the portal's frame, and a visitor has it ready long before reaching the launcher.
 */
function afterInteraction(fn: () => void) {
  const go = () => {
    for (const type of INTERACTIONS) removeEventListener(type, go, true);
    whenIdle(fn);
  };
  for (const type of INTERACTIONS) addEventListener(type, go, { capture: true, passive: true });
}

/**
 * One widget: one portal in one cross-origin iframe, shown inline, as a popup or behind a floating launcher.
 * It decides what happens (the API's answer for this page, the commands, which frame when); how it looks
 * is its `view` (`view.ts`), what it says to the frame its `channel` (`frame-channel.ts`).
 */
export class Widget {
  readonly portalId: string;
  readonly language: WidgetLanguage;
  mode: WidgetMode | null = null;
  private readonly labels: Labels;
  /** The provider's `color` option; without it, the portal's own colour once the API has said it. */
  private readonly color: string | null;
  private readonly preload: boolean;
  private page: PortalPage | null = null;
  private readonly view: View;
  private readonly channel: FrameChannel;
  private destroyed = false;
  /** The API's answer: undefined while asking, null when it could not be asked (the frame decides). */
  private verdict: Embedding | null | undefined;
  /** Where a frame waits to be made until the answer is here (made only if this page may show it). */
  private waiting: HTMLElement | null = null;

  constructor(
    private readonly origin: string,
    options: InitOptions,
    private readonly emit: Emit,
    private readonly namespace: string,
  ) {
    this.portalId = options.portalId;
    this.language = pickLanguage(
      options.language,
      document.documentElement.lang,
      typeof navigator === 'undefined' ? '' : navigator.language,
    );
    this.labels = LABELS[this.language];
    this.color = options.color === undefined ? null : safeColor(options.color);
    this.preload = options.preload !== 'open';
    const zIndex =
      typeof options.zIndex === 'number' && Number.isInteger(options.zIndex)
        ? options.zIndex
        : DEFAULT_Z_INDEX;
    const title =
      typeof options.title === 'string' && options.title.trim() ? options.title.trim() : this.labels.title;
    this.channel = createFrameChannel(origin, {
      shown: () => ({ mode: this.mode ?? 'inline', language: this.language, open: this.view.isOpen }),
      receive: (message) => this.receive(message),
      unresponsive: () => {
        this.view.reveal(FALLBACK_HEIGHT);
        this.emit('error', { code: 'frame_unresponsive' }, this.view.host);
      },
      tokenFailed: (message) => this.emit('error', { code: 'identify_failed', message }, this.view.host),
    });
    this.view = createView(this.labels, title, zIndex, {
      frame: () => this.channel.frame,
      open: () => this.open(),
      close: () => this.close(),
      warm: () => this.ensureFrame(),
    });
    this.ask();
  }

  /**
   * Asks the API, before any frame is made, whether this page's origin may show the portal (its
   * `frame-ancestors` would otherwise make the browser show a broken frame) and for the portal's name
   * and colour. Without an answer (network, timeout, a provider CSP without our `connect-src`) the frame
   * is made as before: the answer improves what the visitor sees, the browser still enforces the rule.
   */
  private ask() {
    const url = `${this.origin}/api/widget/${this.portalId}/embedding?origin=${encodeURIComponent(location.origin)}`;
    fetch(url, { credentials: 'omit', signal: AbortSignal.timeout?.(ASK_TIMEOUT_MS) ?? null })
      .then((res) =>
        res.ok
          ? (res.json() as Promise<Embedding>)
          : res.status === 404
            ? { allowed: false, missing: true }
            : null,
      )
      .catch(() => null)
      .then((answer) => this.settle(answer as Embedding | null));
  }

  /** The API answered (or could not): colour the widget, then make the waiting frame or say no. */
  private settle(answer: Embedding | null) {
    if (this.destroyed) return;
    this.verdict = answer;
    if (answer?.primaryColor && !this.color) this.view.paint(safeColor(answer.primaryColor));
    this.view.unwait();
    if (answer?.portalName && this.view.title === this.labels.title) this.view.setTitle(answer.portalName);
    const parent = this.waiting;
    this.waiting = null;
    if (answer?.allowed === false) {
      this.refuse();
      const page = location.origin;
      const text = answer.missing
        ? `No portal ${this.portalId} at ${this.origin}: copy the snippet again from Portals.`
        : `${page} may not show the portal "${answer.portalName}". Add ${page} under Portals → ${answer.portalName} → Website embedding: ${this.origin}/dashboard/portals/${this.portalId}#embedding`;
      console.error(`[${this.namespace}] ${text}`);
      this.emit('error', { code: 'origin_not_allowed', message: text }, this.view.host);
    } else if (parent?.isConnected) this.createFrame(parent);
  }

  /** This page may not show the portal: no frame, a short notice (and the standalone portal) instead. */
  private refuse() {
    this.channel.frame?.remove();
    this.channel.detach();
    this.view.refuse(`${this.origin}/portal/${this.portalId}/login`);
  }

  /** A magic-link token from the page's fragment: handed to the frame once it is ready. */
  receiveMagicLink(token: string) {
    if (!this.channel.magicLink(token) && (this.mode === 'popup' || this.mode === 'floating')) this.open();
  }

  // ------------------------------------------------------------------------------------------ modes

  /**
   * Inline: the portal inside `options.element`, as tall as its content. The frame sits in the host
   * element's light DOM (slotted into its shadow root, inline styles keeping the page's CSS off it), so
   * that a frame the snippet already made there (`premade`, `shared/widget/snippet.ts`) is adopted without
   * reloading; one that is not exactly this widget's frame is removed and a new one made.
   */
  inline(options: InlineOptions, premade?: unknown): boolean {
    const target =
      typeof options?.element === 'string' ? document.querySelector(options.element) : options?.element;
    const page = isPage(options?.page) ? options.page : null;
    const adopted = target instanceof Element ? this.adoptable(premade, target, page) : null;
    if (!adopted) discardPremade(premade);
    if (!(target instanceof Element)) return false;
    this.unmount();
    this.mode = 'inline';
    this.page = page;
    const host = this.view.mountInline('inline', this.accent(), adopted?.host);
    if (adopted) {
      // Its first `hello` may have come before this runtime listened: it says it again until `init`.
      this.attachFrame(adopted.frame, adopted.channel);
      if (this.verdict?.allowed === false) this.refuse();
    } else {
      target.append(host);
      this.createFrame(host);
    }
    return true;
  }

  /** The snippet's frame when it is exactly the one this widget would make in `target`, with its channel. */
  private adoptable(
    premade: unknown,
    target: Element,
    page: PortalPage | null,
  ): { frame: HTMLIFrameElement; host: HTMLElement; channel: string } | null {
    const host = snippetHost(premade);
    if (!host || host.parentElement !== target) return null;
    const frame = premade as HTMLIFrameElement;
    const channel = new URL(frame.src, location.href).searchParams.get('channel');
    if (!isChannel(channel) || host.childNodes.length !== 1) return null;
    const expected = frameUrl(this.origin, {
      portalId: this.portalId,
      page,
      parentOrigin: location.origin,
      channel,
    });
    return frame.src === expected ? { frame, host, channel } : null;
  }

  /**
   * Popup and floating: the host (and, floating, the launcher) at once; the dialog and its frame only on
   * first need (`ensureFrame`): opened, the launcher hovered or focused, or idle time after the page's
   * load once the visitor has done something on it (unless `preload: 'open'`), each of those two in an
   * idle task of its own. What runs in the provider page's start-up is only what the visitor sees, and a
   * page that is only loaded (a speed test) never makes the frame.
   */
  popup(options: FloatingOptions | undefined, floating: boolean) {
    this.unmount();
    this.mode = floating ? 'floating' : 'popup';
    this.page = isPage(options?.page) ? options.page : null;
    const label = typeof options?.label === 'string' && options.label.trim() ? options.label.trim() : '';
    const launcher = floating
      ? { position: options?.position === 'bottom-left' ? ('left' as const) : ('right' as const), label }
      : null;
    // The launcher shows in the portal's colour, not first in ours: hidden until the answer (`ask`).
    this.view.mountPopup(this.mode, this.accent(), launcher, this.verdict === undefined && !this.color);
    if (this.channel.magicPending) this.open();
    else if (this.preload) {
      const shown = this.view.host;
      afterInteraction(() => {
        if (this.view.host !== shown) return;
        this.view.ensureDialog();
        requestIdle(() => this.view.host === shown && this.ensureFrame());
      });
    }
  }

  // ------------------------------------------------------------------------------------------ commands

  open(page?: PortalPage) {
    if (!this.view.ensureDialog() || this.destroyed) {
      if (page) this.navigate(page);
      return;
    }
    if (isPage(page)) this.navigate(page);
    this.ensureFrame();
    if (!this.view.show()) return;
    this.channel.send({ type: 'visibility', visible: true });
    this.emit('open', {}, this.view.host);
  }

  close() {
    if (!this.view.hide()) return;
    this.channel.send({ type: 'visibility', visible: false });
    this.emit('close', {}, this.view.host);
  }

  navigate(page: PortalPage) {
    if (isPage(page) && !this.channel.navigate(page)) this.page = page;
  }

  identify(fetchToken: () => string | Promise<string>) {
    this.channel.identify(fetchToken);
  }

  /** Removes everything the widget added to the page; the namespace can be initialised again. */
  destroy() {
    this.close();
    this.unmount();
    this.channel.stop();
    this.destroyed = true;
  }

  // ------------------------------------------------------------------------------------------ frame

  private unmount() {
    this.close();
    this.waiting = null;
    this.channel.detach();
    this.view.unmount();
    this.mode = null;
  }

  /** Popup and floating: creates the frame (and its dialog) on first need (open, idle time, the launcher's hover). */
  private ensureFrame() {
    if (this.channel.frame || this.destroyed) return;
    const body = this.view.ensureDialog();
    if (body) this.createFrame(body);
  }

  private createFrame(parent: HTMLElement) {
    if (this.verdict === undefined) {
      this.waiting = parent;
      return;
    }
    if (this.verdict?.allowed === false) return this.refuse();
    const frame = el('iframe', {
      src: frameUrl(this.origin, {
        portalId: this.portalId,
        page: this.page,
        parentOrigin: location.origin,
        channel: this.channel.id,
      }),
      referrerpolicy: 'strict-origin',
    });
    this.attachFrame(frame);
    parent.append(frame);
  }

  /** Takes charge of the widget's frame (made here, or the snippet's with its `channel`). */
  private attachFrame(frame: HTMLIFrameElement, channel?: string) {
    this.view.dress(frame);
    this.channel.attach(frame, channel);
  }

  /** What the frame reports, beyond the channel's own handshake: shown here and raised as events. */
  private receive(message: FrameMessage) {
    const host = this.view.host;
    switch (message.type) {
      case 'ready':
        if (message.title) this.view.setTitle(message.title);
        this.emit('ready', { signedIn: message.signedIn }, host);
        return;
      case 'resize':
        this.view.reveal(message.height);
        this.emit('resize', { height: message.height }, host);
        return;
      case 'request-close':
        this.close();
        return;
      case 'hello':
      case 'request-token':
        return;
      default: {
        const { type, ...data } = message;
        this.emit(type, data as never, host);
      }
    }
  }

  /** The widget's colour: the provider's option, else the portal's (once known), else the default. */
  private accent(): string {
    return this.color ?? safeColor(this.verdict?.primaryColor ?? DEFAULT_COLOR);
  }
}
