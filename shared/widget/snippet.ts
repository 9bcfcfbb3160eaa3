import { MAGIC_FRAGMENT_KEY } from './magic-fragment';
import { isOrigin, isPortalId, PROTOCOL_VERSION, type WidgetMode } from './protocol';

/**
 * Stage 1 of the widget: the paste-in snippet the portal settings show (copyable) and the documentation
 * quotes. It defines the namespace function as a command queue, registers the namespace with the runtime's
 * global (`window.ClientPortalWidget.n`), removes a returning magic-link token from the address bar at once
 * (keeping it in memory for the runtime), and loads the runtime once, asynchronously. Budget: ≤ 600 B gzip.
 */

/** Where the API serves the runtime (stage 2), relative to the platform origin. */
export const WIDGET_SCRIPT_PATH = '/widget/embed.js';
/** The runtime's global: `n` namespaces to adopt, `m` a stashed magic-link fragment, `l` loading started. */
export const WIDGET_GLOBAL = 'ClientPortalWidget';
export const DEFAULT_NAMESPACE = 'ClientPortal';
/** Attribute that makes any element open a popup/floating widget (value: the namespace, or empty). */
export const OPEN_ATTRIBUTE = 'data-client-portal-open';
/**
 * The tag of every widget's host element (a valid custom-element name, so it can hold a shadow root). The
 * inline snippet makes one around its frame; the runtime adopts it only when it has no shadow root yet.
 */
export const HOST_TAG = 'client-portal-widget';

export interface SnippetOptions {
  /** The platform origin serving `/widget/embed.js` and the portal, e.g. `https://app.example.com`. */
  origin: string;
  portalId: string;
  /** The global function name; give each widget on a page its own. Default `ClientPortal`. */
  namespace?: string;
  /** The mode command the snippet ends with. Default `floating`. */
  mode?: WidgetMode;
  /** Inline mode: CSS selector of the element to render in. Default `#client-portal`. */
  element?: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]{0,63}$/;

/**
 * The loader itself, as one line of ES5 (it runs on any provider page, unbundled). Arguments: window,
 * document, namespace, platform origin.
 */
const LOADER =
  '(function(w,d,n,o){' +
  `var g=w.${WIDGET_GLOBAL}=w.${WIDGET_GLOBAL}||{n:[]},h=location.hash,` +
  'f=w[n]=w[n]||function(){f.q.push(arguments)};' +
  'f.q=f.q||[];f.o=o;g.n.push(n);' +
  `if(/[#&]${MAGIC_FRAGMENT_KEY}=/.test(h)){g.m=h;history.replaceState(history.state,"",location.pathname+location.search)}` +
  'if(!g.l){g.l=1;var s=d.createElement("script");s.async=!0;' +
  `s.src=o+"${WIDGET_SCRIPT_PATH}";d.head.appendChild(s)}` +
  '})';

/**
 * Inline mode: the portal's frame is created by the snippet itself, in the element, as the page runs it
 * (the portal starts loading without waiting for the runtime); the runtime adopts it (`embed/widget/widget.ts`, `inline`).
 * ES5, evaluated to the iframe, or undefined when the element is not there yet (the runtime then makes
 * the frame). Its URL is `frameUrl`'s (`protocol.ts`) with a random channel; `all:initial` keeps the
 * page's CSS off it and height 0 hides it until the runtime, which styles it as it adopts it, reveals it
 * at its content's height.
 */
function premadeFrame(origin: string, portalId: string, element: string): string {
  const url = JSON.stringify(`${origin}/portal/${portalId}/?embed=${PROTOCOL_VERSION}&parent=`);
  return (
    `function(d,e,f,h){e=d.querySelector(${element});if(e){` +
    'f=d.createElement("iframe");f.style.cssText="all:initial;height:0";' +
    `f.src=${url}+encodeURIComponent(location.origin)+"&channel="+Math.random().toString(36).slice(2);` +
    `(h=d.createElement("${HOST_TAG}")).appendChild(f);e.appendChild(h);` +
    'return f}}(document)'
  );
}

/** The JavaScript of the snippet (without the `<script>` tags). */
export function snippetScript(options: SnippetOptions): string {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  if (!isOrigin(options.origin)) throw new Error(`snippet: not an origin: ${options.origin}`);
  if (!isPortalId(options.portalId)) throw new Error(`snippet: not a portal id: ${options.portalId}`);
  if (!IDENTIFIER.test(namespace)) throw new Error(`snippet: not a JavaScript identifier: ${namespace}`);
  const str = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const mode = options.mode ?? 'floating';
  const element = str(options.element ?? '#client-portal');
  const modeCall =
    mode === 'inline'
      ? `${namespace}("inline",{element:${element}},${premadeFrame(options.origin, options.portalId, element)});`
      : `${namespace}(${str(mode)});`;
  return [
    `${LOADER}(window,document,${str(namespace)},${str(options.origin)});`,
    `${namespace}("init",{portalId:${str(options.portalId)}});`,
    modeCall,
  ].join('\n');
}

/** The HTML to paste before `</body>`: the snippet in a `<script>` element. */
export function widgetSnippet(options: SnippetOptions): string {
  return `<script>\n${snippetScript(options)}\n</script>`;
}
