/**
 * The portal's routes (spec §2), standalone under `/portal/…` or at `/` of a verified custom domain, where
 * the server names the portal in `<meta name="portal-id">`:
 *
 * | standalone                     | custom domain   |
 * | ------------------------------ | --------------- |
 * | /portal/login                  | –               |
 * | /portal/{portalId}/login       | /login          |
 * | /portal/auth?token=…           | /auth?token=…   |
 * | /portal/{portalId}             | /               | → dashboard
 * | /portal/{portalId}/{page}      | /{page}         |
 * | /portal/{portalId}/projects/{projectId} | /projects/{projectId} | → one project
 * | /portal/{portalId}/files/{fileId}       | /files/{fileId}       | → one file
 * | /portal/{portalId}/invoices/{invoiceId} | /invoices/{invoiceId} | → one invoice
 * | /portal/{portalId}/quotes/{quoteId}     | /quotes/{quoteId}     | → one quote (under Invoices)
 */
export const PORTAL_PAGES = [
  'dashboard',
  'projects',
  'files',
  'messages',
  'invoices',
  'bookings',
  'profile',
  'payment-success',
] as const;
export type PortalPage = (typeof PORTAL_PAGES)[number];

/** Where the app runs: standalone on the platform, or on one portal's own domain. */
export type PortalMode = { kind: 'standalone' } | { kind: 'domain'; portalId: string };

export type PortalRoute =
  | { name: 'login'; portalId: string | null }
  | { name: 'auth'; token: string | null; portalId: string | null }
  | { name: 'entry'; portalId: string }
  /**
   * `projectId`: one project's page (`projects/{projectId}`); `fileId`: one file's (`files/{fileId}`);
   * `invoiceId`: one invoice's (`invoices/{invoiceId}`).
   */
  | {
      name: 'page';
      portalId: string;
      page: PortalPage;
      projectId?: string;
      fileId?: string;
      invoiceId?: string;
      /** One quote's page (`quotes/{quoteId}`, issue 28), shown under Invoices. */
      quoteId?: string;
    }
  | { name: 'notFound'; portalId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the mode from the page: the custom-domain server puts the portal id in a meta tag. */
export function readMode(doc: Document = document): PortalMode {
  const id = doc.querySelector('meta[name="portal-id"]')?.getAttribute('content') ?? '';
  return UUID.test(id) ? { kind: 'domain', portalId: id.toLowerCase() } : { kind: 'standalone' };
}

function isPage(segment: string | undefined): segment is PortalPage {
  return (PORTAL_PAGES as readonly string[]).includes(segment ?? '');
}

/**
 * The route for a location.
 * @example parseRoute('/portal/6f1c…/invoices', '', { kind: 'standalone' }) // { name: 'page', page: 'invoices', … }
 */
export function parseRoute(pathname: string, search: string, mode: PortalMode): PortalRoute {
  const segments = pathname.split('/').filter(Boolean);
  const token = new URLSearchParams(search).get('token');
  if (mode.kind === 'domain') {
    const portalId = mode.portalId;
    const [first, second, ...rest] = segments;
    if (isItemPage(first) && second !== undefined && rest.length === 0)
      return itemRoute(portalId, first, second);
    if (second !== undefined) return { name: 'notFound', portalId };
    if (first === undefined) return { name: 'entry', portalId };
    if (first === 'login') return { name: 'login', portalId };
    if (first === 'auth') return { name: 'auth', token, portalId };
    if (isPage(first)) return { name: 'page', portalId, page: first };
    return { name: 'notFound', portalId };
  }
  const [root, second, third, fourth, ...rest] = segments;
  if (root !== 'portal' || rest.length > 0) return { name: 'notFound', portalId: null };
  if (second === undefined || (second === 'login' && third === undefined)) {
    return { name: 'login', portalId: null };
  }
  if (second === 'auth' && third === undefined) return { name: 'auth', token, portalId: null };
  if (!UUID.test(second)) return { name: 'notFound', portalId: null };
  const portalId = second.toLowerCase();
  if (fourth !== undefined) {
    return isItemPage(third) ? itemRoute(portalId, third, fourth) : { name: 'notFound', portalId };
  }
  if (third === undefined) return { name: 'entry', portalId };
  if (third === 'login') return { name: 'login', portalId };
  if (isPage(third)) return { name: 'page', portalId, page: third };
  return { name: 'notFound', portalId };
}

/** The pages whose items have pages of their own (`{page}/{id}`). */
type ItemPage = 'projects' | 'files' | 'invoices' | 'quotes';
const isItemPage = (segment: string | undefined): segment is ItemPage =>
  segment === 'projects' || segment === 'files' || segment === 'invoices' || segment === 'quotes';

/** One project's, file's or invoice's page, when `segment` is an id. */
function itemRoute(portalId: string, page: ItemPage, segment: string): PortalRoute {
  if (!UUID.test(segment)) return { name: 'notFound', portalId };
  const id = segment.toLowerCase();
  if (page === 'projects') return { name: 'page', portalId, page, projectId: id };
  if (page === 'files') return { name: 'page', portalId, page, fileId: id };
  if (page === 'quotes') return { name: 'page', portalId, page: 'invoices', quoteId: id };
  return { name: 'page', portalId, page, invoiceId: id };
}

/** The path of a signed-in page of a portal. */
export function pagePath(mode: PortalMode, portalId: string, page: PortalPage): string {
  return mode.kind === 'domain' ? `/${page}` : `/portal/${portalId}/${page}`;
}

/** The login page of a portal, or the generic one without a portal. */
export function loginPath(mode: PortalMode, portalId: string | null): string {
  if (mode.kind === 'domain') return '/login';
  return portalId ? `/portal/${portalId}/login` : '/portal/login';
}

/** The path of one project's page. */
export function projectPath(mode: PortalMode, portalId: string, projectId: string): string {
  return `${pagePath(mode, portalId, 'projects')}/${projectId}`;
}

/** The path of one file's page. */
export function filePath(mode: PortalMode, portalId: string, fileId: string): string {
  return `${pagePath(mode, portalId, 'files')}/${fileId}`;
}

/** The path of one invoice's page. */
export function invoicePath(mode: PortalMode, portalId: string, invoiceId: string): string {
  return `${pagePath(mode, portalId, 'invoices')}/${invoiceId}`;
}

/** The path of one quote's page (issue 28; the e-mail of a sent quote links to it). */
export function quotePath(mode: PortalMode, portalId: string, quoteId: string): string {
  return `${mode.kind === 'domain' ? '' : `/portal/${portalId}`}/quotes/${quoteId}`;
}

/** The payment-success page of an invoice (where a card payment returns; the API names it too). */
export function paymentSuccessPath(mode: PortalMode, portalId: string, invoiceId: string): string {
  return `${pagePath(mode, portalId, 'payment-success')}?invoice=${encodeURIComponent(invoiceId)}`;
}
