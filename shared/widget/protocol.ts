/**
 * The widget's public API and its postMessage protocol, typed in one place (the widget's public contract,
 * `shared/widget/`). Imported by the runtime on the provider's page (`embed/widget/`), by the portal app when
 * it runs inside the widget's iframe (the frame, `embed/portal/embedded/`) and by the dashboard's settings
 * and documentation, so every side agrees on every command, event and message. No DOM access at import
 * time (safe during SSR).
 *
 * Trust: the provider's page and the frame are different origins. Every message travels in a versioned
 * envelope with a per-widget channel id, is posted with an explicit target origin (never `'*'`), and is
 * accepted only when `event.origin` AND `event.source` are the expected ones (`listen`).
 */

/** Protocol name in every envelope, so unrelated `postMessage` traffic on the page is ignored. */
export const PROTOCOL = 'client-portal-widget';
/** Bumped on an incompatible change; both sides drop envelopes of another version. */
export const PROTOCOL_VERSION = 1;

/** The portal pages a widget can open (`navigate`, `open`, the `page` option); spec §2 portal navigation. */
export const PORTAL_PAGES = [
  'dashboard',
  'projects',
  'files',
  'messages',
  'invoices',
  'bookings',
  'profile',
] as const;
export type PortalPage = (typeof PORTAL_PAGES)[number];

export type WidgetMode = 'inline' | 'popup' | 'floating';

/** Default accent (the platform's indigo, until the portal's own colour is known) and launcher z-index. */
export const DEFAULT_COLOR = '#4f46e5';
export const DEFAULT_Z_INDEX = 2147483000;
export type WidgetLanguage = 'en' | 'de';

// ---------------------------------------------------------------------------------------------------------
// Public events: callbacks (`on`/`off`) and DOM CustomEvents named `clientportal:<event>`.
// ---------------------------------------------------------------------------------------------------------

/** A portal client as events report it (no secrets: never a session token). */
export interface WidgetClient {
  id: string;
  name: string;
  email: string;
}

/** Codes of the `error` event raised by the runtime itself; the frame adds API error codes (e.g. `handoff_expired`). */
export type RuntimeErrorCode =
  | 'not_initialized'
  | 'invalid_options'
  | 'element_not_found'
  | 'frame_unresponsive'
  | 'identify_failed'
  /** The page's origin is not among the portal's allowed websites (or there is no such portal): no frame. */
  | 'origin_not_allowed';

export interface WidgetEventMap {
  /** The frame answered: it speaks the protocol and has the portal loaded. */
  ready: { signedIn: boolean };
  open: Record<string, never>;
  close: Record<string, never>;
  /** The frame's content height in CSS pixels (inline mode sizes the iframe to it). */
  resize: { height: number };
  /** The frame's in-memory router moved (path under `/portal/{portalId}/`). */
  route: { path: string };
  login: { client: WidgetClient; method: 'password' | 'magic_link' | 'handoff' };
  logout: Record<string, never>;
  /** Something failed: a runtime code (see `RuntimeErrorCode`) or an API error code from the frame. */
  error: { code: string; message?: string };
  'message.received': { projectId: string; messageId: string };
  'invoice.paid': { invoiceId: string };
  /** The client accepted a quote in the portal (issue 28). */
  'quote.accepted': { quoteId: string };
  'file.status_changed': { fileId: string; status: string };
  /** The client booked a meeting in the portal (issue 30): the booking and its start (ISO 8601). */
  'booking.created': { bookingId: string; startsAt: string };
  /** The client cancelled a booking in the portal (issue 30). */
  'booking.cancelled': { bookingId: string };
}
export type WidgetEventName = keyof WidgetEventMap;
/** Product events the frame forwards as they happen in the portal. */
export const PRODUCT_EVENTS = [
  'message.received',
  'invoice.paid',
  'quote.accepted',
  'file.status_changed',
  'booking.created',
  'booking.cancelled',
] as const;
export type ProductEventName = (typeof PRODUCT_EVENTS)[number];

/**
 * Each product event's data: its fields, all strings (`parseFrameMessage` keeps exactly these). The names
 * are written once, here: the runtime's size budget counts every byte.
 */
const PRODUCT_FIELDS: { readonly [K in ProductEventName]: readonly (keyof WidgetEventMap[K])[] } = {
  'message.received': ['projectId', 'messageId'],
  'invoice.paid': ['invoiceId'],
  'quote.accepted': ['quoteId'],
  'file.status_changed': ['fileId', 'status'],
  'booking.created': ['bookingId', 'startsAt'],
  'booking.cancelled': ['bookingId'],
};

