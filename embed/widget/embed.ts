/**
 * Stage 2 of the embeddable widget, served as /widget/embed.js: plain TypeScript, no React, no Module
 * Federation (they could collide with the provider's own). The snippet (`snippet.ts`) defines each
 * namespace (e.g. `window.ClientPortal`) as a command queue and registers it in `window.ClientPortalWidget.n`;
 * this runtime adopts every namespace, replays its queue and answers later commands directly.
 *
 * Loading it twice is harmless (the second copy finds the global already claimed and only adopts new
 * namespaces); it does nothing without `window`/`document` (server-side rendering).
 */

import { readMagicFragment } from '../../shared/widget/magic-fragment';
import {
  DOM_EVENT_PREFIX,
  type FloatingOptions,
  type IdentifyOptions,
  type InitOptions,
  type InlineOptions,
  isOrigin,
  isPortalId,
  type OpenOptions,
  type PortalPage,
  WIDGET_EVENTS,
  type WidgetApi,
  type WidgetEventMap,
  type WidgetEventName,
} from '../../shared/widget/protocol';
import { DEFAULT_NAMESPACE, OPEN_ATTRIBUTE, WIDGET_SCRIPT_PATH } from '../../shared/widget/snippet';
import { discardPremade, Widget } from './widget';

export const RUNTIME_VERSION = 1;

/** The runtime's global, shared with the snippet: namespaces, a stashed magic fragment, loading flag. */
interface RuntimeGlobal {
  n: string[];
  m?: string;
  l?: number;
  v?: number;
}

declare global {
  interface Window {
    ClientPortalWidget?: RuntimeGlobal;
  }
}

type Listener = (detail: unknown) => void;

interface Namespace {
  name: string;
  origin: string;
  api: WidgetApi;
  widget: Widget | null;
  listeners: Map<WidgetEventName, Set<Listener>>;
}

