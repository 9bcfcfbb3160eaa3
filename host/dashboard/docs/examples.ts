import { DEFAULT_NAMESPACE, OPEN_ATTRIBUTE, widgetSnippet } from '../../../shared/widget/snippet';

/**
 * The code the documentation shows, made from the widget's own modules (`shared/widget/snippet.ts` for the
 * snippet, its constants for names and attributes) so the page cannot drift from the runtime. Code, not
 * prose: not translated (the page's texts around it are).
 */

/** Stands in for a portal ID in the examples while the provider has no portal yet. */
export const PORTAL_ID_PLACEHOLDER = 'YOUR_PORTAL_ID';
/** Any valid portal ID: `widgetSnippet` validates its input, the placeholder then replaces it. */
const NIL_PORTAL_ID = '00000000-0000-0000-0000-000000000000';

const NS = DEFAULT_NAMESPACE;

export type ExampleContext = {
  /** The platform's origin (serves /widget/embed.js and the portal frame). */
  origin: string;
  /** The portal the examples are for, or null for the placeholder. */
  portalId: string | null;
};

/** The paste-in snippet (`widgetSnippet`), with the placeholder instead of an ID when there is no portal. */
export function snippetExample(
  { origin, portalId }: ExampleContext,
  options: { mode?: 'inline' | 'popup' | 'floating'; namespace?: string } = {},
): string {
  const code = widgetSnippet({ origin, portalId: portalId ?? NIL_PORTAL_ID, ...options });
  return portalId ? code : code.replace(NIL_PORTAL_ID, PORTAL_ID_PLACEHOLDER);
}

/** A second widget on the same page under its own namespace, opened by its own button. */
export function severalWidgetsExample(context: ExampleContext): string {
  return `${snippetExample(context, { mode: 'popup', namespace: 'BillingPortal' })}

<button type="button" ${OPEN_ATTRIBUTE}="BillingPortal" data-client-portal-page="invoices">
  Pay an invoice
</button>`;
}

export function initExample({ portalId }: ExampleContext): string {
  return `${NS}('init', {
  portalId: '${portalId ?? PORTAL_ID_PLACEHOLDER}',
  language: 'en',
  color: '#0f766e',
  zIndex: 1000,
  preload: 'idle',
  title: 'Client portal',
});`;
}

export const FLOATING_EXAMPLE = `${NS}('floating', {
  position: 'bottom-left',
  label: 'Client portal',
  page: 'dashboard',
});`;

export const POPUP_EXAMPLE = `<!-- Any element with the attribute opens the dialog -->
<button type="button" ${OPEN_ATTRIBUTE}>Client portal</button>
<a href="/invoices" ${OPEN_ATTRIBUTE} data-client-portal-page="invoices">Your invoices</a>

<script>
  ${NS}('popup');
  // …or open it from your own code:
  document.querySelector('#support').addEventListener('click', () => {
    ${NS}('open', { page: 'messages' });
  });
</script>`;

export const INLINE_EXAMPLE = `<div id="client-portal"></div>

<script>
  ${NS}('inline', { element: '#client-portal', page: 'projects' });
</script>`;

export const COMMANDS_EXAMPLE = `${NS}('open', { page: 'invoices' });
${NS}('navigate', 'files');
${NS}('close');
${NS}('destroy');`;

export const EVENTS_EXAMPLE = `// As callbacks
function onPaid(event) {
  console.log('Invoice paid:', event.invoiceId, 'in portal', event.portalId);
}
${NS}('on', 'invoice.paid', onPaid);
${NS}('off', 'invoice.paid', onPaid);

${NS}('on', 'error', (event) => console.warn('Client portal:', event.code, event.message));

// As DOM events (they bubble to the document)
document.addEventListener('clientportal:login', (event) => {
  const { client, method } = event.detail;
  console.log(client.email, 'signed in by', method);
});`;

/**
 * The Content-Security-Policy sources a provider's site must allow for the platform at `origin`: the
 * runtime's script, the portal's frame, and the runtime's question whether the site may show the portal
 * (`GET /api/widget/{portalId}/embedding`).
 */
export function cspExample(origin: string): string {
  return `script-src ${origin};
frame-src ${origin};
connect-src ${origin};`;
}

export const ENDPOINTS = [
  { method: 'GET', path: '/api/portals/{portalId}/widget-secret', key: 'secretStatus' },
  { method: 'POST', path: '/api/portals/{portalId}/widget-secret', key: 'secretRotate' },
  { method: 'DELETE', path: '/api/portals/{portalId}/widget-secret', key: 'secretDelete' },
  { method: 'POST', path: '/api/widget/handoff', key: 'handoff' },
] as const;