export const WIDGET_EVENTS: readonly WidgetEventName[] = [
  'ready',
  'open',
  'close',
  'resize',
  'route',
  'login',
  'logout',
  'error',
  ...(Object.keys(PRODUCT_FIELDS) as ProductEventName[]),
];

/** What a callback and a CustomEvent's `detail` receive: the event's data plus which widget raised it. */
export type WidgetEventDetail<K extends WidgetEventName> = WidgetEventMap[K] & {
  namespace: string;
  portalId: string;
};
export type WidgetListener<K extends WidgetEventName> = (detail: WidgetEventDetail<K>) => void;
/** Prefix of the DOM CustomEvents (`clientportal:ready`, `clientportal:invoice.paid`, …). */
export const DOM_EVENT_PREFIX = 'clientportal:';

// ---------------------------------------------------------------------------------------------------------
// Public commands: `ClientPortal('init', {...})`, queued by the snippet until the runtime runs them.
// ---------------------------------------------------------------------------------------------------------

export interface InitOptions {
  /** The portal to show (its id from the portal settings). */
  portalId: string;
  /** The platform's origin; defaults to the origin the snippet loaded the runtime from. */
  origin?: string;
  /** Language of the widget's own labels and the portal's first choice; default: the page's `<html lang>`. */
  language?: WidgetLanguage;
  /** Accent colour of the launcher and the dialog's bar (`#rrggbb`); default: the portal's primary colour. */
  color?: string;
  /** z-index of the launcher (the dialog itself is in the browser's top layer). Default 2147483000. */
  zIndex?: number;
  /**
   * Popup and floating: load the frame when the browser is idle once the visitor has done something on the
   * page (default) or only when first opened.
   */
  preload?: 'idle' | 'open';
  /** Accessible name of the dialog and the iframe; default "Client portal". */
  title?: string;
}
export interface InlineOptions {
  /** The element to render the portal in, or a CSS selector for it. */
  element: string | Element;
  page?: PortalPage;
}
export interface PopupOptions {
  page?: PortalPage;
}
export interface FloatingOptions {
  page?: PortalPage;
  position?: 'bottom-right' | 'bottom-left';
  /** Visible text beside the launcher's icon; without it the button is an icon with an aria-label. */
  label?: string;
}
export interface OpenOptions {
  page?: PortalPage;
}
export interface IdentifyOptions {
  /**
   * Returns a fresh handoff token (JWT, HS256, signed by the provider's backend). Called when the frame
   * needs one: never stored, never put in a URL, handed to the frame by postMessage only.
   */
  fetchToken: () => string | Promise<string>;
}

type OnCommand = { [K in WidgetEventName]: ['on', K, WidgetListener<K>] }[WidgetEventName];
type OffCommand = { [K in WidgetEventName]: ['off', K, WidgetListener<K>] }[WidgetEventName];

export type WidgetCommand =
  | ['init', InitOptions]
  | ['inline', InlineOptions]
  | ['popup']
  | ['popup', PopupOptions]
  | ['floating']
  | ['floating', FloatingOptions]
  | ['open']
  | ['open', OpenOptions]
  | ['close']
  | ['navigate', PortalPage]
  | ['identify', IdentifyOptions]
  | OnCommand
  | OffCommand
  | ['destroy'];
export type WidgetCommandName = WidgetCommand[0];

/** The namespace function the snippet defines (e.g. `window.ClientPortal`). */
export interface WidgetApi {
  (...command: WidgetCommand): void;
  /** Commands queued before the runtime arrived (snippet). */
  q?: ArrayLike<unknown>[];
  /** Platform origin the snippet was made for. */
  o?: string;
}

// ---------------------------------------------------------------------------------------------------------
// The wire: messages between the runtime (host page) and the portal frame.
// ---------------------------------------------------------------------------------------------------------

/** Runtime → frame. */
export type HostMessage =
  /**
   * The answer to the frame's `hello`: how it is shown, the page's language, where the page is (the
   * magic-link return URL), and whether a sign-in is on its way (`identify`: a handoff token will follow;
   * `magicLink`: a returning magic-link token will follow), so the frame shows neither its sign-in form nor
   * a stored session's pages before that sign-in is settled.
   */
  | {
      type: 'init';
      mode: WidgetMode;
      language: WidgetLanguage;
      pageUrl: string;
      identify: boolean;
      magicLink: boolean;
    }
  | { type: 'navigate'; page: PortalPage }
  /** A handoff token from `identify`'s fetchToken, or null when fetching one failed (show the sign-in). */
  | { type: 'identify'; token: string | null }
  /** A magic-link token that came back to the embedding page in its fragment. */
  | { type: 'magic-link'; token: string }
  /** Popup/floating: the dialog was opened or closed. */
  | { type: 'visibility'; visible: boolean };

