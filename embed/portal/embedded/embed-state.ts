import { useEffect, useSyncExternalStore } from 'react';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import type { WidgetMode } from '../../../shared/widget/protocol';
import type { PortalPage } from '../navigation/paths';

/**
 * The portal inside the widget's iframe (embedded mode), as the app's components see it. `frame.ts` (its
 * own chunk, loaded only for `?embed=…`) sets it up and fills in the hooks; in the standalone portal the
 * state stays null and every hook here does nothing, so the first chunk carries only these few lines.
 */
export interface EmbedState {
  portalId: string;
  /** How the widget shows the frame: inline (sized to the content) or in its dialog. */
  mode: WidgetMode;
  /** The embedding page (where a sign-in link requested here returns), once the widget said so. */
  pageUrl: string | null;
  /** A handoff token or a returning magic link is being settled: show neither sign-in nor old pages. */
  signingIn: boolean;
}

let state: EmbedState | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const embedState = (): EmbedState | null => state;

/** Sets (or updates) the embedded state; called by `frame.ts` only. */
export function setEmbedState(next: EmbedState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The embedded state, re-rendering when it changes; null in the standalone portal. */
export function useEmbed(): EmbedState | null {
  return useSyncExternalStore(subscribe, embedState, () => null);
}

/** What the app tells the widget's runtime through `frame.ts` (no-ops when not embedded). */
export const frameHooks: {
  /** A sign-in in the frame's own forms succeeded. */
  signedIn?: (session: PortalSession, method: 'password' | 'magic_link') => void;
  /** The first content is on screen. */
  contentShown?: () => void;
  /** A message from the provider arrived (the widget's `message.received` event). */
  messageReceived?: (projectId: string, messageId: string) => void;
  /** A file's status changed (the widget's `file.status_changed` event). */
  fileStatusChanged?: (fileId: string, status: string) => void;
  /** An invoice was paid while the client is here (the widget's `invoice.paid` event). */
  invoicePaid?: (invoiceId: string) => void;
  /** The client accepted a quote here (the widget's `quote.accepted` event, issue 28). */
  quoteAccepted?: (quoteId: string) => void;
  /** The client booked a meeting here (the widget's `booking.created` event, issue 30). */
  bookingCreated?: (bookingId: string, startsAt: string) => void;
  /** The client cancelled a booking here (the widget's `booking.cancelled` event, issue 30). */
  bookingCancelled?: (bookingId: string) => void;
} = {};

/** Marks a screen as the frame's first content (`ready`); call it in each page-level screen. */
export function useFrameContent(): void {
  useEffect(() => frameHooks.contentShown?.(), []);
}

/**
 * The page a client asked for before signing in (the widget's `page` or `navigate`): the frame opens it
 * after sign-in instead of the dashboard. Kept for embedded mode only; the standalone portal always
 * starts at the dashboard.
 */
let returnPage: PortalPage | null = null;
export function rememberReturnPage(page: PortalPage): void {
  if (state) returnPage = page;
}
export function forgetReturnPage(): void {
  returnPage = null;
}
export const pageAfterSignIn = (): PortalPage => returnPage ?? 'dashboard';
