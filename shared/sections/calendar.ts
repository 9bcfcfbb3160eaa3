import { isActivityOf } from '../remotes';
import { OVERVIEW_KEY } from './overview';
import { activityOf, type SectionLive } from './section-live';

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
  google: ['calendar', 'google'] as const,
};

/**
 * The calendar section's part of the dashboard's live feed: a booking made, moved or cancelled by a client
 * (the calendar record's `activity` in `shared/remotes.ts`) refetches everything the calendar shows.
 */
export const calendarLive: SectionLive = {
  root: calendarKeys.all,
  apply(client, event) {
    const activity = activityOf(event);
    if (activity && isActivityOf('calendar', activity.item.type)) {
      void client.invalidateQueries({ queryKey: calendarKeys.all });
      void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
    }
  },
};