function boot() {
  window.ClientPortalWidget ??= { n: [] };
  const global = window.ClientPortalWidget;
  if (global.v) return;
  global.v = RUNTIME_VERSION;
  global.l = 1;

  // The runtime's own origin: the default platform origin of a namespace without one.
  const script = document.currentScript;
  const ownOrigin =
    script instanceof HTMLScriptElement && script.src.endsWith(WIDGET_SCRIPT_PATH)
      ? new URL(script.src).origin
      : '';

  // A magic-link token coming back in the fragment: off the address bar at once, kept in memory.
  let magic = readMagicFragment(global.m ?? location.hash);
  delete global.m;
  if (readMagicFragment(location.hash)) {
    history.replaceState(history.state, '', location.pathname + location.search);
  }

  const namespaces = new Map<string, Namespace>();

  const warn = (ns: Namespace, text: string) => console.warn(`[${ns.name}] ${text}`);

  function emit(ns: Namespace, portalId: string) {
    return <K extends WidgetEventName>(name: K, data: WidgetEventMap[K], target?: Element | null) => {
      const detail = { ...data, namespace: ns.name, portalId };
      for (const listener of [...(ns.listeners.get(name) ?? [])]) {
        try {
          listener(detail);
        } catch (err) {
          // A provider's callback must not break the widget or the other callbacks.
          setTimeout(() => {
            throw err;
          });
        }
      }
      const node = target?.isConnected ? target : document;
      node.dispatchEvent(new CustomEvent(DOM_EVENT_PREFIX + name, { detail, bubbles: true, composed: true }));
    };
  }

  function fail(
    ns: Namespace,
    code: 'not_initialized' | 'invalid_options' | 'element_not_found',
    text: string,
  ) {
    warn(ns, text);
    emit(ns, ns.widget?.portalId ?? '')('error', { code, message: text }, null);
  }

  function claimMagic(widget: Widget) {
    if (magic && (magic.portalId === null || magic.portalId === widget.portalId)) {
      const { token } = magic;
      magic = null;
      widget.receiveMagicLink(token);
    }
  }

  function run(ns: Namespace, args: ArrayLike<unknown>) {
    const [command, a, b] = Array.from(args);
    const widget = ns.widget;
    if (command === 'on' || command === 'off') {
      if (!WIDGET_EVENTS.includes(a as WidgetEventName) || typeof b !== 'function') {
        return fail(ns, 'invalid_options', `${command}: expected an event name and a function`);
      }
      const set = ns.listeners.get(a as WidgetEventName) ?? new Set();
      ns.listeners.set(a as WidgetEventName, set);
      if (command === 'on') set.add(b as Listener);
      else set.delete(b as Listener);
      return;
    }
    if (command === 'init') {
      const options = a as InitOptions | undefined;
      const origin = options?.origin ?? ns.origin;
      if (!isPortalId(options?.portalId))
        return fail(ns, 'invalid_options', 'init: portalId is not a portal id');
      if (!isOrigin(origin)) return fail(ns, 'invalid_options', 'init: the platform origin is unknown');
      if (widget && widget.portalId === options.portalId) return;
      widget?.destroy();
      ns.widget = new Widget(origin, options, emit(ns, options.portalId), ns.name);
      return;
    }
    if (!widget) {
      if (command === 'inline') discardPremade(b); // the snippet's frame, of a widget that never was
      return fail(ns, 'not_initialized', `${String(command)}: call init first`);
    }
    switch (command) {
      case 'inline':
        // `b`: the frame the inline snippet made already (adopted when it is this widget's).
        if (!widget.inline(a as InlineOptions, b)) {
          return fail(ns, 'element_not_found', 'inline: the element was not found');
        }
        return claimMagic(widget);
      case 'popup':
      case 'floating':
        widget.popup(a as FloatingOptions | undefined, command === 'floating');
        return claimMagic(widget);
      case 'open':
        return widget.open((a as OpenOptions | undefined)?.page);
      case 'close':
        return widget.close();
      case 'navigate':
        return widget.navigate(a as PortalPage);
      case 'identify': {
        const fetchToken = (a as IdentifyOptions | undefined)?.fetchToken;
        if (typeof fetchToken !== 'function')
          return fail(ns, 'invalid_options', 'identify: fetchToken is not a function');
        return widget.identify(fetchToken);
      }
      case 'destroy':
        widget.destroy();
        ns.widget = null;
        ns.listeners.clear();
        return;
      default:
        warn(ns, `unknown command ${String(command)}`);
    }
  }

  /** Takes over a namespace the snippet defined: replays its queue, then runs commands directly. */
  function adopt(name: unknown) {
    if (typeof name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(name) || namespaces.has(name)) return;
    const stub = (window as unknown as Record<string, WidgetApi | undefined>)[name];
    const origin = typeof stub?.o === 'string' && isOrigin(stub.o) ? stub.o : ownOrigin;
    const ns: Namespace = {
      name,
      origin,
      api: function () {
        // biome-ignore lint/complexity/noArguments: not rest parameters, which the targeted Safari versions get compiled into a loop
        return run(ns, arguments);
      } as WidgetApi,
      widget: null,
      listeners: new Map(),
    };
    ns.api.o = origin;
    namespaces.set(name, ns);
    (window as unknown as Record<string, WidgetApi>)[name] = ns.api;
    for (const args of stub?.q ?? []) run(ns, args);
  }

  /** Namespaces registered before the runtime ran, then any registered later (another snippet). */
  function start() {
    const pending = global.n;
    global.n = [];
    global.n.push = function () {
      // biome-ignore lint/complexity/noArguments: not rest parameters, which the targeted Safari versions get compiled into a loop
      for (const name of arguments) adopt(name);
      return 0;
    };
    for (const name of pending) adopt(name);
    // Without a snippet (a bare script tag), the default namespace still works once someone defines it.
    if (!namespaces.size) adopt(DEFAULT_NAMESPACE);
  }
  // Commands need the document's elements (inline targets, <body>): an early async load waits for them.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();

  // Any element with data-client-portal-open opens a popup or floating widget (value: its namespace).
  document.addEventListener('click', (event) => {
    const trigger = event
      .composedPath()
      .find((node): node is Element => node instanceof Element && node.hasAttribute(OPEN_ATTRIBUTE));
    if (!trigger) return;
    const wanted = trigger.getAttribute(OPEN_ATTRIBUTE);
    const ns = wanted
      ? namespaces.get(wanted)
      : [...namespaces.values()].find((n) => n.widget?.mode === 'popup' || n.widget?.mode === 'floating');
    if (!ns?.widget) return;
    event.preventDefault();
    const page = trigger.getAttribute('data-client-portal-page');
    ns.widget.open((page ?? undefined) as PortalPage | undefined);
  });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') boot();
