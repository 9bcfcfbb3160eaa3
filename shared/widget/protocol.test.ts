import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { magicReturnUrl, readMagicFragment } from './magic-fragment';
import {
  type FrameMessage,
  frameUrl,
  isOrigin,
  listen,
  openEnvelope,
  PROTOCOL,
  PROTOCOL_VERSION,
  parseFrameMessage,
  parseHostMessage,
  post,
  readFrameParams,
} from './protocol';

const PLATFORM = 'https://app.example.com';
const PROVIDER = 'https://ada.studio';
const CHANNEL = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const PORTAL = '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b';

const envelope = (message: unknown, overrides: Record<string, unknown> = {}) => ({
  protocol: PROTOCOL,
  version: PROTOCOL_VERSION,
  channel: CHANNEL,
  message,
  ...overrides,
});

/** Real MessagePorts stand in for windows: `event.source` must be one of them (Node checks the type). */
const ports: MessagePort[] = [];
function windowLike(): MessagePort {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  return port1;
}
/** Node's MessagePort is the DOM's at run time; only the type declarations differ. */
const asSource = (port: MessagePort | null) => port as unknown as MessageEventSource | null;
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** A page's window (an EventTarget) listening for frame messages from `frame` at PLATFORM. */
function listening(frame: MessagePort) {
  const win = new EventTarget();
  const received: FrameMessage[] = [];
  const stop = listen(
    win as never,
    { origin: PLATFORM, source: () => frame, channel: CHANNEL },
    parseFrameMessage,
    (m) => received.push(m),
  );
  const deliver = (data: unknown, origin: string, source: MessagePort | null) =>
    win.dispatchEvent(new MessageEvent('message', { data, origin, source: asSource(source) }));
  return { received, stop, deliver };
}

describe('listen: only the expected origin, source and channel get through', () => {
  it('accepts a valid envelope from the frame’s window at the platform origin', () => {
    const frame = windowLike();
    const { received, deliver } = listening(frame);
    deliver(envelope({ type: 'resize', height: 321.4 }), PLATFORM, frame);
    expect(received).toEqual([{ type: 'resize', height: 322 }]);
  });

  it('ignores a message from a wrong origin, even from the right window', () => {
    const frame = windowLike();
    const { received, deliver } = listening(frame);
    for (const origin of [
      PROVIDER,
      'https://app.example.com.evil.com',
      'http://app.example.com',
      'null',
      '',
    ]) {
      deliver(envelope({ type: 'logout' }), origin, frame);
    }
    expect(received).toEqual([]);
  });

  it('ignores a message from a wrong source, even with the right origin', () => {
    const frame = windowLike();
    const other = windowLike();
    const { received, deliver } = listening(frame);
    deliver(envelope({ type: 'logout' }), PLATFORM, other);
    deliver(envelope({ type: 'logout' }), PLATFORM, null);
    expect(received).toEqual([]);
  });

  it('ignores everything while the frame has no window yet', () => {
    const win = new EventTarget();
    const received: unknown[] = [];
    listen(win as never, { origin: PLATFORM, source: () => null, channel: CHANNEL }, parseFrameMessage, (m) =>
      received.push(m),
    );
    win.dispatchEvent(
      new MessageEvent('message', { data: envelope({ type: 'logout' }), origin: PLATFORM, source: null }),
    );
    expect(received).toEqual([]);
  });

  it('ignores another channel, protocol or version, and malformed messages', () => {
    const frame = windowLike();
    const { received, deliver } = listening(frame);
    for (const data of [
      envelope({ type: 'logout' }, { channel: 'ffffffffffffffffffffffff' }),
      envelope({ type: 'logout' }, { protocol: 'other' }),
      envelope({ type: 'logout' }, { version: PROTOCOL_VERSION + 1 }),
      { type: 'logout' },
      'logout',
      null,
      envelope({ type: 'resize', height: 'tall' }),
      envelope({ type: 'resize', height: Number.NaN }),
      envelope({ type: 'login', client: { id: 'c' }, method: 'password' }),
      envelope({ type: 'unknown' }),
    ]) {
      deliver(data, PLATFORM, frame);
    }
    expect(received).toEqual([]);
  });

  it('stops listening when asked', () => {
    const frame = windowLike();
    const { received, deliver, stop } = listening(frame);
    stop();
    deliver(envelope({ type: 'logout' }), PLATFORM, frame);
    expect(received).toEqual([]);
  });

  it('the frame side: accepts only the parent window at the parent origin', () => {
    const parent = windowLike();
    const win = new EventTarget();
    const received: unknown[] = [];
    listen(
      win as never,
      { origin: PROVIDER, source: () => parent, channel: CHANNEL },
      parseHostMessage,
      (m) => received.push(m),
    );
    const identify = envelope({ type: 'identify', token: 'eyJ.x.y' });
    win.dispatchEvent(
      new MessageEvent('message', {
        data: identify,
        origin: 'https://evil.example',
        source: asSource(parent),
      }),
    );
    win.dispatchEvent(
      new MessageEvent('message', { data: identify, origin: PROVIDER, source: asSource(windowLike()) }),
    );
    win.dispatchEvent(
      new MessageEvent('message', { data: identify, origin: PROVIDER, source: asSource(parent) }),
    );
    expect(received).toEqual([{ type: 'identify', token: 'eyJ.x.y' }]);
  });
});

