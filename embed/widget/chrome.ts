import { colorContrast } from '../../shared/format/contrast';
import { DEFAULT_COLOR } from '../../shared/widget/protocol';
import { HOST_TAG } from '../../shared/widget/snippet';

/**
 * The widget's own DOM on the provider's page: a host element with an open shadow root holding the
 * styles, the inline frame's wrapper (the frame itself is the host's light-DOM child, slotted in, with
 * `all:initial` inline styles), the launcher button and the modal dialog. Shadow DOM keeps the
 * provider's CSS out and ours in; nothing uses `!important`.
 */

const FONT = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

export const STYLES = `
:host{all:initial;display:contents}
:host([data-mode=inline]){display:block}
*{box-sizing:border-box}
.launcher{position:fixed;bottom:20px;right:20px;z-index:var(--cp-z);display:inline-flex;align-items:center;justify-content:center;gap:8px;min-width:56px;height:56px;margin:0;padding:0 16px;border:0;border-radius:28px;background:var(--cp-color);color:var(--cp-on-color);font:600 15px/1 ${FONT};box-shadow:0 6px 20px rgba(15,23,42,.28);cursor:pointer;transition:transform .15s ease,box-shadow .15s ease}
.launcher.left{right:auto;left:20px}
.launcher:hover{transform:translateY(-2px);box-shadow:0 10px 24px rgba(15,23,42,.32)}
.launcher:focus-visible{outline:3px solid var(--cp-color);outline-offset:3px}
.launcher svg{width:24px;height:24px;flex:none}
dialog{margin:auto;padding:0;border:0;border-radius:14px;width:min(960px,calc(100vw - 48px));height:min(800px,calc(100vh - 48px));max-width:none;max-height:none;overflow:hidden;background:#fff;color:#0f172a;box-shadow:0 24px 64px rgba(15,23,42,.35);font:14px/1.4 ${FONT}}
dialog[open]{display:flex;flex-direction:column}
dialog::backdrop{background:rgba(15,23,42,.55)}
.bar{display:flex;align-items:center;gap:8px;flex:none;height:52px;padding:0 8px 0 16px;background:var(--cp-color);color:var(--cp-on-color)}
.bar h2{flex:1;min-width:0;margin:0;font:600 15px/1.3 ${FONT};overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.close{display:grid;place-items:center;width:40px;height:40px;margin:0;padding:0;border:0;border-radius:8px;background:transparent;color:inherit;cursor:pointer}
.close:hover{background:color-mix(in srgb,currentColor 16%,transparent)}
.close:focus-visible{outline:2px solid currentColor;outline-offset:-4px}
.close svg{width:20px;height:20px}
.body{position:relative;flex:1;min-height:0}
.body iframe{display:block;width:100%;height:100%;border:0}
.trap{position:absolute;width:1px;height:1px;overflow:hidden;opacity:0}
.inline{position:relative}
.status{display:flex;flex-wrap:wrap;align-items:center;align-content:center;justify-content:center;gap:10px;min-height:120px;height:100%;margin:0;padding:16px;color:#475569;font:14px/1.4 ${FONT};text-align:center}
.status a{color:var(--cp-color);font-weight:600}
:host([data-wait]) .launcher{visibility:hidden}
.shown .status{display:none}
.spinner{width:18px;height:18px;border:2px solid #cbd5e1;border-top-color:var(--cp-color);border-radius:50%;animation:spin .8s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (max-width:639.98px){dialog{width:100%;height:100%;border-radius:0}.launcher{bottom:16px;right:16px}.launcher.left{left:16px}}
@media (prefers-reduced-motion:reduce){.launcher,.spinner{transition:none;animation:none}}
`;

/** lucide "layout-dashboard" and "x" (ISC licence), stroked in the current colour. */
const svg = (paths: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;
export const ICON_PORTAL = svg(
  '<rect width="7" height="9" x="3" y="3" rx="1"/><rect width="7" height="5" x="14" y="3" rx="1"/><rect width="7" height="9" x="14" y="12" rx="1"/><rect width="7" height="5" x="3" y="16" rx="1"/>',
);
export const ICON_CLOSE = svg('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>');

/** `#rrggbb` or the default accent. */
export function safeColor(value: unknown): string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : DEFAULT_COLOR;
}

/** A small element builder: tag, attributes, children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  // An array, not rest parameters: the targeted Safari versions get those (and defaults) compiled into a loop.
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Colours a host (launcher, dialog bar, spinner) in `color`, its text in the readable colour on it. */
export function paint(host: HTMLElement, color: string) {
  host.style.setProperty('--cp-color', color);
  host.style.setProperty('--cp-on-color', colorContrast(color).textColor);
}

/**
 * A host element with an open shadow root and the widget's styles (`existing`: a host the snippet made,
 * holding the inline frame, that gets its shadow root now).
 */
export function createHost(
  mode: string,
  color: string,
  zIndex: number,
  existing?: HTMLElement,
): { host: HTMLElement; root: ShadowRoot } {
  const host = existing ?? document.createElement(HOST_TAG);
  host.setAttribute('data-mode', mode);
  paint(host, color);
  host.style.setProperty('--cp-z', String(zIndex));
  const root = host.attachShadow({ mode: 'open' });
  // A constructable stylesheet: a provider CSP without 'unsafe-inline' in style-src blocks a <style>
  // element, not this. (A <style> only where the browser has no adoptedStyleSheets.)
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(STYLES);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(el('style', {}, [STYLES]));
  }
  return { host, root };
}

/** One stylesheet for every widget of this runtime copy. */
let sheet: CSSStyleSheet | undefined;
