import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type HostMessage, PROTOCOL, PROTOCOL_VERSION } from '../../../shared/widget/protocol';
import {
  HELLO_REPEAT_FIRST_MS,
  HELLO_REPEAT_FOR_MS,
  HELLO_REPEAT_MAX_MS,
  openFrameInbox,
} from './frame-inbox';

/*
 * The frame's end of the widget protocol as the start-up script opens it, before the app: what it says,
 * what it keeps, what it ignores, and the one early handoff exchange.
 */

const PROVIDER = 'https://ada.studio';
const CHANNEL = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const PORTAL = '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b';
const params = { portalId: PORTAL, page: null, parentOrigin: PROVIDER, channel: CHANNEL };

const envelope = (message: unknown, channel = CHANNEL) => ({
  protocol: PROTOCOL,
  version: PROTOCOL_VERSION,
  channel,
  message,
});
const init = (identify: boolean, magicLink = false) => ({
  type: 'init',
  mode: 'inline',
  language: 'de',
  pageUrl: `${PROVIDER}/account`,
  identify,
  magicLink,
});

/** A real MessagePort stands in for the parent window (`event.source` must be one); its posts are recorded. */
let parent: MessagePort;
let stranger: MessagePort;
let win: EventTarget & { parent: MessagePort };
let posted: [unknown, string][];
let fetches: [string, RequestInit][];
beforeEach(() => {
  // The repeated hello runs on this clock (nothing else here uses timers).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const one = new MessageChannel();
  const two = new MessageChannel();
  parent = one.port1;
  stranger = two.port1;
  posted = [];
  parent.postMessage = ((message: unknown, origin: string) => posted.push([message, origin])) as never;
  win = Object.assign(new EventTarget(), { parent });
  fetches = [];
  vi.stubGlobal('window', win);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    fetches.push([url, init]);
    return Promise.resolve(new Response('{}'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  parent.close();
  stranger.close();
});

const deliver = (message: unknown, origin = PROVIDER, source: MessagePort = parent, channel = CHANNEL) =>
  win.dispatchEvent(
    new MessageEvent('message', {
      data: envelope(message, channel),
      origin,
      source: source as unknown as MessageEventSource,
    }),
  );

describe('openFrameInbox', () => {
  it('says hello to the parent at its exact origin, on the widget’s channel', () => {
    openFrameInbox(params, { signedIn: true, exchange: false });
    expect(posted).toEqual([[envelope({ type: 'hello', signedIn: true }), PROVIDER]]);
  });

  it('keeps valid messages until the app attaches, then hands them over in order, then the live ones', () => {
    const inbox = openFrameInbox(params, { signedIn: false, exchange: false });
    deliver(init(false));
    deliver({ type: 'navigate', page: 'invoices' });
    const seen: HostMessage[] = [];
    inbox.attach((message) => seen.push(message));
    deliver({ type: 'visibility', visible: true });
    expect(seen.map((m) => m.type)).toEqual(['init', 'navigate', 'visibility']);
    inbox.attach(() => {
      throw new Error('a second app never takes over');
    });
    deliver({ type: 'visibility', visible: false });
    expect(seen).toHaveLength(4);
  });

  it('ignores another origin, another window, another channel and malformed messages', () => {
    const inbox = openFrameInbox(params, { signedIn: false, exchange: true });
    const token = 'header.payload.signature';
    deliver({ type: 'identify', token }, 'https://evil.example');
    deliver({ type: 'identify', token }, PROVIDER, stranger);
    deliver({ type: 'identify', token }, PROVIDER, parent, 'ffffffffffffffffffffffff');
    deliver({ type: 'identify', token: 42 });
    deliver({ type: 'init', mode: 'fullscreen', language: 'de', pageUrl: PROVIDER });
    const seen: HostMessage[] = [];
    inbox.attach((message) => seen.push(message));
    expect(seen).toEqual([]);
    expect(fetches).toEqual([]);
    expect(inbox.takeHandoff(token)).toBeNull();
  });

  it('says hello again until init came (a runtime that adopted the frame late), less and less often', () => {
    openFrameInbox(params, { signedIn: false, exchange: false });
    const hello = envelope({ type: 'hello', signedIn: false });
    const replay = envelope({ type: 'hello', signedIn: false, replay: true });
    expect(posted).toEqual([[hello, PROVIDER]]);
    vi.advanceTimersByTime(HELLO_REPEAT_FIRST_MS - 1);
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([
      [hello, PROVIDER],
      [replay, PROVIDER],
    ]);
    // Then after 2×, 4×… the first pause, at most HELLO_REPEAT_MAX_MS apart.
    vi.advanceTimersByTime(2 * HELLO_REPEAT_FIRST_MS);
    expect(posted).toHaveLength(3);
    vi.advanceTimersByTime(4 * HELLO_REPEAT_FIRST_MS);
    expect(posted).toHaveLength(4);
    vi.advanceTimersByTime(10 * HELLO_REPEAT_MAX_MS);
    expect(posted.length).toBeGreaterThanOrEqual(4 + 9);
    expect(posted.length).toBeLessThanOrEqual(4 + 10);
    // Messages that are not this page's init (another origin, another window) do not stop it; init does.
    deliver(init(false), 'https://evil.example');
    deliver(init(false), PROVIDER, stranger);
    const before = posted.length;
    vi.advanceTimersByTime(HELLO_REPEAT_MAX_MS);
    expect(posted).toHaveLength(before + 1);
    deliver(init(false));
    vi.advanceTimersByTime(HELLO_REPEAT_FOR_MS);
    expect(posted).toHaveLength(before + 1);
    expect(posted.slice(1).every(([message]) => JSON.stringify(message) === JSON.stringify(replay))).toBe(
      true,
    );
  });

  it('stops saying hello after a while when no runtime ever answers', () => {
    openFrameInbox(params, { signedIn: true, exchange: false });
    vi.advanceTimersByTime(HELLO_REPEAT_FOR_MS + HELLO_REPEAT_MAX_MS);
    const said = posted.length;
    expect(said).toBeGreaterThan(HELLO_REPEAT_FOR_MS / HELLO_REPEAT_MAX_MS - 5);
    expect(said).toBeLessThan(HELLO_REPEAT_FOR_MS / HELLO_REPEAT_MAX_MS + 10);
    vi.advanceTimersByTime(10 * HELLO_REPEAT_FOR_MS);
    expect(posted).toHaveLength(said);
  });

  it('exchanges a token that came before init, and only the first one', () => {
    openFrameInbox(params, { signedIn: false, exchange: true });
    deliver({ type: 'identify', token: 'early.token.sig' });
    deliver(init(true));
    deliver({ type: 'identify', token: 'early.token.sig' });
    expect(fetches).toHaveLength(1);
    expect(JSON.parse(String(fetches[0]?.[1].body)).token).toBe('early.token.sig');
  });

  it('exchanges the first handoff token at once, with the first page’s data, in the page’s language', async () => {
    const inbox = openFrameInbox(params, { signedIn: false, exchange: true });
    deliver(init(true));
    deliver({ type: 'identify', token: 'first.token.sig' });
    deliver({ type: 'identify', token: 'second.token.sig' });
    expect(fetches).toHaveLength(1);
    const [url, request] = fetches[0] ?? ['', {}];
    expect(url).toBe('/api/widget/handoff');
    expect(request).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect((request.headers as Record<string, string>)['Accept-Language']).toBe('de');
    expect(JSON.parse(String(request.body))).toEqual({
      portalId: PORTAL,
      token: 'first.token.sig',
      include: 'dashboard',
    });
    expect(inbox.takeHandoff('second.token.sig')).toBeNull();
    const early = inbox.takeHandoff('first.token.sig');
    expect(early?.include).toBe('dashboard');
    expect(await (await early?.response)?.json()).toEqual({});
    expect(inbox.takeHandoff('first.token.sig')).toBeNull();
    // The app still gets every message (it decides what to do with the exchange).
    const seen: HostMessage[] = [];
    inbox.attach((message) => seen.push(message));
    expect(seen.map((m) => m.type)).toEqual(['init', 'identify', 'identify']);
  });

  it('exchanges nothing with a stored session, or once the app is there', () => {
    const stored = openFrameInbox(params, { signedIn: true, exchange: false });
    deliver({ type: 'identify', token: 'a.b.c' });
    expect(fetches).toEqual([]);
    stored.attach(() => {});
    const late = openFrameInbox({ ...params, page: 'files' }, { signedIn: false, exchange: true });
    late.attach(() => {});
    deliver({ type: 'identify', token: 'a.b.c' });
    expect(fetches).toEqual([]);
  });

  it('asks for the sign-in form’s chunks only when no sign-in by the page is coming', () => {
    const needed = vi.fn();
    openFrameInbox(params, { signedIn: false, exchange: true, signInNeeded: needed });
    deliver(init(true));
    expect(needed).not.toHaveBeenCalled();
    deliver({ type: 'identify', token: null });
    expect(needed).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    openFrameInbox(params, { signedIn: false, exchange: true, signInNeeded: other });
    deliver(init(false));
    expect(other).toHaveBeenCalled();
  });
});
