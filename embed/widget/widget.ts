import {
  DEFAULT_COLOR,
  DEFAULT_Z_INDEX,
  type FloatingOptions,
  type FrameMessage,
  frameUrl,
  type HostMessage,
  type InitOptions,
  type InlineOptions,
  isChannel,
  listen,
  PORTAL_PAGES,
  type PortalPage,
  parseFrameMessage,
  post,
  type WidgetEventMap,
  type WidgetEventName,
  type WidgetLanguage,
  type WidgetMode,
} from '../../shared/widget/protocol';
import { HOST_TAG } from '../../shared/widget/snippet';
import { createHost, el, ICON_CLOSE, ICON_PORTAL, paint, safeColor } from './chrome';
import { LABELS, type Labels, pickLanguage } from './labels';

/** How long a frame may take to say `ready` before the widget reports `frame_unresponsive`. */
export const READY_TIMEOUT_MS = 15_000;
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

/** The inline frame's own styles (`all:initial`: nothing of the page's CSS applies to it). */
const INLINE_FRAME_STYLE = 'all:initial;display:block;width:100%;height:0;visibility:hidden';

/** The host element the snippet made around `premade`, while no widget has taken it (else null). */
function snippetHost(premade: unknown): HTMLElement | null {
  const host = premade instanceof HTMLIFrameElement ? premade.parentElement : null;
  return host?.localName === HOST_TAG && !host.shadowRoot ? host : null;
}

/** Removes a frame the snippet made that the widget does not use (never anything else). */
export function discardPremade(premade: unknown) {
  snippetHost(premade)?.remove();
}

