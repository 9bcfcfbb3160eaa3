import { preloadPortalApi } from '../api/portal-api';
import { brandingNow } from '../branding/branding';
import { currentLocation, subscribeLocation } from '../navigation/history';
import { lastSessionEnd, subscribeSession } from '../session/session-store';
import { embedState, frameHooks } from './embed-state';
import { announce, type FrameLink, type PageSignIn } from './frame-sign-in';

/**
 * What the portal inside the widget tells the embedding page as it happens: `login` (the app's own
 * sign-ins), `message.received`, `file.status_changed`, `invoice.paid`, `logout` (and, with single sign-on, `request-token`), `ready` and
 * `resize` from the first content on, `route` on every move, `request-close` on Escape.
 */
export function reportToPage(link: FrameLink, signIn: PageSignIn): void {
  const { portalId, send, sessionHere } = link;
  frameHooks.signedIn = (session, method) => announce(link, session, method);
  // A message from the provider arrived while the client is here (`signed-in/notifications`).
  frameHooks.messageReceived = (projectId, messageId) =>
    send({ type: 'message.received', projectId, messageId });
  // A file's status changed: a live upload or decision, or the client's own decision (`signed-in/files`).
  frameHooks.fileStatusChanged = (fileId, status) => send({ type: 'file.status_changed', fileId, status });
  // An invoice turned paid while the client is here, once per invoice (`signed-in/invoices/invoice-events.ts`).
  frameHooks.invoicePaid = (invoiceId) => send({ type: 'invoice.paid', invoiceId });
  // The client accepted a quote in the frame (`signed-in/pages/quote-page.tsx`).
  frameHooks.quoteAccepted = (quoteId) => send({ type: 'quote.accepted', quoteId });
  // The client booked or cancelled a meeting in the frame (`signed-in/bookings`).
  frameHooks.bookingCreated = (bookingId, startsAt) => send({ type: 'booking.created', bookingId, startsAt });
  frameHooks.bookingCancelled = (bookingId) => send({ type: 'booking.cancelled', bookingId });
  reportLogout(link, signIn);
  frameHooks.contentShown = contentShown(portalId, send, sessionHere);
  reportRoutes(portalId, send);
  // Key presses do not cross the frame boundary: Escape inside the frame asks the widget to close.
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || embedState()?.mode === 'inline') return;
    // An open dialog of the portal's own (the notification sheet, a confirmation) takes its Escape.
    const own = 'dialog[open],[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]';
    if (document.querySelector(own)) return;
    send({ type: 'request-close' });
  });
}

/** `logout` when this portal's client is signed out here; a session the server ended asks for a new token. */
function reportLogout({ send, sessionHere }: FrameLink, signIn: PageSignIn) {
  let signedInAs = sessionHere()?.client.id ?? null;
  subscribeSession(() => {
    const now = sessionHere()?.client.id ?? null;
    if (now === signedInAs) return;
    const was = signedInAs;
    signedInAs = now;
    if (was === null || now !== null) return;
    send({ type: 'logout' });
    // The server or the clock ended the session: with single sign-on, the page signs the client in again.
    if (lastSessionEnd() === 'ended') signIn.renew();
  });
}

/** The first content on screen: `ready` (with the portal's name), then `resize` whenever `#root` changes height. */
function contentShown(
  portalId: string,
  send: FrameLink['send'],
  sessionHere: FrameLink['sessionHere'],
): () => void {
  let ready = false;
  return () => {
    if (ready) return;
    ready = true;
    const title = brandingNow(portalId)?.name;
    send({ type: 'ready', signedIn: sessionHere() !== null, ...(title ? { title } : {}) });
    // The API client for what the visitor does next: after the first content, never competing with it
    // (a handoff the start-up script did not exchange, or a returning magic link, loads it on demand).
    preloadPortalApi();
    const root = document.getElementById('root');
    if (!root) return;
    let last = -1;
    const measure = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      send({ type: 'resize', height });
    };
    new ResizeObserver(measure).observe(root);
    measure();
  };
}

/** `route` with the path under `/portal/{portalId}` on every move of the in-memory location. */
function reportRoutes(portalId: string, send: FrameLink['send']) {
  const relative = (location: string) =>
    (location.split('?')[0] ?? '').replace(`/portal/${portalId}`, '').replace(/\/$/, '') || '/';
  let lastPath = relative(currentLocation());
  subscribeLocation(() => {
    const path = relative(currentLocation());
    if (path === lastPath) return;
    lastPath = path;
    send({ type: 'route', path });
  });
}
