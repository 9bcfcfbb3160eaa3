import type { Victim } from './world';
import { fileUploadForm, logoForm } from './world';

/**
 * How the isolation suite calls each operation of the route table. Every operation needs an entry: the
 * suite fails on one it does not know, so a new route is covered the day it is added.
 *
 * - `public`: no caller identity (sign-in steps, public branding, health); the reason says why.
 * - `object`: names one of the victim's objects (path ids, or an id in the body), so every other tenant
 *   must get 404, never 403 and never the object.
 * - `own`: acts on the caller's own data (their collections, profile, account), so another tenant gets
 *   an answer about THEIR data, which must not mention anything of the victim's.
 * The audience (provider session or portal client session) comes from the operation's `security`.
 */
export interface CallSpec {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: () => Promise<FormData>;
}

export type Fixture =
  | { public: string; params?: Record<string, string> }
  | { object: (v: Victim) => CallSpec }
  | { own: (v: Victim) => CallSpec };

const portal = (v: Victim) => ({ params: { portalId: v.portalId } });
const project = (v: Victim) => ({ params: { projectId: v.projectId } });
const portalProject = (v: Victim) => ({ params: { portalId: v.portalId, projectId: v.projectId } });
const message = () => ({ clientMessageId: '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10', body: 'Planted message' });
const client = (v: Victim) => ({ params: { clientId: v.client.clientId } });
const own = (spec: CallSpec = {}): Fixture => ({ own: () => spec });
const ownPortal: Fixture = { own: portal };

