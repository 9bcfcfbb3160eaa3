/** The path of the Google Calendar connection's operations and the examples they share. */
export const GOOGLE_CALENDAR_PATH = '/api/integrations/google-calendar';

export const STATE_EXAMPLE = {
  configured: true,
  connection: {
    accountEmail: 'alex@example-agency.com',
    status: 'connected',
    calendarId: 'c_8f3k2l1m0n9b8v7c6x5z4@group.calendar.google.com',
    calendarName: 'Client meetings',
    lastSyncError: null,
    lastSyncErrorAt: null,
    lastSyncedAt: '2026-12-07T09:05:00.000Z',
    connectedAt: '2026-12-07T09:00:00.000Z',
  },
};
