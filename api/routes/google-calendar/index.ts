import { operations } from '../operation';
import { registerGoogleCalendarList } from './calendars';
import { registerGoogleCalendarChoose } from './choose';
import { registerGoogleCalendarConnect } from './connect';
import { registerGoogleCalendarDisconnect } from './disconnect';
import { registerGoogleCalendarState } from './state';

/** The Google Calendar card's operations (issue 30); the authorisation returns through `/api/integrations/callback`. */
export const registerGoogleCalendarRoutes = operations(
  registerGoogleCalendarState,
  registerGoogleCalendarConnect,
  registerGoogleCalendarList,
  registerGoogleCalendarChoose,
  registerGoogleCalendarDisconnect,
);