export const FIXTURES: Record<string, Fixture> = {
  'GET /api/health': { public: 'liveness for load balancers; no tenant data' },
  'GET /api/health/ready': { public: 'readiness for load balancers; no tenant data' },
  'GET /api/config': { public: 'the frontends’ runtime configuration; no tenant data' },

  'POST /api/auth/sign-up': { public: 'creates a new account from the credentials in the body' },
  'POST /api/auth/verify-email': { public: 'the credential is the mailed token in the body' },
  'POST /api/auth/verify-email/status': { public: 'reads the mailed token in the body; acts on nothing' },
  'POST /api/auth/forgot-password': { public: 'mails a reset link to the address in the body only' },
  'POST /api/auth/reset-password': { public: 'the credential is the mailed reset token in the body' },
  'POST /api/auth/resend-verification': { public: 'mails a link to the address in the body only' },
  'POST /api/auth/sign-in': { public: 'the credential is the password in the body' },
  'POST /api/auth/sign-out': { public: 'ends the session of the cookie it is sent with, nothing else' },
  'GET /api/auth/session': own(),
  'POST /api/auth/refresh': own(),

  'POST /api/waitlist': { public: 'the public waitlist form' },

  'GET /api/overview': own(),
  // Analytics (issue 29): the caller's own figures; another tenant's must not mention the victim's.
  'GET /api/analytics/money': own({ query: { from: '2000-01-01', to: '2004-12-30', currency: 'EUR' } }),
  'GET /api/analytics/work': own({ query: { from: '2000-01-01', to: '2004-12-30', currency: 'EUR' } }),
  'GET /api/analytics/clients': own({ query: { from: '2000-01-01', to: '2004-12-30', currency: 'EUR' } }),
  'GET /api/profile': own(),
  'PATCH /api/profile': own({ body: { fullName: 'Attacker renamed' } }),

  'POST /api/account/password': own({
    body: { currentPassword: 'not the password', newPassword: 'another long password' },
  }),
  'GET /api/account/sessions': own(),
  'DELETE /api/account/sessions/{id}': { object: (v) => ({ params: { id: v.sessionId } }) },
  'POST /api/account/sessions/sign-out-everywhere': own(),
  'DELETE /api/account': own({ body: { password: 'not the password' } }),
  // The caller's own data only: another provider's export must not mention anything of the victim's.
  'GET /api/account/export': own(),

  // API keys (issue 27): account-level, the session only.
  'GET /api/api-keys': own(),
  'POST /api/api-keys': own({ body: { name: 'Attacker key', scopes: ['clients:read'] } }),
  'DELETE /api/api-keys/{keyId}': { object: (v) => ({ params: { keyId: v.keys.fullId } }) },

  'GET /api/portals': own(),
  'POST /api/portals': own({ body: { portalName: 'Attacker portal' } }),
  'GET /api/portals/{portalId}': { object: portal },
  'PATCH /api/portals/{portalId}': { object: (v) => ({ ...portal(v), body: { portalName: 'Taken over' } }) },
  'DELETE /api/portals/{portalId}': { object: portal },
  'PUT /api/portals/{portalId}/logo': { object: (v) => ({ ...portal(v), multipart: logoForm }) },
  'GET /api/portals/{portalId}/logo': { public: 'the logo the portal’s public sign-in page shows' },
  'DELETE /api/portals/{portalId}/logo': { object: portal },
  'PUT /api/portals/{portalId}/domain': {
    object: (v) => ({ ...portal(v), body: { domain: 'taken-over.example.net' } }),
  },
  'DELETE /api/portals/{portalId}/domain': { object: portal },
  'POST /api/portals/{portalId}/domain/verify': { object: portal },
  'GET /api/domains/check': { public: 'the TLS proxy’s question whether a host is a verified portal domain' },

  'GET /api/clients': { own: (v) => ({ query: { search: v.client.email } }) },
  'POST /api/clients': {
    object: (v) => ({ body: { name: 'Planted', email: 'planted@example.com', portalId: v.portalId } }),
  },
  'GET /api/clients/{clientId}': { object: client },
  'PATCH /api/clients/{clientId}': {
    object: (v) => ({ ...client(v), body: { email: 'hijack@example.com' } }),
  },
  'DELETE /api/clients/{clientId}': { object: client },
  'POST /api/clients/{clientId}/invite': { object: client },
  'POST /api/clients/{clientId}/password': {
    object: (v) => ({ ...client(v), body: { password: 'attacker chosen password' } }),
  },

  'GET /api/projects': { own: () => ({ query: { search: 'Victim' } }) },
  'POST /api/projects': { object: (v) => ({ body: { name: 'Planted', clientId: v.client.clientId } }) },
  'GET /api/projects/{projectId}': { object: project },
  'PATCH /api/projects/{projectId}': { object: (v) => ({ ...project(v), body: { status: 'cancelled' } }) },
  'DELETE /api/projects/{projectId}': { object: project },
  'GET /api/projects/{projectId}/activity': { object: project },
  'GET /api/conversations': own(),
  'GET /api/projects/{projectId}/messages': { object: project },
  'POST /api/projects/{projectId}/messages': { object: (v) => ({ ...project(v), body: message() }) },
  'POST /api/projects/{projectId}/messages/read': {
    object: (v) => ({ ...project(v), body: { upToSeq: 1e9 } }),
  },
  'GET /api/notifications': own(),
  'GET /api/notifications/unread-count': own(),
  'POST /api/notifications/read': { own: (v) => ({ body: { projectIds: [v.projectId] } }) },

  'GET /api/portals/{portalId}/widget-secret': { object: portal },
  'POST /api/portals/{portalId}/widget-secret': { object: portal },
  'DELETE /api/portals/{portalId}/widget-secret': { object: portal },
  'POST /api/widget/handoff': { public: 'the credential is the signed handoff token in the body' },
  'GET /api/widget/{portalId}/embedding': {
    public: 'whether a website may embed the portal (its allowed origins are public in frame-ancestors)',
  },

  'GET /api/portal/{portalId}/branding': { public: 'what the portal’s sign-in page shows before sign-in' },
  'GET /api/portal/{portalId}/icon': { public: 'the portal’s tab icon' },
  'POST /api/portal/magic-link': { public: 'mails a sign-in link to the address in the body only' },
  'POST /api/portal/magic-link/consume': { public: 'the credential is the mailed token in the body' },
  'POST /api/portal/password-status': { public: 'spec §7 client_has_password, before sign-in' },
  'POST /api/portal/sign-in': { public: 'the credential is the password in the body' },
  'GET /api/portal/{portalId}/session': ownPortal,
  'POST /api/portal/{portalId}/sign-out': ownPortal,
  'POST /api/portal/{portalId}/sign-out-everywhere': ownPortal,
  'PATCH /api/portal/{portalId}/profile': { own: (v) => ({ ...portal(v), body: { name: 'Renamed' } }) },
  'POST /api/portal/{portalId}/password': {
    own: (v) => ({ ...portal(v), body: { currentPassword: 'wrong', newPassword: 'another long password' } }),
  },
  'GET /api/portal/{portalId}/dashboard': ownPortal,
  'GET /api/portal/{portalId}/projects': ownPortal,
  'GET /api/portal/{portalId}/invoices': ownPortal,
  'GET /api/portal/{portalId}/projects/{projectId}': { object: portalProject },
  'GET /api/portal/{portalId}/projects/{projectId}/activity': { object: portalProject },
  'GET /api/portal/{portalId}/projects/{projectId}/messages': { object: portalProject },
  'POST /api/portal/{portalId}/projects/{projectId}/messages': {
    object: (v) => ({ ...portalProject(v), body: message() }),
  },
  'POST /api/portal/{portalId}/projects/{projectId}/messages/read': {
    object: (v) => ({ ...portalProject(v), body: { upToSeq: 1e9 } }),
  },
  'GET /api/portal/{portalId}/conversations': ownPortal,
  'GET /api/portal/{portalId}/notifications': ownPortal,
  'GET /api/portal/{portalId}/notifications/unread-count': ownPortal,
  'POST /api/portal/{portalId}/notifications/read': {
    own: (v) => ({ ...portal(v), body: { projectIds: [v.projectId] } }),
  },
};

