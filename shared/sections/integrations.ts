/**
 * The Integrations section's TanStack Query keys, under `['integrations', …]`. Here with the other
 * sections' keys; no live effects (`shared/sections/live.ts` lists it as null): nothing a provider event
 * carries changes an integration's state.
 */
export const integrationKeys = {
  all: ['integrations'] as const,
  mailDomain: ['integrations', 'mail-domain'] as const,
  /** The Stripe connection as Settings reads it (`GET /api/payments/stripe`). */
  stripe: ['integrations', 'stripe'] as const,
  /** The Google Calendar connection (issue 30) and the account's calendars. */
  googleCalendar: ['integrations', 'google-calendar'] as const,
  googleCalendars: ['integrations', 'google-calendar', 'calendars'] as const,
};
