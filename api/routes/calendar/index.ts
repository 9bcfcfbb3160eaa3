import type { App } from '../../http/context';
import { registerCreateCalendarEvent } from './create-event';
import { registerDeleteCalendarEvent } from './delete-event';
import { registerCalendarEntries } from './entries';
import { registerCreateCalendarFeed, registerDeleteCalendarFeed, registerGetCalendarFeed } from './feed';
import { registerGetCalendarEvent } from './get-event';
import { registerPublicCalendarFeed } from './public-feed';
import { registerUpdateCalendarEvent } from './update-event';

/** The calendar (issue 30): the provider's events, the window of everything dated, the private feed. */
export function registerCalendarRoutes(app: App) {
  registerCalendarEntries(app);
  registerCreateCalendarEvent(app);
  registerGetCalendarEvent(app);
  registerUpdateCalendarEvent(app);
  registerDeleteCalendarEvent(app);
  registerGetCalendarFeed(app);
  registerCreateCalendarFeed(app);
  registerDeleteCalendarFeed(app);
  registerPublicCalendarFeed(app);
}
