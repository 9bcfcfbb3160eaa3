import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { frameUrl, readFrameParams } from './protocol';
import { HOST_TAG, snippetScript, WIDGET_SCRIPT_PATH, widgetSnippet } from './snippet';

const PORTAL = '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b';
const ORIGIN = 'https://app.clientportal-platform.example.com';

/** Runs the snippet in a fresh global with the few browser globals it touches; returns what it did. */
function runSnippet(code: string, hash = '') {
  const appended: { src: string; async: boolean }[] = [];
  const replaced: string[] = [];
  const window: Record<string, unknown> = {
    document: {
      createElement: () => ({ src: '', async: false }),
      head: { appendChild: (s: { src: string; async: boolean }) => appended.push(s) },
    },
    location: { hash, pathname: '/account', search: '?tab=2' },
    history: {
      state: { router: 1 },
      replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url),
    },
  };
  window.window = window;
  vm.runInContext(code, vm.createContext(window));
  return { window, appended, replaced };
}

describe('the paste-in snippet', () => {
  it('is at most 600 bytes gzip, in every mode', () => {
    for (const mode of ['floating', 'popup', 'inline'] as const) {
      const html = widgetSnippet({
        origin: ORIGIN,
        portalId: PORTAL,
        mode,
        namespace: 'ClientPortalSupport',
      });
      const size = gzipSync(html, { level: 9 }).length;
      expect(size, `${mode}: ${size} B`).toBeLessThanOrEqual(600);
    }
  });

  it('queues commands under its namespace and loads the runtime once, asynchronously', () => {
    const code = snippetScript({ origin: ORIGIN, portalId: PORTAL });
    const { window, appended } = runSnippet(code);
    expect(appended).toEqual([{ src: `${ORIGIN}${WIDGET_SCRIPT_PATH}`, async: true }]);
    const api = window.ClientPortal as { q: ArrayLike<unknown>[]; o: string };
    expect(api.o).toBe(ORIGIN);
    expect(api.q.map((args) => Array.from(args))).toEqual([['init', { portalId: PORTAL }], ['floating']]);
    expect((window.ClientPortalWidget as { n: string[] }).n).toEqual(['ClientPortal']);
  });

  it('a second snippet (another namespace) shares the runtime and does not load it again', () => {
    const first = snippetScript({ origin: ORIGIN, portalId: PORTAL });
    const second = snippetScript({ origin: ORIGIN, portalId: PORTAL, namespace: 'Billing', mode: 'popup' });
    const { window, appended } = runSnippet(`${first}\n${second}`);
    expect(appended).toHaveLength(1);
    expect((window.ClientPortalWidget as { n: string[] }).n).toEqual(['ClientPortal', 'Billing']);
    expect((window.Billing as { q: unknown[] }).q).toHaveLength(2);
  });

  it('takes a returning magic-link token off the address bar at once and keeps it for the runtime', () => {
    const code = snippetScript({ origin: ORIGIN, portalId: PORTAL });
    const hash = `#cp_magic=tok_1&cp_portal=${PORTAL}`;
    const { window, replaced } = runSnippet(code, hash);
    expect(replaced).toEqual(['/account?tab=2']);
    expect((window.ClientPortalWidget as { m: string }).m).toBe(hash);
    expect(runSnippet(code, '#pricing').replaced).toEqual([]);
  });

  it('inline: makes the portal frame in its element at once, for the runtime to adopt', () => {
    const code = snippetScript({ origin: ORIGIN, portalId: PORTAL, mode: 'inline', element: '#portal' });
    expect(code).toContain('ClientPortal("inline",{element:"#portal"},function(');
    interface Node {
      tag: string;
      children: Node[];
      src?: string;
      style: { cssText: string };
      appendChild(child: Node): Node;
    }
    const node = (tag: string): Node => ({
      tag,
      children: [],
      style: { cssText: '' },
      appendChild(child) {
        this.children.push(child);
        return child;
      },
    });
    const element = node('div');
    const run = (found: Node | null) => {
      const window: Record<string, unknown> = {
        document: {
          createElement: node,
          head: { appendChild: () => {} },
          querySelector: (selector: string) => (selector === '#portal' ? found : null),
        },
        location: { hash: '', pathname: '/account', search: '', origin: 'https://agency.example' },
        history: { state: null, replaceState: () => {} },
      };
      window.window = window;
      vm.runInContext(code, vm.createContext(window));
      return (window.ClientPortal as { q: ArrayLike<unknown>[] }).q.map((args) => Array.from(args));
    };

    const queued = run(element);
    const host = element.children[0];
    const frame = host?.children[0];
    expect(host?.tag).toBe(HOST_TAG);
    expect(frame?.tag).toBe('iframe');
    expect(frame?.style.cssText).toBe('all:initial;height:0');
    const url = new URL(frame?.src ?? '');
    const params = readFrameParams(url);
    expect(params).toMatchObject({ portalId: PORTAL, page: null, parentOrigin: 'https://agency.example' });
    expect(frame?.src).toBe(
      frameUrl(ORIGIN, {
        portalId: PORTAL,
        page: null,
        parentOrigin: 'https://agency.example',
        channel: params?.channel ?? '',
      }),
    );
    expect(queued[1]).toEqual(['inline', { element: '#portal' }, frame]);

    // Not there yet (the snippet pasted above the element): the runtime makes the frame later.
    expect(run(null)[1]).toEqual(['inline', { element: '#portal' }, undefined]);
  });

  it('renders the inline mode with its element and refuses unsafe values', () => {
    expect(snippetScript({ origin: ORIGIN, portalId: PORTAL, mode: 'inline', element: '#portal' })).toContain(
      'ClientPortal("inline",{element:"#portal"},',
    );
    expect(
      snippetScript({ origin: ORIGIN, portalId: PORTAL, mode: 'inline', element: '</script>' }),
    ).not.toContain('</script>');
    expect(() => snippetScript({ origin: '*', portalId: PORTAL })).toThrow();
    expect(() => snippetScript({ origin: `${ORIGIN}/x`, portalId: PORTAL })).toThrow();
    expect(() => snippetScript({ origin: ORIGIN, portalId: 'x"});alert(1);//' })).toThrow();
    expect(() => snippetScript({ origin: ORIGIN, portalId: PORTAL, namespace: 'a-b' })).toThrow();
  });
});