describe('post: always an explicit target origin', () => {
  const recorder = () => {
    const calls: [unknown, string][] = [];
    return { calls, postMessage: (message: unknown, origin: string) => calls.push([message, origin]) };
  };

  it('posts the envelope to exactly the given origin', () => {
    const target = recorder();
    expect(post(target, PLATFORM, CHANNEL, { type: 'navigate', page: 'invoices' })).toBe(true);
    expect(target.calls).toEqual([[envelope({ type: 'navigate', page: 'invoices' }), PLATFORM]]);
  });

  it.each([
    '*',
    '/',
    'null',
    '',
    'https://app.example.com/',
    'https://app.example.com/portal',
    'javascript:x',
  ])('refuses the target origin %j', (origin) => {
    const target = recorder();
    expect(post(target, origin, CHANNEL, { type: 'logout' })).toBe(false);
    expect(target.calls).toEqual([]);
  });

  it('refuses a missing target window or a bad channel', () => {
    expect(post(null, PLATFORM, CHANNEL, { type: 'logout' })).toBe(false);
    const target = recorder();
    expect(post(target, PLATFORM, 'x', { type: 'logout' })).toBe(false);
    expect(target.calls).toEqual([]);
  });
});

describe('message validation', () => {
  it('parses every frame message and drops bad fields', () => {
    const ok: FrameMessage[] = [
      { type: 'hello', signedIn: true },
      { type: 'hello', signedIn: false, replay: true },
      { type: 'ready', signedIn: true, title: 'Studio' },
      { type: 'route', path: '/invoices' },
      { type: 'login', client: { id: 'c1', name: 'Grace', email: 'g@example.com' }, method: 'handoff' },
      { type: 'logout' },
      { type: 'error', code: 'handoff_expired', message: 'expired' },
      { type: 'message.received', projectId: 'p', messageId: 'm' },
      { type: 'invoice.paid', invoiceId: 'i' },
      { type: 'quote.accepted', quoteId: 'q' },
      { type: 'file.status_changed', fileId: 'f', status: 'approved' },
      { type: 'request-token' },
      { type: 'request-close' },
    ];
    for (const m of ok) expect(parseFrameMessage(m as never)).toEqual(m);
    expect(parseFrameMessage({ type: 'route', path: 'https://evil.example' })).toBeNull();
    expect(parseFrameMessage({ type: 'quote.accepted', quoteId: 42 })).toBeNull();
    expect(
      parseFrameMessage({ type: 'login', client: { id: 'c', name: 'n', email: 'e' }, method: 'root' }),
    ).toBeNull();
    expect(parseFrameMessage({ type: 'ready', signedIn: 'yes' })).toEqual({ type: 'ready', signedIn: false });
    expect(parseFrameMessage({ type: 'hello' })).toEqual({ type: 'hello', signedIn: false });
    expect(parseFrameMessage({ type: 'hello', signedIn: true, replay: 'yes' })).toEqual({
      type: 'hello',
      signedIn: true,
    });
  });

  it('parses every host message and drops bad fields', () => {
    expect(
      parseHostMessage({
        type: 'init',
        mode: 'popup',
        language: 'de',
        pageUrl: 'https://a.com/x',
        identify: true,
        magicLink: false,
      }),
    ).toEqual({
      type: 'init',
      mode: 'popup',
      language: 'de',
      pageUrl: 'https://a.com/x',
      identify: true,
      magicLink: false,
    });
    // Anything but `true` means no sign-in follows.
    expect(
      parseHostMessage({
        type: 'init',
        mode: 'inline',
        language: 'en',
        pageUrl: 'https://a.com/',
        identify: 1,
      }),
    ).toMatchObject({ identify: false, magicLink: false });
    expect(parseHostMessage({ type: 'navigate', page: 'invoices' })).toEqual({
      type: 'navigate',
      page: 'invoices',
    });
    expect(parseHostMessage({ type: 'navigate', page: '../admin' })).toBeNull();
    expect(parseHostMessage({ type: 'identify', token: null })).toEqual({ type: 'identify', token: null });
    expect(parseHostMessage({ type: 'identify', token: 42 })).toBeNull();
    expect(parseHostMessage({ type: 'magic-link', token: '' })).toBeNull();
    expect(parseHostMessage({ type: 'visibility', visible: true })).toEqual({
      type: 'visibility',
      visible: true,
    });
    expect(parseHostMessage({ type: 'ping' })).toBeNull();
    expect(parseHostMessage({ type: 'init', mode: 'fullscreen', language: 'en', pageUrl: 'x' })).toBeNull();
  });

  it('opens only envelopes of this protocol, version and channel', () => {
    expect(openEnvelope(envelope({ type: 'logout' }), CHANNEL)).toEqual({ type: 'logout' });
    expect(openEnvelope(envelope({ type: 'logout' }), 'other-channel-id')).toBeNull();
    expect(openEnvelope(envelope({ kind: 'logout' }), CHANNEL)).toBeNull();
  });

  it('recognises origins exactly', () => {
    expect(isOrigin('https://a.com')).toBe(true);
    expect(isOrigin('http://localhost:3000')).toBe(true);
    for (const v of ['*', 'null', 'https://a.com/', 'ftp://a.com', 'https://A.com', 42])
      expect(isOrigin(v)).toBe(false);
  });
});