// Files: a version's previews and the PDFs made from it (issue 20: thumbnail, page, download with
// feedback, approval record), for both audiences, on the victim's PDF file.
const previewVersion = (v: Victim) => ({
  params: { fileId: v.previewFile.fileId, versionId: v.previewFile.versionId, page: '1' },
});
const portalPreviewVersion = (v: Victim) => ({
  params: { portalId: v.portalId, ...previewVersion(v).params },
});
Object.assign(FIXTURES, {
  'GET /api/files/{fileId}/versions/{versionId}/thumbnail': { object: previewVersion },
  'GET /api/files/{fileId}/versions/{versionId}/pages/{page}': { object: previewVersion },
  'GET /api/files/{fileId}/versions/{versionId}/annotated': { object: previewVersion },
  'GET /api/files/{fileId}/versions/{versionId}/approval-record': { object: previewVersion },
  'GET /api/portal/{portalId}/files/{fileId}/versions/{versionId}/thumbnail': {
    object: portalPreviewVersion,
  },
  'GET /api/portal/{portalId}/files/{fileId}/versions/{versionId}/pages/{page}': {
    object: portalPreviewVersion,
  },
  'GET /api/portal/{portalId}/files/{fileId}/versions/{versionId}/annotated': {
    object: portalPreviewVersion,
  },
  'GET /api/portal/{portalId}/files/{fileId}/versions/{versionId}/approval-record': {
    object: portalPreviewVersion,
  },
} satisfies Record<string, Fixture>);
// ── Files (issue 20): the files API core. Other file routes (previews, annotated copies, approval
// records) add their own block below this one. ─────────────────────────────────────────────────────
const file = (v: Victim) => ({ params: { fileId: v.fileId } });
const portalFile = (v: Victim) => ({ params: { portalId: v.portalId, fileId: v.fileId } });
const fileVersion = (v: Victim) => ({ params: { fileId: v.fileId, versionId: v.versionId } });
const portalFileVersion = (v: Victim) => ({
  params: { portalId: v.portalId, fileId: v.fileId, versionId: v.versionId },
});
const pin = (v: Victim) => ({ versionId: v.versionId, page: 1, x: 0.5, y: 0.5, body: 'Planted pin' });
Object.assign(FIXTURES, {
  'GET /api/files': { own: (v) => ({ query: { projectId: v.projectId } }) },
  'POST /api/projects/{projectId}/files': { object: (v) => ({ ...project(v), multipart: fileUploadForm }) },
  'GET /api/files/{fileId}': { object: file },
  'PATCH /api/files/{fileId}': { object: (v) => ({ ...file(v), body: { name: 'Taken over.png' } }) },
  'DELETE /api/files/{fileId}': { object: file },
  'POST /api/files/{fileId}/versions': { object: (v) => ({ ...file(v), multipart: fileUploadForm }) },
  'POST /api/files/{fileId}/decisions': {
    object: (v) => ({ ...file(v), body: { versionId: v.versionId, decision: 'approved' } }),
  },
  'POST /api/files/{fileId}/pins': { object: (v) => ({ ...file(v), body: pin(v) }) },
  'GET /api/files/{fileId}/versions/{versionId}/download': { object: fileVersion },
  'GET /api/portal/{portalId}/files': { own: (v) => ({ ...portal(v), query: { projectId: v.projectId } }) },
  'POST /api/portal/{portalId}/projects/{projectId}/files': {
    object: (v) => ({ ...portalProject(v), multipart: fileUploadForm }),
  },
  'GET /api/portal/{portalId}/files/{fileId}': { object: portalFile },
  'POST /api/portal/{portalId}/files/{fileId}/versions': {
    object: (v) => ({ ...portalFile(v), multipart: fileUploadForm }),
  },
  'POST /api/portal/{portalId}/files/{fileId}/decisions': {
    object: (v) => ({ ...portalFile(v), body: { versionId: v.versionId, decision: 'client_approved' } }),
  },
  'POST /api/portal/{portalId}/files/{fileId}/pins': { object: (v) => ({ ...portalFile(v), body: pin(v) }) },
  'GET /api/portal/{portalId}/files/{fileId}/versions/{versionId}/download': { object: portalFileVersion },
} satisfies Record<string, Fixture>);
// ── End of the files API block. ────────────────────────────────────────────────────────────────────

