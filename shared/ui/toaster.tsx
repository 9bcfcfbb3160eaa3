import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useMediaQuery } from './use-media-query';

/**
 * Toasts without sonner in the first load: `toast` is a small facade that loads sonner (its own chunk) on the
 * first toast, and `<Toaster />` renders nothing until then. Toasts raised before sonner or its outlet is
 * there are not lost: the facade queues calls until the chunk arrives, and sonner replays toasts created
 * before its outlet subscribes. Import `toast` from here, never from 'sonner' (this module is the shared
 * UI-kit singleton, so host and remotes raise toasts into the same outlet).
 */
type Sonner = typeof import('sonner');
/** A toast's options (sonner's: description, duration, id, …). */
export type ToastOptions = Parameters<Sonner['toast']>[1];
type Kind = 'message' | 'success' | 'error' | 'warning' | 'info';

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  void loadSonner().then(
    ({ toast: real }) => (kind === 'message' ? real(message, options) : real[kind](message, options)),
    (error: unknown) => console.error('Could not show a notification', message, error),
  );
}

/**
 * Takes a toast (by its `id`) or every toast off the screen. Without sonner loaded no toast was ever
 * shown, so nothing loads for it; otherwise it runs after any toast raised before it.
 */
function dismiss(id?: string | number): void {
  if (!requested) return;
  void loadSonner().then(
    ({ toast: real }) => real.dismiss(id),
    () => {},
  );
}

/** Raises a toast (sonner's API, loaded on first use). */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => show('message', message, options),
  {
    success: (message: string, options?: ToastOptions) => show('success', message, options),
    error: (message: string, options?: ToastOptions) => show('error', message, options),
    warning: (message: string, options?: ToastOptions) => show('warning', message, options),
    info: (message: string, options?: ToastOptions) => show('info', message, options),
    dismiss,
  },
);

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sonner's own phone breakpoint: below it toasts span the width. */
const PHONE = '(max-width: 600px)';

/** The app's toast outlet. Mount once per app; it loads sonner only once a toast is raised. */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  const phone = useMediaQuery(PHONE);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      {/*
       * At the bottom, centred: pages keep their actions at the top right (the header's buttons) and the
       * conversation's Send at the bottom right, where a toast stayed for seconds. On a phone a toast spans
       * the width, and at the bottom it would cover the composer and its Send for seconds: there it shows
       * at the top. `--toast-bottom` keeps bottom toasts above the portal's tab bar on tablets
       * (`embed/portal/styles.css`).
       */}
      <SonnerToaster
        position={phone ? 'top-center' : 'bottom-center'}
        offset={{ bottom: 'var(--toast-bottom, 1.5rem)' }}
        mobileOffset={{ bottom: 'var(--toast-bottom, 1rem)' }}
        richColors
        closeButton
        toastOptions={{ duration: 5000 }}
      />
    </Suspense>
  );
}
