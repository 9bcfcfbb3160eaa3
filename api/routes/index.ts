import type { App, AppDeps } from '../http/context';
import { registerChangePassword } from './account/change-password';
import { registerDeleteAccount } from './account/delete';
import { registerEndSession } from './account/end-session';
import { registerExportAccount } from './account/export';
import { registerListSessions } from './account/list-sessions';
import { registerSignOutEverywhere } from './account/sign-out-everywhere';
import { registerMarkNotificationsRead } from './activity/mark-read';
import { registerNotifications } from './activity/notifications';
import { registerProjectActivity } from './activity/project-activity';
import { registerUnreadCount } from './activity/unread-count';
import { registerAnalyticsRoutes } from './analytics';
import { registerApiKeyRoutes } from './api-keys';
import { registerForgotPassword } from './auth/forgot-password';
import { registerRefresh } from './auth/refresh';
import { registerResendVerification } from './auth/resend-verification';
import { registerResetPassword } from './auth/reset-password';
import { registerSession } from './auth/session';
import { registerSignIn } from './auth/sign-in';
import { registerSignOut } from './auth/sign-out';
import { registerSignUp } from './auth/sign-up';
import { registerVerificationStatus } from './auth/verification-status';
import { registerVerifyEmail } from './auth/verify-email';
import { registerBookingTypeRoutes } from './booking-types';
import { registerBookingRoutes } from './bookings';
import { registerCalendarRoutes } from './calendar';
import { registerCreateClient } from './clients/create';
import { registerDeleteClient } from './clients/delete';
import { registerGetClient } from './clients/get';
import { registerInviteClient } from './clients/invite';
import { registerListClients } from './clients/list';
import { registerSetClientPassword } from './clients/set-password';
import { registerUpdateClient } from './clients/update';
import { outboxEnabled, registerDevOutbox } from './dev/outbox';
import { registerCheckDomain } from './domains/check';
import { registerDeleteDomain } from './domains/delete';
import { registerSetDomain } from './domains/set';
import { registerVerifyDomain } from './domains/verify';
import { registerAddFilePin } from './files/add-pin';
import { registerFileAnnotated } from './files/annotated';
import { registerFileApprovalRecord } from './files/approval-record';
import { registerDecideFile } from './files/decide';
import { registerDeleteFile } from './files/delete';
import { registerDownloadFileVersion } from './files/download';
import { registerGetFile } from './files/get';
import { registerListFiles } from './files/list';
import { registerFilePage } from './files/page';
import { registerFileThumbnail } from './files/thumbnail';
import { registerUpdateFile } from './files/update';
import { registerUploadFile } from './files/upload';
import { registerUploadFileVersion } from './files/upload-version';
import { registerGoogleCalendarRoutes } from './google-calendar/index';
import { registerIntegrationRoutes } from './integrations/index';
import { registerInvoiceRoutes } from './invoices';
import { registerCreditNotePdf } from './invoices/credit-note-pdf';
import {
  registerCreditNoteXRechnung,
  registerCreditNoteZugferd,
  registerInvoiceXRechnung,
  registerInvoiceZugferd,
} from './invoices/einvoice';
import { registerInvoicePdf } from './invoices/pdf';
import { registerPortalInvoices } from './invoices/portal-list';
import { registerPortalPayInvoice } from './invoices/portal-pay';
import { registerListConversations } from './messages/conversations';
import { registerListMessages } from './messages/list';
import { registerReadMessages } from './messages/read';
import { registerSendMessage } from './messages/send';
import { registerSecuritySchemes } from './operation';
import { registerGetOverview } from './overview/get';
import { registerPortalDashboard } from './overview/portal-dashboard';
import { registerStripeConnection } from './payments/stripe-connection';
import { registerPlan } from './plan/plan';
import { registerPlatformConfig } from './platform/config';
import { registerHealth } from './platform/health';
import { registerPortalBranding } from './portal-client/branding';
import { registerConsumeMagicLink } from './portal-client/consume-magic-link';
import { registerPortalIcon } from './portal-client/icon';
import { registerPasswordStatus } from './portal-client/password-status';
import { registerRequestMagicLink } from './portal-client/request-magic-link';
import { registerPortalSession } from './portal-client/session';
import { registerPortalSetPassword } from './portal-client/set-password';
import { registerPortalSignIn } from './portal-client/sign-in';
import { registerPortalSignOut } from './portal-client/sign-out';
import { registerPortalSignOutEverywhere } from './portal-client/sign-out-everywhere';
import { registerPortalUpdateProfile } from './portal-client/update-profile';
import { registerCreatePortal } from './portals/create';
import { registerDeletePortal } from './portals/delete';
import { registerDeletePortalLogo } from './portals/delete-logo';
import { registerGetPortal } from './portals/get';
import { registerGetPortalLogo } from './portals/get-logo';
import { registerListPortals } from './portals/list';
import { registerUpdatePortal } from './portals/update';
import { registerUploadPortalLogo } from './portals/upload-logo';
import { registerGetProfile } from './profile/get';
import { registerUpdateProfile } from './profile/update';
import { registerCreateProject } from './projects/create';
import { registerDeleteProject } from './projects/delete';
import { registerGetProject } from './projects/get';
import { registerListProjects } from './projects/list';
import { registerPortalProject } from './projects/portal-get';
import { registerPortalProjects } from './projects/portal-list';
import { registerUpdateProject } from './projects/update';
import { registerQuoteRoutes } from './quotes';
import { registerRecurringInvoiceRoutes } from './recurring-invoices';
import { registerWaitlistJoin } from './waitlist/join';
import { registerWebhookEndpointRoutes } from './webhook-endpoints';
import { registerStripeWebhook } from './webhooks/stripe';
import { registerDeleteWidgetSecret } from './widget/delete-secret';
import { registerWidgetEmbedding } from './widget/embedding';
import { registerWidgetHandoff } from './widget/handoff';
import { registerRotateWidgetSecret } from './widget/rotate-secret';
import { registerWidgetSecretStatus } from './widget/secret-status';

