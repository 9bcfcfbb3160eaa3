import type { WidgetMode } from '../../shared/widget/protocol';
import { createHost, el, ICON_CLOSE, ICON_PORTAL, paint } from './chrome';
import type { Labels } from './labels';

/** The inline frame's own styles (`all:initial`: nothing of the page's CSS applies to it). */
const INLINE_FRAME_STYLE = 'all:initial;display:block;width:100%;height:0;visibility:hidden';

/** What the view asks of its widget. */
export interface ViewHooks {
  /** The frame shown now, if any (the dialog's focus trap moves into it). */
  frame(): HTMLIFrameElement | null;
  /** The launcher was clicked. */
  open(): void;
  /** The visitor closed the dialog (close button, Escape, backdrop, the browser's close watcher). */
  close(): void;
  /** The launcher was hovered or focused: the visitor is about to open it. */
  warm(): void;
}

export interface LauncherOptions {
  position: 'left' | 'right';
  /** Visible text beside the icon (else the button is an icon with an aria-label). */
  label: string;
}

/**
 * How one widget is shown on the provider's page, apart from what it says to its frame: the host element
 * and its shadow root, the inline box (as tall as the frame's content), or the launcher and the modal
 * dialog (focus trap, focus return, the page's scroll lock). The chrome's DOM and styles are `chrome.ts`.
 */
export interface View {
  readonly host: HTMLElement | null;
  /** The portal's name (the dialog's heading and the frame's accessible name). */
  readonly title: string;
  readonly isOpen: boolean;
  /** Inline: a host with the inline box (`adopted`: the snippet's host, which keeps its frame). */
  mountInline(mode: WidgetMode, color: string, adopted?: HTMLElement): HTMLElement;
  /** Popup (no launcher) or floating: a host at the end of the body; `wait` hides the launcher for now. */
  mountPopup(mode: WidgetMode, color: string, launcher: LauncherOptions | null, wait: boolean): void;
  /** The dialog, made on first need: where its frame goes (null when not shown as a popup). */
  ensureDialog(): HTMLElement | null;
  /** Styles a frame for how it is shown and names it. */
  dress(frame: HTMLIFrameElement): void;
  /** Shows the dialog; false when it was open already. */
  show(): boolean;
  /** Hides the dialog; false when it was not open. */
  hide(): boolean;
  /** Inline: sizes the frame to its content and shows it (first size known). */
  reveal(height: number): void;
  /** The notice that this page may not show the portal (with the standalone portal's link). */
  refuse(link: string): void;
  setTitle(title: string): void;
  paint(color: string): void;
  /** Shows the launcher (the portal's colour is known, or will not be). */
  unwait(): void;
  /** Removes everything from the page. */
  unmount(): void;
}