/** Frame → runtime. */
export type FrameMessage =
  /**
   * The frame's side is listening (sent as soon as the portal page starts, before any content): answered
   * by `init`. Until `init` comes it is said again (`replay`; `HELLO_REPEAT_FIRST_MS` and the rest in
   * `portal/embedded/frame-inbox.ts`), which is news only for a runtime that missed the first one (it
   * adopted a frame the snippet made before it was listening).
   */
  | { type: 'hello'; signedIn: boolean; replay?: true }
  /** The portal's first content is on screen (`title`: the portal's name, for the dialog and the iframe). */
  | { type: 'ready'; signedIn: boolean; title?: string }
  | { type: 'resize'; height: number }
  | { type: 'route'; path: string }
  | { type: 'login'; client: WidgetClient; method: 'password' | 'magic_link' | 'handoff' }
  | { type: 'logout' }
  | { type: 'error'; code: string; message?: string }
  | { type: 'message.received'; projectId: string; messageId: string }
  | { type: 'invoice.paid'; invoiceId: string }
  | { type: 'quote.accepted'; quoteId: string }
  | { type: 'file.status_changed'; fileId: string; status: string }
  | { type: 'booking.created'; bookingId: string; startsAt: string }
  | { type: 'booking.cancelled'; bookingId: string }
  /** The frame needs a (new) handoff token: its session ended or a token was rejected. */
  | { type: 'request-token' }
  /** The visitor pressed Escape inside the frame (key events do not cross the frame boundary). */
  | { type: 'request-close' };

export interface Envelope<M> {
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  /** Per-widget random id (from the frame URL), so two widgets of one portal on a page never cross. */
  channel: string;
  message: M;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
// `max ?? 500`, not a default parameter: the widget's targeted Safari versions get those compiled (bytes).
const isString = (v: unknown, max?: number): v is string => typeof v === 'string' && v.length <= (max ?? 500);
const isPage = (v: unknown): v is PortalPage => PORTAL_PAGES.includes(v as PortalPage);

/** Whether a string is exactly a web origin (`https://a.com`, `http://localhost:3000`): never `'*'` or `null`. */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Channel ids are short random tokens. */
export const isChannel = (v: unknown): v is string => typeof v === 'string' && /^[\w-]{8,64}$/.test(v);

/** Unwraps an envelope of this protocol and version on `channel`, else null. */
export function openEnvelope(data: unknown, channel: string): Record<string, unknown> | null {
  if (!isObject(data) || data.protocol !== PROTOCOL || data.version !== PROTOCOL_VERSION) return null;
  if (data.channel !== channel || !isObject(data.message) || typeof data.message.type !== 'string')
    return null;
  return data.message;
}

/** Validates a frame → runtime message field by field; anything malformed is null (ignored). */
export function parseFrameMessage(m: Record<string, unknown>): FrameMessage | null {
  switch (m.type) {
    case 'hello':
      return { type: 'hello', signedIn: m.signedIn === true, ...(m.replay === true ? { replay: true } : {}) };
    case 'ready':
      return {
        type: 'ready',
        signedIn: m.signedIn === true,
        ...(isString(m.title, 120) ? { title: m.title } : {}),
      };
    case 'resize':
      return typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0
        ? { type: 'resize', height: Math.min(Math.ceil(m.height), 100_000) }
        : null;
    case 'route':
      return isString(m.path) && m.path.startsWith('/') ? { type: 'route', path: m.path } : null;
    case 'login': {
      const c = m.client;
      const method = m.method;
      if (!isObject(c) || !isString(c.id) || !isString(c.name) || !isString(c.email)) return null;
      if (method !== 'password' && method !== 'magic_link' && method !== 'handoff') return null;
      return { type: 'login', client: { id: c.id, name: c.name, email: c.email }, method };
    }
    case 'error':
      return isString(m.code, 100)
        ? { type: 'error', code: m.code, ...(isString(m.message) ? { message: m.message } : {}) }
        : null;
    case 'logout':
    case 'request-token':
    case 'request-close':
      return { type: m.type };
    default: {
      // A product event: exactly its fields, each a string (one table, not a case each: the runtime's bytes).
      const fields = Object.hasOwn(PRODUCT_FIELDS, m.type as string)
        ? PRODUCT_FIELDS[m.type as ProductEventName]
        : undefined;
      return fields?.every((f) => isString(m[f]))
        ? (Object.fromEntries([['type', m.type], ...fields.map((f) => [f, m[f]])]) as FrameMessage)
        : null;
    }
  }
}

/** Validates a runtime → frame message field by field; anything malformed is null (ignored). */
export function parseHostMessage(m: Record<string, unknown>): HostMessage | null {
  switch (m.type) {
    case 'init':
      return (m.mode === 'inline' || m.mode === 'popup' || m.mode === 'floating') &&
        (m.language === 'en' || m.language === 'de') &&
        isString(m.pageUrl, 2000)
        ? {
            type: 'init',
            mode: m.mode,
            language: m.language,
            pageUrl: m.pageUrl,
            identify: m.identify === true,
            magicLink: m.magicLink === true,
          }
        : null;
    case 'navigate':
      return isPage(m.page) ? { type: 'navigate', page: m.page } : null;
    case 'identify':
      return m.token === null || isString(m.token, 4096)
        ? { type: 'identify', token: m.token as string | null }
        : null;
    case 'magic-link':
      return isString(m.token, 200) && m.token !== '' ? { type: 'magic-link', token: m.token } : null;
    case 'visibility':
      return typeof m.visible === 'boolean' ? { type: 'visibility', visible: m.visible } : null;
    default:
      return null;
  }
}

/** The part of `Window` the helpers use (a real window, or any `EventTarget` with `postMessage` in tests). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}
export interface MessageSourceWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Posts one message in an envelope to `target`, restricted to `targetOrigin`: the browser drops it when the
 * target's document is of any other origin. A target origin that is not exactly an origin (`'*'`, `'null'`,
 * a URL with a path) is refused.
 * @returns whether it was posted
 */
export function post<M extends HostMessage | FrameMessage>(
  target: MessageTarget | null | undefined,
  targetOrigin: string,
  channel: string,
  message: M,
): boolean {
  if (!target || !isOrigin(targetOrigin) || !isChannel(channel)) return false;
  const envelope: Envelope<M> = { protocol: PROTOCOL, version: PROTOCOL_VERSION, channel, message };
  target.postMessage(envelope, targetOrigin);
  return true;
}

export interface ListenOptions {
  /** The only origin accepted (`event.origin` must equal it). */
  origin: string;
  /** The only window accepted (`event.source` must be it): the iframe's `contentWindow`, or `window.parent`. */
  source: () => unknown;
  channel: string;
}

/**
 * Listens for envelopes on `channel` from exactly `origin` and `source` (with `addEventListener`, never
 * `window.onmessage`), validates each with `parse` and hands the valid ones to `handler`.
 * @returns a function that stops listening
 */
export function listen<M>(
  win: MessageSourceWindow,
  options: ListenOptions,
  parse: (message: Record<string, unknown>) => M | null,
  handler: (message: M) => void,
): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!isOrigin(options.origin) || event.origin !== options.origin) return;
    const expected = options.source();
    if (!expected || event.source !== expected) return;
    const raw = openEnvelope(event.data, options.channel);
    const message = raw && parse(raw);
    if (message) handler(message);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