// ── Invoices (issue 21): the invoices API core (inv-core). PDFs, paying, Stripe and the plan are added by
// their own blocks.
const invoice = (v: Victim) => ({ params: { invoiceId: v.invoiceId } });
const draftInvoice = (v: Victim) => ({ params: { invoiceId: v.draftInvoiceId } });
const invoiceLine = { description: 'Taken over', quantityMilli: 1000, unitPriceCents: 100, taxRateBp: null };
Object.assign(FIXTURES, {
  'GET /api/invoices': { own: (v) => ({ query: { clientId: v.client.clientId } }) },
  'POST /api/invoices': { object: (v) => ({ body: { clientId: v.client.clientId, lines: [invoiceLine] } }) },
  'GET /api/invoices/{invoiceId}': { object: invoice },
  'PATCH /api/invoices/{invoiceId}': {
    object: (v) => ({ ...draftInvoice(v), body: { description: 'Taken over' } }),
  },
  'DELETE /api/invoices/{invoiceId}': { object: draftInvoice },
  'POST /api/invoices/{invoiceId}/send': { object: draftInvoice },
  'POST /api/invoices/{invoiceId}/status': { object: (v) => ({ ...invoice(v), body: { status: 'paid' } }) },
  'POST /api/invoices/{invoiceId}/cancel': {
    object: (v) => ({ ...invoice(v), body: { reason: 'Taken over' } }),
  },
  'GET /api/invoice-settings': own(),
  'PATCH /api/invoice-settings': own({ body: { footerNote: 'Attacker footer' } }),
  'GET /api/portal/{portalId}/invoices/{invoiceId}': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoiceId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the invoices API block. ─────────────────────────────────────────────────────────────────

// ── Quotes (issue 28): the provider's quotes and their invoices, the client's view and decision. ─────────
const quote = (id: (v: Victim) => string) => (v: Victim) => ({ params: { quoteId: id(v) } });
const portalQuote = (id: (v: Victim) => string) => (v: Victim) => ({
  params: { portalId: v.portalId, quoteId: id(v) },
});
Object.assign(FIXTURES, {
  'GET /api/quotes': { own: (v: Victim) => ({ query: { clientId: v.client.clientId } }) },
  'POST /api/quotes': {
    object: (v: Victim) => ({ body: { clientId: v.client.clientId, lines: [invoiceLine] } }),
  },
  'GET /api/quotes/{quoteId}': { object: quote((v) => v.quotes.sentId) },
  'PATCH /api/quotes/{quoteId}': {
    object: (v: Victim) => ({ ...quote((x) => x.quotes.draftId)(v), body: { description: 'Taken over' } }),
  },
  'DELETE /api/quotes/{quoteId}': { object: quote((v) => v.quotes.draftId) },
  'POST /api/quotes/{quoteId}/send': { object: quote((v) => v.quotes.draftId) },
  'POST /api/quotes/{quoteId}/invoices': {
    object: (v: Victim) => ({ ...quote((x) => x.quotes.acceptedId)(v), body: { part: 'full' } }),
  },
  'GET /api/quotes/{quoteId}/pdf': { object: quote((v) => v.quotes.sentId) },
  'GET /api/portal/{portalId}/quotes': ownPortal,
  'GET /api/portal/{portalId}/quotes/{quoteId}': { object: portalQuote((v) => v.quotes.sentId) },
  'GET /api/portal/{portalId}/quotes/{quoteId}/pdf': { object: portalQuote((v) => v.quotes.sentId) },
  'POST /api/portal/{portalId}/quotes/{quoteId}/accept': {
    object: (v: Victim) => ({
      ...portalQuote((x) => x.quotes.sentId)(v),
      body: { contentSha256: v.quotes.sentSha256 },
    }),
  },
  'POST /api/portal/{portalId}/quotes/{quoteId}/decline': {
    object: (v: Victim) => ({ ...portalQuote((x) => x.quotes.sentId)(v), body: { reason: 'Taken over' } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the quotes block. ─────────────────────────────────────────────────────────────────────────

// ── Bookings (issue 30): the provider's bookings; the client's types, slots and bookings. ──────────────
const booking = (v: Victim) => ({ params: { bookingId: v.booking.bookingId } });
const portalBooking = (v: Victim) => ({ params: { portalId: v.portalId, bookingId: v.booking.bookingId } });
Object.assign(FIXTURES, {
  'GET /api/bookings': own({ query: { filter: 'upcoming' } }),
  'GET /api/bookings/{bookingId}': { object: booking },
  'POST /api/bookings/{bookingId}/cancel': {
    object: (v: Victim) => ({ ...booking(v), body: { reason: 'Taken over' } }),
  },
  'GET /api/portal/{portalId}/booking-types': ownPortal,
  'GET /api/portal/{portalId}/booking-types/{bookingTypeId}/slots': {
    object: (v: Victim) => ({
      params: { portalId: v.portalId, bookingTypeId: v.booking.typeId },
      query: {
        from: v.booking.freeSlot,
        to: new Date(Date.parse(v.booking.freeSlot) + 86_400_000).toISOString(),
        timeZone: 'UTC',
      },
    }),
  },
  'POST /api/portal/{portalId}/bookings': {
    object: (v: Victim) => ({
      ...portal(v),
      body: { bookingTypeId: v.booking.typeId, startsAt: v.booking.freeSlot, timeZone: 'UTC' },
    }),
  },
  'GET /api/portal/{portalId}/bookings': ownPortal,
  'PATCH /api/portal/{portalId}/bookings/{bookingId}': {
    object: (v: Victim) => ({ ...portalBooking(v), body: { startsAt: v.booking.freeSlot } }),
  },
  'POST /api/portal/{portalId}/bookings/{bookingId}/cancel': {
    object: (v: Victim) => ({ ...portalBooking(v), body: {} }),
  },
} satisfies Record<string, Fixture>);
// ── End of the bookings block. ───────────────────────────────────────────────────────────────────────

// ── Recurring invoices (issue 28): the provider's schedules. ──────────────────────────────────────────
const recurring = (v: Victim) => ({ params: { recurringInvoiceId: v.recurringInvoiceId } });
Object.assign(FIXTURES, {
  'GET /api/recurring-invoices': { own: (v: Victim) => ({ query: { clientId: v.client.clientId } }) },
  'POST /api/recurring-invoices': {
    object: (v: Victim) => ({
      body: {
        clientId: v.client.clientId,
        frequency: 'monthly',
        startDate: '2099-01-01',
        lines: [invoiceLine],
      },
    }),
  },
  'GET /api/recurring-invoices/{recurringInvoiceId}': { object: recurring },
  'PATCH /api/recurring-invoices/{recurringInvoiceId}': {
    object: (v: Victim) => ({ ...recurring(v), body: { status: 'paused', description: 'Taken over' } }),
  },
  'DELETE /api/recurring-invoices/{recurringInvoiceId}': { object: recurring },
  'DELETE /api/recurring-invoices/{recurringInvoiceId}/autopay-agreement': { object: recurring },
  // Automatic payment (issue 28): the client's schedules, agreeing and withdrawing.
  'GET /api/portal/{portalId}/recurring-invoices': ownPortal,
  'POST /api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay': {
    object: (v: Victim) => ({ params: { portalId: v.portalId, recurringInvoiceId: v.recurringInvoiceId } }),
  },
  'DELETE /api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay': {
    object: (v: Victim) => ({ params: { portalId: v.portalId, recurringInvoiceId: v.recurringInvoiceId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the recurring invoices block. ─────────────────────────────────────────────────────────────

// ── Booking types (issue 30): the provider's types and date overrides. ────────────────────────────────
const bookingType = (v: Victim) => ({ params: { bookingTypeId: v.booking.typeId } });
const bookingOverride = (v: Victim) => ({ params: { overrideId: v.booking.overrideId } });
Object.assign(FIXTURES, {
  'GET /api/booking-types': own({ query: { q: 'Victim' } }),
  'POST /api/booking-types': {
    object: (v: Victim) => ({
      body: {
        name: 'Planted type',
        durationMinutes: 30,
        locationKind: 'phone',
        weeklyHours: { mon: [['09:00', '10:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
        clientScope: 'chosen',
        clientIds: [v.client.clientId],
      },
    }),
  },
  'GET /api/booking-types/{bookingTypeId}': { object: bookingType },
  'PATCH /api/booking-types/{bookingTypeId}': {
    object: (v: Victim) => ({ ...bookingType(v), body: { name: 'Taken over', active: false } }),
  },
  'DELETE /api/booking-types/{bookingTypeId}': { object: bookingType },
  'GET /api/booking-overrides': own({ query: { from: '2099-01-01' } }),
  'POST /api/booking-overrides': {
    object: (v: Victim) => ({ body: { bookingTypeId: v.booking.typeId, day: '2099-12-25' } }),
  },
  'PATCH /api/booking-overrides/{overrideId}': {
    object: (v: Victim) => ({ ...bookingOverride(v), body: { label: 'Taken over' } }),
  },
  'DELETE /api/booking-overrides/{overrideId}': { object: bookingOverride },
} satisfies Record<string, Fixture>);
// ── End of the booking types block. ────────────────────────────────────────────────────────────────

// ── Invoices (issue 21): the PDFs of an invoice and its credit note, for both audiences. ──────────────
Object.assign(FIXTURES, {
  'GET /api/invoices/{invoiceId}/pdf': { object: (v) => ({ params: { invoiceId: v.invoicePdf.invoiceId } }) },
  'GET /api/invoices/{invoiceId}/credit-note/pdf': {
    object: (v) => ({ params: { invoiceId: v.invoicePdf.cancelledInvoiceId } }),
  },
  'GET /api/portal/{portalId}/invoices/{invoiceId}/pdf': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoicePdf.invoiceId } }),
  },
  'GET /api/portal/{portalId}/invoices/{invoiceId}/credit-note/pdf': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoicePdf.cancelledInvoiceId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the invoice PDF block. ─────────────────────────────────────────────────────────────────

// ── E-invoices (issue 28): XRechnung XML and ZUGFeRD PDF of an invoice and its credit note, both audiences. ──
Object.assign(FIXTURES, {
  'GET /api/invoices/{invoiceId}/xrechnung': {
    object: (v) => ({ params: { invoiceId: v.invoicePdf.invoiceId } }),
  },
  'GET /api/invoices/{invoiceId}/zugferd': {
    object: (v) => ({ params: { invoiceId: v.invoicePdf.invoiceId } }),
  },
  'GET /api/invoices/{invoiceId}/credit-note/xrechnung': {
    object: (v) => ({ params: { invoiceId: v.invoicePdf.cancelledInvoiceId } }),
  },
  'GET /api/invoices/{invoiceId}/credit-note/zugferd': {
    object: (v) => ({ params: { invoiceId: v.invoicePdf.cancelledInvoiceId } }),
  },
  'GET /api/portal/{portalId}/invoices/{invoiceId}/xrechnung': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoicePdf.invoiceId } }),
  },
  'GET /api/portal/{portalId}/invoices/{invoiceId}/zugferd': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoicePdf.invoiceId } }),
  },
  'GET /api/portal/{portalId}/invoices/{invoiceId}/credit-note/xrechnung': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoicePdf.cancelledInvoiceId } }),
  },
  'GET /api/portal/{portalId}/invoices/{invoiceId}/credit-note/zugferd': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoicePdf.cancelledInvoiceId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the e-invoice block. ──────────────────────────────────────────────────────────────────────

// ── Partial payments (issue 28): recording a payment names the victim's open invoice. ─────────────────────
Object.assign(FIXTURES, {
  'POST /api/invoices/{invoiceId}/payments': {
    object: (v) => ({ ...invoice(v), body: { amountCents: 100 } }),
  },
  // Taking back the victim's hand-recorded payment.
  'DELETE /api/invoices/{invoiceId}/payments/{paymentId}': {
    object: (v) => ({ params: { invoiceId: v.invoiceId, paymentId: v.invoicePaymentId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the partial payments block. ──────────────────────────────────────────────────────────────────

// ── Payments (issue 21, inv-stripe): the Stripe connection and the plan act on the caller's own account;
// paying names the victim client's open invoice; Stripe's webhook has no session (its credential is the
// signature: isolation/suite.ts sends it unsigned and foreign events separately). ─────────────────────────
Object.assign(FIXTURES, {
  'GET /api/payments/stripe': own(),
  'PUT /api/payments/stripe': own({ body: { secretKey: 'sk_test_isolationsuitekey00000' } }),
  'DELETE /api/payments/stripe': own(),
  'GET /api/plan': own(),
  'POST /api/plan/checkout': own(),
  'POST /api/plan/cancel': own(),
  'POST /api/webhooks/stripe': {
    public:
      'Stripe’s deliveries: the credential is the signature on the body (checked in its own test below)',
  },
  'POST /api/portal/{portalId}/invoices/{invoiceId}/pay': {
    object: (v) => ({ params: { portalId: v.portalId, invoiceId: v.invoiceId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the payments block. ─────────────────────────────────────────────────────────────────────

// ── Integrations (issue 27): the sending domain and the Stripe check act on the caller's own account; the
// callback names the victim's started authorisation by its state, which another provider must not find. ──
Object.assign(FIXTURES, {
  'GET /api/integrations/mail-domain': own(),
  'POST /api/integrations/mail-domain': own({ body: { domain: 'mail.isolation.example' } }),
  'PATCH /api/integrations/mail-domain': own({ body: { inUse: false } }),
  'DELETE /api/integrations/mail-domain': own(),
  'POST /api/integrations/mail-domain/verify': own(),
  'POST /api/payments/stripe/check': own(),
  'POST /api/integrations/callback': {
    object: (v) => ({ body: { state: v.authorisationState, code: 'isolation-code' } }),
  },
  // Google Calendar (issue 30): the caller's own connection only (there is no id in the path to aim at).
  'GET /api/integrations/google-calendar': own(),
  'POST /api/integrations/google-calendar/connect': own(),
  'GET /api/integrations/google-calendar/calendars': own(),
  'PATCH /api/integrations/google-calendar': own({ body: { calendarId: 'primary' } }),
  'DELETE /api/integrations/google-calendar': own(),
} satisfies Record<string, Fixture>);
// ── Outgoing webhooks (issue 27): the caller's own endpoints, and the victim's endpoint and delivery,
// which every other tenant must get 404 for. ───────────────────────────────────────────────────────
const endpoint = (v: Victim) => ({ params: { endpointId: v.webhook.endpointId } });
Object.assign(FIXTURES, {
  'GET /api/webhook-endpoints': own(),
  'POST /api/webhook-endpoints': own({
    body: { url: 'https://hooks.example.com/attacker', eventTypes: ['client.created'] },
  }),
  'GET /api/webhook-endpoints/{endpointId}': { object: endpoint },
  'PATCH /api/webhook-endpoints/{endpointId}': {
    object: (v) => ({ ...endpoint(v), body: { url: 'https://hooks.example.com/taken-over' } }),
  },
  'DELETE /api/webhook-endpoints/{endpointId}': { object: endpoint },
  'POST /api/webhook-endpoints/{endpointId}/rotate-secret': { object: endpoint },
  'GET /api/webhook-endpoints/{endpointId}/deliveries': { object: endpoint },
  'POST /api/webhook-endpoints/{endpointId}/test': { object: endpoint },
  'POST /api/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver': {
    object: (v) => ({ params: { endpointId: v.webhook.endpointId, deliveryId: v.webhook.deliveryId } }),
  },
} satisfies Record<string, Fixture>);
// ── End of the webhooks block. ─────────────────────────────────────────────────────────────────────
// ── Payment reminders (issue 28): the caller's own reminder settings, and the victim's invoice's
// reminders, which every other tenant must get 404 for. ─────────────────────────────────────────────
Object.assign(FIXTURES, {
  'GET /api/invoice-settings/reminders': own(),
  'PUT /api/invoice-settings/reminders': own({
    body: { enabled: true, steps: [{ daysAfterDue: 1, textEn: 'Attacker {number}', textDe: 'Angreifer' }] },
  }),
  'GET /api/invoices/{invoiceId}/reminders': { object: invoice },
} satisfies Record<string, Fixture>);
// ── End of the payment reminders block. ────────────────────────────────────────────────────────────
// ── The calendar (issue 30): the caller's own window, events and feed; the victim's event, which every
// other tenant must get 404 for. The public feed's credential is the secret token in its path. ─────────
const calendarEvent = (v: Victim) => ({ params: { eventId: v.calendarEventId } });
Object.assign(FIXTURES, {
  'GET /api/calendar/entries': own({
    query: { from: '2027-03-01', to: '2027-04-30', timeZone: 'Europe/Berlin' },
  }),
  'POST /api/calendar/events': own({
    body: { title: 'Attacker event', start: '2027-03-22T10:00', end: '2027-03-22T11:00', timeZone: 'UTC' },
  }),
  'GET /api/calendar/events/{eventId}': { object: calendarEvent },
  'PATCH /api/calendar/events/{eventId}': {
    object: (v) => ({ ...calendarEvent(v), body: { title: 'Taken over' } }),
  },
  'DELETE /api/calendar/events/{eventId}': { object: calendarEvent },
  'GET /api/calendar/feed': own(),
  'POST /api/calendar/feed': own(),
  'DELETE /api/calendar/feed': own(),
  'GET /api/calendar/feed/{file}': {
    public:
      'the credential is the secret token in the path (only its SHA-256 is stored); an unknown one answers 404',
    params: { file: `${'0'.repeat(43)}.ics` },
  },
} satisfies Record<string, Fixture>);