describe('frame URL and magic-link fragment', () => {
  it('round-trips the frame parameters, with no token in the URL', () => {
    const url = frameUrl(PLATFORM, {
      portalId: PORTAL,
      page: 'invoices',
      parentOrigin: PROVIDER,
      channel: CHANNEL,
    });
    expect(url).toBe(
      `${PLATFORM}/portal/${PORTAL}/invoices?embed=1&parent=${encodeURIComponent(PROVIDER)}&channel=${CHANNEL}`,
    );
    expect(readFrameParams(new URL(url))).toEqual({
      portalId: PORTAL,
      page: 'invoices',
      parentOrigin: PROVIDER,
      channel: CHANNEL,
    });
    const root = frameUrl(PLATFORM, {
      portalId: PORTAL,
      page: null,
      parentOrigin: PROVIDER,
      channel: CHANNEL,
    });
    expect(readFrameParams(new URL(root))?.page).toBeNull();
  });

  it('reads no frame parameters from a standalone or tampered URL', () => {
    expect(readFrameParams(new URL(`${PLATFORM}/portal/${PORTAL}/`))).toBeNull();
    expect(
      readFrameParams(new URL(`${PLATFORM}/portal/${PORTAL}/?embed=1&parent=*&channel=${CHANNEL}`)),
    ).toBeNull();
    expect(
      readFrameParams(new URL(`${PLATFORM}/portal/x/?embed=1&parent=${PROVIDER}&channel=${CHANNEL}`)),
    ).toBeNull();
    expect(
      readFrameParams(new URL(`${PLATFORM}/portal/${PORTAL}/?embed=2&parent=${PROVIDER}&channel=${CHANNEL}`)),
    ).toBeNull();
  });

  it('builds and reads the magic-link return fragment', () => {
    const url = magicReturnUrl('https://ada.studio/account?tab=2#old', 'tok_123', PORTAL);
    expect(url).toBe(`https://ada.studio/account?tab=2#cp_magic=tok_123&cp_portal=${PORTAL}`);
    expect(readMagicFragment(new URL(url).hash)).toEqual({ token: 'tok_123', portalId: PORTAL });
    expect(readMagicFragment('#cp_magic=abc')).toEqual({ token: 'abc', portalId: null });
    expect(readMagicFragment('#section-2')).toBeNull();
    expect(readMagicFragment('')).toBeNull();
  });
});
