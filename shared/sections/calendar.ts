/**
 * The calendar section's TanStack Query keys (issue 30), ALL under `['calendar', …]`: live booking events
 * invalidate `calendarKeys.all`, which reads every window again.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  entries: (from: string, to: string, timeZone: string) =>
    ['calendar', 'entries', from, to, timeZone] as const,
  event: (eventId: string) => ['calendar', 'event', eventId] as const,
  pickers: (kind: 'clients' | 'projects') => ['calendar', 'pickers', kind] as const,
  feed: ['calendar', 'feed'] as const,
};