export function createView(labels: Labels, title: string, zIndex: number, hooks: ViewHooks): View {
  let host: HTMLElement | null = null;
  let root: ShadowRoot | null = null;
  let inlineBox: HTMLElement | null = null;
  let dialog: HTMLDialogElement | null = null;
  let launcher: HTMLButtonElement | null = null;
  let closeButton: HTMLButtonElement | null = null;
  let heading: HTMLElement | null = null;
  let body: HTMLElement | null = null;
  let isOpen = false;
  let returnFocus: HTMLElement | null = null;
  let savedOverflow = '';

  /** The modal dialog (its bar, its close button and the frame's place), made once per popup or floating widget. */
  function ensureDialog(): HTMLElement | null {
    // Only mountPopup sets the root (unmount clears it): no root, no dialog to make.
    if (dialog || !root) return body;
    heading = el('h2', { id: 'cp-title' }, [title]);
    const close = el('button', { type: 'button', class: 'close', 'aria-label': labels.close, autofocus: '' });
    close.innerHTML = ICON_CLOSE;
    closeButton = close;
    body = el('div', { class: 'body' });
    const trapStart = el('span', { class: 'trap', tabindex: '0' });
    const trapEnd = el('span', { class: 'trap', tabindex: '0' });
    const made = el(
      'dialog',
      { id: 'cp-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'cp-title' },
      [trapStart, el('div', { class: 'bar' }, [heading, close]), body, trapEnd],
    );
    dialog = made;
    // Focus trap: Tab past the frame lands on trapEnd → back to the close button; Shift+Tab before the close
    // button lands on trapStart → into the frame.
    trapStart.addEventListener('focus', () => (hooks.frame() ?? close).focus());
    trapEnd.addEventListener('focus', () => close.focus());
    close.addEventListener('click', hooks.close);
    made.addEventListener('cancel', (event) => {
      event.preventDefault();
      hooks.close();
    });
    // Closed another way (the browser's close watcher): keep the state in step.
    made.addEventListener('close', hooks.close);
    // A click on the backdrop targets the dialog itself (its content fills the box).
    made.addEventListener('click', (event) => {
      if (event.target === made) hooks.close();
    });
    root.append(made);
    launcher?.setAttribute('aria-controls', 'cp-dialog');
    return body;
  }

  function place() {
    return inlineBox ?? body;
  }

  return {
    get host() {
      return host;
    },
    get title() {
      return title;
    },
    get isOpen() {
      return isOpen;
    },
    mountInline(mode, color, adopted) {
      const made = createHost(mode, color, zIndex, adopted);
      const status = el('div', { class: 'status', role: 'status' }, [
        el('span', { class: 'spinner' }),
        labels.loading,
      ]);
      inlineBox = el('div', { class: 'inline', 'aria-busy': 'true' }, [status, el('slot', {})]);
      made.root.append(inlineBox);
      host = made.host;
      return host;
    },
    mountPopup(mode, color, options, wait) {
      const made = createHost(mode, color, zIndex);
      if (wait) made.host.setAttribute('data-wait', '');
      root = made.root;
      if (options) {
        const button = el('button', {
          type: 'button',
          class: `launcher ${options.position}`,
          'aria-haspopup': 'dialog',
          'aria-expanded': 'false',
          ...(options.label ? {} : { 'aria-label': labels.open }),
        });
        button.innerHTML = ICON_PORTAL;
        if (options.label) button.append(el('span', {}, [options.label]));
        button.addEventListener('click', hooks.open);
        // Warm the frame up when the visitor is about to open it.
        button.addEventListener('pointerenter', hooks.warm, { once: true });
        button.addEventListener('focus', hooks.warm, { once: true });
        root.append(button);
        launcher = button;
      }
      document.body.append(made.host);
      host = made.host;
    },
    ensureDialog,
    dress(frame) {
      frame.title = title;
      // Inline, the frame is in the page's DOM: every property of its own, hidden until its first size.
      if (inlineBox) frame.style.cssText = INLINE_FRAME_STYLE;
    },
    show() {
      if (isOpen || !dialog) return false;
      isOpen = true;
      returnFocus = deepActiveElement();
      if (!dialog.open) dialog.showModal();
      closeButton?.focus();
      savedOverflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      launcher?.setAttribute('aria-expanded', 'true');
      return true;
    },
    hide() {
      if (!isOpen) return false;
      isOpen = false;
      if (dialog?.open) dialog.close();
      document.documentElement.style.overflow = savedOverflow;
      launcher?.setAttribute('aria-expanded', 'false');
      const back = returnFocus;
      returnFocus = null;
      if (back?.isConnected) back.focus({ preventScroll: true });
      return true;
    },
    reveal(height) {
      const frame = hooks.frame();
      if (!inlineBox || !frame) return;
      frame.style.height = `${height}px`;
      if (!inlineBox.classList.contains('shown')) {
        frame.style.visibility = 'visible';
        inlineBox.classList.add('shown');
        inlineBox.removeAttribute('aria-busy');
      }
    },
    refuse(link) {
      const box = place();
      box?.removeAttribute('aria-busy');
      box?.replaceChildren(
        el('p', { class: 'status', role: 'status' }, [
          labels.refused,
          el('a', { href: link, target: '_blank', rel: 'noopener' }, [labels.newTab]),
        ]),
      );
    },
    setTitle(text) {
      title = text;
      if (heading) heading.textContent = text;
      hooks.frame()?.setAttribute('title', text);
    },
    paint(color) {
      if (host) paint(host, color);
    },
    unwait() {
      host?.removeAttribute('data-wait');
    },
    unmount() {
      host?.remove();
      host = inlineBox = dialog = launcher = closeButton = heading = body = null;
      root = null;
    },
  };
}

/** The focused element, looking into open shadow roots (our launcher lives in one). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}