/** A random channel id for one widget (also names its frame in the frame URL). */
function randomChannel(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The focused element, looking into open shadow roots (our launcher lives in one). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
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

/**
 * One widget: one portal in one cross-origin iframe, shown inline, as a popup or behind a floating launcher.
 * Talks to its frame only through `protocol.ts` (explicit origin, source and channel).
 */
export class Widget {
  channel = randomChannel();
  readonly portalId: string;
  readonly language: WidgetLanguage;
  private readonly labels: Labels;
  /** The provider's `color` option; without it, the portal's own colour once the API has said it. */
  private readonly color: string | null;
  private readonly zIndex: number;
  private readonly preload: boolean;
  private title: string;
  mode: WidgetMode | null = null;
  private page: PortalPage | null = null;
  private host: HTMLElement | null = null;
  private root: ShadowRoot | null = null;
  private inlineBox: HTMLElement | null = null;
  private dialog: HTMLDialogElement | null = null;
  private launcher: HTMLButtonElement | null = null;
  private closeButton: HTMLButtonElement | null = null;
  private heading: HTMLElement | null = null;
  private body: HTMLElement | null = null;
  private frame: HTMLIFrameElement | null = null;
  private frameReady = false;
  private outbox: HostMessage[] = [];
  private stopListening: (() => void) | null = null;
  private readyTimer: ReturnType<typeof setTimeout> | undefined;
  private fetchToken: (() => string | Promise<string>) | null = null;
  private fetching = false;
  /** A handoff token was asked for on behalf of the current frame document. */
  private tokenForFrame = false;
  private magicToken: string | null = null;
  private isOpen = false;
  private returnFocus: HTMLElement | null = null;
  private savedOverflow = '';
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
    this.zIndex =
      typeof options.zIndex === 'number' && Number.isInteger(options.zIndex)
        ? options.zIndex
        : DEFAULT_Z_INDEX;
    this.preload = options.preload !== 'open';
    this.title =
      typeof options.title === 'string' && options.title.trim() ? options.title.trim() : this.labels.title;
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
    if (answer?.primaryColor && !this.color && this.host) paint(this.host, safeColor(answer.primaryColor));
    this.host?.removeAttribute('data-wait');
    if (answer?.portalName && this.title === this.labels.title) this.setTitle(answer.portalName);
    const parent = this.waiting;
    this.waiting = null;
    if (answer?.allowed === false) {
      this.refuse();
      const page = location.origin;
      const text = answer.missing
        ? `No portal ${this.portalId} at ${this.origin}: copy the snippet again from Portals.`
        : `${page} may not show the portal "${answer.portalName}". Add ${page} under Portals → ${answer.portalName} → Website embedding: ${this.origin}/dashboard/portals/${this.portalId}#embedding`;
      console.error(`[${this.namespace}] ${text}`);
      this.emit('error', { code: 'origin_not_allowed', message: text }, this.host);
    } else if (parent?.isConnected) this.createFrame(parent);
  }

  /** This page may not show the portal: no frame, a short notice (and the standalone portal) instead. */
  private refuse() {
    this.stopListening?.();
    this.stopListening = null;
    clearTimeout(this.readyTimer);
    this.frame?.remove();
    this.frame = null;
    const place = this.inlineBox ?? this.body;
    place?.removeAttribute('aria-busy');
    place?.replaceChildren(
      el(
        'p',
        { class: 'status', role: 'status' },
        this.labels.refused,
        el(
          'a',
          { href: `${this.origin}/portal/${this.portalId}/login`, target: '_blank', rel: 'noopener' },
          this.labels.newTab,
        ),
      ),
    );
  }

  /** A magic-link token from the page's fragment: handed to the frame once it is ready. */
  receiveMagicLink(token: string) {
    this.magicToken = token;
    if (this.frameReady) this.sendMagicLink();
    else if (this.mode === 'popup' || this.mode === 'floating') this.open();
  }

  // ------------------------------------------------------------------------------------------ modes

  /**
   * Inline: the portal inside `options.element`, as tall as its content. The frame sits in the host
   * element's light DOM (slotted into its shadow root, inline styles keeping the page's CSS off it), so
   * that a frame the snippet already made there (`premade`, `snippet.ts`) is adopted without reloading;
   * one that is not exactly this widget's frame is removed and a new one made.
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
    const { host, root } = createHost('inline', this.accent(), this.zIndex, adopted?.host);
    const status = el(
      'div',
      { class: 'status', role: 'status' },
      el('span', { class: 'spinner' }),
      this.labels.loading,
    );
    this.inlineBox = el('div', { class: 'inline', 'aria-busy': 'true' }, status, el('slot'));
    root.append(this.inlineBox);
    this.host = host;
    if (adopted) {
      // Its first `hello` may have come before this runtime listened: it says it again until `init`.
      this.channel = adopted.channel;
      this.attachFrame(adopted.frame);
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
   * first need (`ensureDialog`): opened, the launcher hovered or focused, or idle time after the page's
   * load (unless `preload: 'open'`), each of those two in an idle task of its own. What runs in the
   * provider page's start-up is only what the visitor sees.
   */
  popup(options: FloatingOptions | undefined, floating: boolean) {
    this.unmount();
    this.mode = floating ? 'floating' : 'popup';
    this.page = isPage(options?.page) ? options.page : null;
    const { host, root } = createHost(this.mode, this.accent(), this.zIndex);
    // The launcher shows in the portal's colour, not first in ours: hidden until the answer (`ask`).
    if (this.verdict === undefined && !this.color) host.setAttribute('data-wait', '');
    this.root = root;
    if (floating) {
      const position =
        (options as FloatingOptions | undefined)?.position === 'bottom-left' ? 'left' : 'right';
      const label = typeof options?.label === 'string' && options.label.trim() ? options.label.trim() : '';
      const launcher = el('button', {
        type: 'button',
        class: `launcher ${position}`,
        'aria-haspopup': 'dialog',
        'aria-expanded': 'false',
        ...(label ? {} : { 'aria-label': this.labels.open }),
      });
      launcher.innerHTML = ICON_PORTAL;
      if (label) launcher.append(el('span', {}, label));
      launcher.addEventListener('click', () => this.open());
      // Warm the frame up when the visitor is about to open it.
      launcher.addEventListener('pointerenter', () => this.ensureFrame(), { once: true });
      launcher.addEventListener('focus', () => this.ensureFrame(), { once: true });
      root.append(launcher);
      this.launcher = launcher;
    }
    document.body.append(host);
    this.host = host;
    if (this.magicToken) this.open();
    else if (this.preload) {
      const shown = this.host;
      whenIdle(() => {
        if (this.host !== shown) return;
        this.ensureDialog();
        requestIdle(() => this.host === shown && this.ensureFrame());
      });
    }
  }

  /** The modal dialog (its bar, its close button and the frame's place), made once per popup or floating widget. */
  private ensureDialog(): HTMLDialogElement | null {
    // Only popup() sets the root (unmount and destroy clear it): no root, no dialog to make.
    if (this.dialog || !this.root) return this.dialog;
    this.heading = el('h2', { id: 'cp-title' }, this.title);
    this.closeButton = el('button', {
      type: 'button',
      class: 'close',
      'aria-label': this.labels.close,
      autofocus: '',
    });
    this.closeButton.innerHTML = ICON_CLOSE;
    this.body = el('div', { class: 'body' });
    const trapStart = el('span', { class: 'trap', tabindex: '0' });
    const trapEnd = el('span', { class: 'trap', tabindex: '0' });
    const dialog = el(
      'dialog',
      { id: 'cp-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'cp-title' },
      trapStart,
      el('div', { class: 'bar' }, this.heading, this.closeButton),
      this.body,
      trapEnd,
    );
    this.dialog = dialog;
    // Focus trap: Tab past the frame lands on trapEnd → back to the close button; Shift+Tab before the close
    // button lands on trapStart → into the frame.
    trapStart.addEventListener('focus', () => (this.frame ?? this.closeButton)?.focus());
    trapEnd.addEventListener('focus', () => this.closeButton?.focus());
    this.closeButton.addEventListener('click', () => this.close());
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.close();
    });
    // Closed another way (the browser's close watcher): keep the state in step.
    dialog.addEventListener('close', () => this.close());
    // A click on the backdrop targets the dialog itself (its content fills the box).
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) this.close();
    });
    this.root.append(dialog);
    this.launcher?.setAttribute('aria-controls', 'cp-dialog');
    return dialog;
  }

  // ------------------------------------------------------------------------------------------ commands

  open(page?: PortalPage) {
    const dialog = this.ensureDialog();
    if (!dialog || this.destroyed) {
      if (page) this.navigate(page);
      return;
    }
    if (isPage(page)) this.navigate(page);
    this.ensureFrame();
    if (this.isOpen) return;
    this.isOpen = true;
    this.returnFocus = deepActiveElement();
    if (!dialog.open) dialog.showModal();
    this.closeButton?.focus();
    this.savedOverflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    this.launcher?.setAttribute('aria-expanded', 'true');
    this.send({ type: 'visibility', visible: true });
    this.emit('open', {}, this.host);
  }

  close() {
    if (!this.isOpen) return;
    this.isOpen = false;
    if (this.dialog?.open) this.dialog.close();
    document.documentElement.style.overflow = this.savedOverflow;
    this.launcher?.setAttribute('aria-expanded', 'false');
    this.send({ type: 'visibility', visible: false });
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
    this.emit('close', {}, this.host);
  }

  navigate(page: PortalPage) {
    if (!isPage(page)) return;
    if (!this.frame) {
      this.page = page;
      return;
    }
    this.outbox = this.outbox.filter((m) => m.type !== 'navigate');
    this.send({ type: 'navigate', page });
  }

  identify(fetchToken: () => string | Promise<string>) {
    this.fetchToken = fetchToken;
    if (this.frame) this.requestToken();
  }

  /** Removes everything the widget added to the page; the namespace can be initialised again. */
  destroy() {
    this.close();
    this.unmount();
    this.destroyed = true;
  }

  // ------------------------------------------------------------------------------------------ frame

  private unmount() {
    if (this.isOpen) this.close();
    this.waiting = null;
    this.stopListening?.();
    this.stopListening = null;
    clearTimeout(this.readyTimer);
    this.host?.remove();
    this.host = this.inlineBox = this.dialog = this.launcher = this.closeButton = this.heading = null;
    this.root = null;
    this.body = this.frame = null;
    this.frameReady = false;
    this.outbox = [];
    this.mode = null;
  }

  /** Popup and floating: creates the frame (and its dialog) on first need (open, idle time, the launcher's hover). */
  private ensureFrame() {
    if (this.frame || this.destroyed) return;
    this.ensureDialog();
    if (this.body) this.createFrame(this.body);
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
        channel: this.channel,
      }),
      referrerpolicy: 'strict-origin',
    });
    this.attachFrame(frame);
    parent.append(frame);
  }

  /** Takes charge of the widget's frame (made here, or the snippet's): its messages, its token, its styles. */
  private attachFrame(frame: HTMLIFrameElement) {
    frame.title = this.title;
    // Inline, the frame is in the page's DOM: every property of its own, hidden until its first size.
    if (this.mode === 'inline') frame.style.cssText = INLINE_FRAME_STYLE;
    this.frame = frame;
    this.stopListening = listen(
      window,
      { origin: this.origin, source: () => frame.contentWindow, channel: this.channel },
      parseFrameMessage,
      (message) => this.onFrameMessage(message),
    );
    // The token is fetched while the frame loads (it waits in the outbox until the frame's `init`), so the
    // provider's backend is not on the critical path of a signed-in first view.
    this.tokenForFrame = false;
    this.requestToken();
    this.readyTimer = setTimeout(() => {
      if (this.frameReady) return;
      this.reveal(FALLBACK_HEIGHT);
      this.emit('error', { code: 'frame_unresponsive' }, this.host);
    }, READY_TIMEOUT_MS);
  }

  private send(message: HostMessage) {
    if (!this.frame) return;
    // Until the frame's `hello`, its document may not be the portal yet (the browser would drop the
    // message and warn on the page's console): everything waits for `init`.
    if (!this.frameReady) {
      this.outbox.push(message);
      return;
    }
    post(this.frame.contentWindow, this.origin, this.channel, message);
  }

  private onFrameMessage(message: FrameMessage) {
    switch (message.type) {
      case 'hello':
        // A repeated `hello` is news only when the frame's first one came before this runtime.
        if (message.replay && this.frameReady) return;
        // A new document in the frame (a reload after the first load): it needs its `init` (and a token) again.
        if (this.frameReady) this.tokenForFrame = false;
        this.frameReady = false;
        this.handshake();
        return;
      case 'ready':
        // A frame that skipped `hello` still gets its `init`.
        this.handshake();
        clearTimeout(this.readyTimer);
        if (message.title) this.setTitle(message.title);
        this.emit('ready', { signedIn: message.signedIn }, this.host);
        return;
      case 'resize':
        this.reveal(message.height);
        this.emit('resize', { height: message.height }, this.host);
        return;
      case 'login':
        this.emit('login', { client: message.client, method: message.method }, this.host);
        return;
      case 'logout':
        this.emit('logout', {}, this.host);
        return;
      case 'request-token':
        this.requestToken();
        return;
      case 'request-close':
        this.close();
        return;
      case 'route':
        this.emit('route', { path: message.path }, this.host);
        return;
      case 'error': {
        const { type: _, ...data } = message;
        this.emit('error', data, this.host);
        return;
      }
      default: {
        const { type, ...data } = message;
        this.emit(type, data as never, this.host);
      }
    }
  }

  /**
   * The frame is listening: tell it how it is shown and whether a sign-in follows, hand over what was
   * queued (a handoff token fetched while it loaded), then the returning magic link and (with `identify`)
   * a fresh handoff token unless one is already on its way. The frame compares
   * the token's client with a session it may still hold, so a token is asked for even then: a different
   * visitor signed in to the provider's site never sees the previous one's portal.
   */
  private handshake() {
    if (this.frameReady) return;
    this.frameReady = true;
    this.send({
      type: 'init',
      mode: this.mode ?? 'inline',
      language: this.language,
      pageUrl: location.origin + location.pathname + location.search,
      identify: this.fetchToken !== null,
      magicLink: this.magicToken !== null,
    });
    if (this.isOpen) this.send({ type: 'visibility', visible: true });
    const pending = this.outbox.filter((m) => m.type !== 'visibility');
    this.outbox = [];
    for (const m of pending) this.send(m);
    if (this.magicToken) this.sendMagicLink();
    if (!this.tokenForFrame) this.requestToken();
  }

  private sendMagicLink() {
    const token = this.magicToken;
    this.magicToken = null;
    if (token) this.send({ type: 'magic-link', token });
  }

  /** Asks the provider's `fetchToken` for a handoff token and hands it to the frame (postMessage only). */
  private requestToken() {
    const fetchToken = this.fetchToken;
    if (!fetchToken || this.fetching || this.destroyed) return;
    this.fetching = true;
    this.tokenForFrame = true;
    Promise.resolve()
      .then(fetchToken)
      .then((token) => {
        if (typeof token !== 'string' || !token || token.length > 4096)
          throw new Error('fetchToken returned no token');
        this.send({ type: 'identify', token });
      })
      .catch((err: unknown) => {
        this.send({ type: 'identify', token: null });
        this.emit(
          'error',
          { code: 'identify_failed', message: err instanceof Error ? err.message : String(err) },
          this.host,
        );
      })
      .finally(() => {
        this.fetching = false;
      });
  }

  /** Inline mode: sizes the frame to its content and shows it (first size known). */
  private reveal(height: number) {
    const box = this.inlineBox;
    if (!box || !this.frame) return;
    this.frame.style.height = `${height}px`;
    if (!box.classList.contains('shown')) {
      this.frame.style.visibility = 'visible';
      box.classList.add('shown');
      box.removeAttribute('aria-busy');
    }
  }

  /** The widget's colour: the provider's option, else the portal's (once known), else the default. */
  private accent(): string {
    return this.color ?? safeColor(this.verdict?.primaryColor ?? DEFAULT_COLOR);
  }

  private setTitle(title: string) {
    this.title = title;
    if (this.heading) this.heading.textContent = title;
    this.frame?.setAttribute('title', title);
  }
}