/**
 * The route table: every API operation, registered in one place (one operation per file).
 * `deps` decides the environment-dependent ones (the development outbox).
 */
export function registerRoutes(app: App, deps: AppDeps) {
  registerSecuritySchemes(app);
  registerHealth(app);
  registerPlatformConfig(app);

  registerSignUp(app);
  registerVerificationStatus(app);
  registerVerifyEmail(app);
  registerResendVerification(app);
  registerForgotPassword(app);
  registerResetPassword(app);
  registerSignIn(app);
  registerSignOut(app);
  registerSession(app);
  registerRefresh(app);

  registerWaitlistJoin(app);

  registerGetOverview(app);
  registerGetProfile(app);
  registerUpdateProfile(app);

  registerChangePassword(app);
  registerListSessions(app);
  registerEndSession(app);
  registerSignOutEverywhere(app);
  registerDeleteAccount(app);
  registerExportAccount(app);

  registerListPortals(app);
  registerCreatePortal(app);
  registerGetPortal(app);
  registerUpdatePortal(app);
  registerDeletePortal(app);
  registerUploadPortalLogo(app);
  registerGetPortalLogo(app);
  registerDeletePortalLogo(app);

  registerSetDomain(app);
  registerVerifyDomain(app);
  registerDeleteDomain(app);
  registerCheckDomain(app);

  registerListClients(app);
  registerCreateClient(app);
  registerGetClient(app);
  registerUpdateClient(app);
  registerDeleteClient(app);
  registerInviteClient(app);
  registerSetClientPassword(app);

  registerListProjects(app);
  registerCreateProject(app);
  registerGetProject(app);
  registerUpdateProject(app);
  registerDeleteProject(app);
  registerProjectActivity(app);

  registerListConversations(app);
  registerListMessages(app);
  registerSendMessage(app);
  registerReadMessages(app);

  registerListFiles(app);
  registerUploadFile(app);
  registerGetFile(app);
  registerUpdateFile(app);
  registerDeleteFile(app);
  registerUploadFileVersion(app);
  registerDecideFile(app);
  registerAddFilePin(app);
  registerDownloadFileVersion(app);
  // Files: previews and the PDFs made from a version (issue 20).
  registerFileThumbnail(app);
  registerFilePage(app);
  registerFileAnnotated(app);
  registerFileApprovalRecord(app);

  // Invoices: the PDFs of an invoice and its credit note (issue 21).
  registerInvoicePdf(app);
  registerCreditNotePdf(app);
  registerInvoiceXRechnung(app);
  registerInvoiceZugferd(app);
  registerCreditNoteXRechnung(app);
  registerCreditNoteZugferd(app);

  registerNotifications(app);
  registerUnreadCount(app);
  registerMarkNotificationsRead(app);

  registerPortalBranding(app);
  registerPortalIcon(app);
  registerRequestMagicLink(app);
  registerConsumeMagicLink(app);
  registerPasswordStatus(app);
  registerPortalSignIn(app);
  registerPortalSession(app);
  registerPortalSignOut(app);
  registerPortalSignOutEverywhere(app);
  registerPortalUpdateProfile(app);
  registerPortalSetPassword(app);
  registerPortalDashboard(app);
  registerPortalProjects(app);
  registerPortalProject(app);
  registerPortalInvoices(app);
  // Invoices (issue 21): the provider's, their settings, the client's detail.
  registerInvoiceRoutes(app);
  registerQuoteRoutes(app);
  registerBookingRoutes(app);
  registerRecurringInvoiceRoutes(app);
  // Analytics (issue 29): one read per view.
  registerAnalyticsRoutes(app);
  // Booking types (issue 30): the provider's types, their availability, date overrides and holidays.
  registerBookingTypeRoutes(app);
  // The calendar (issue 30): the provider's events, the window of everything dated, the private feed.
  registerCalendarRoutes(app);

  // Payments (issue 21): the provider's Stripe connection, their own plan, Stripe's webhooks, paying
  // an invoice from the portal.
  registerStripeConnection(app);
  registerPlan(app);
  registerStripeWebhook(app);
  registerPortalPayInvoice(app);

  // Integrations (issue 27): the provider's e-mail sending domain, the Stripe check, authorisations' return.
  registerIntegrationRoutes(app);
  // Google Calendar (issue 30): connect, the account's calendars, the one written to, disconnect.
  registerGoogleCalendarRoutes(app);

  registerWidgetSecretStatus(app);
  registerRotateWidgetSecret(app);
  registerDeleteWidgetSecret(app);
  registerWidgetHandoff(app);
  registerWidgetEmbedding(app);

  // API keys (issue 27): the provider's keys, session only.
  registerApiKeyRoutes(app);
  // Outgoing webhooks (issue 27): endpoints, delivery log, test events, and the events in `webhooks`.
  registerWebhookEndpointRoutes(app);

  if (outboxEnabled(deps)) registerDevOutbox(app);
}