// ---------------------------------------------------------------------------------------------------------
// The frame URL: `${origin}/portal/${portalId}/${page}?embed=1&parent=<page origin>&channel=<id>`.
// No secret ever goes in it (tokens travel by postMessage only).
// ---------------------------------------------------------------------------------------------------------

export interface FrameParams {
  portalId: string;
  page: PortalPage | null;
  /** The embedding page's origin: the frame posts only there, and accepts messages only from there. */
  parentOrigin: string;
  channel: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPortalId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The iframe's URL for a widget. */
export function frameUrl(platformOrigin: string, params: FrameParams): string {
  const query = new URLSearchParams({
    embed: String(PROTOCOL_VERSION),
    parent: params.parentOrigin,
    channel: params.channel,
  });
  return `${platformOrigin}/portal/${encodeURIComponent(params.portalId)}/${params.page ?? ''}?${query}`;
}

/**
 * Reads the widget parameters from the frame's own URL (the frame side of `frameUrl`).
 * @returns null when the page is not an embedded widget frame of this protocol version, or a parameter is bad
 */
export function readFrameParams(url: URL): FrameParams | null {
  if (url.searchParams.get('embed') !== String(PROTOCOL_VERSION)) return null;
  const match = /^\/portal\/([^/]+)\/?([a-z]*)/.exec(url.pathname);
  const parentOrigin = url.searchParams.get('parent');
  const channel = url.searchParams.get('channel');
  const portalId = match?.[1];
  if (!isPortalId(portalId) || !isOrigin(parentOrigin) || !isChannel(channel)) return null;
  return { portalId, page: isPage(match?.[2]) ? (match[2] as PortalPage) : null, parentOrigin, channel };
}
