/** Where the booking types live in the dashboard (the calendar section's `booking-types/*`). */
export const BOOKING_TYPES_BASE = '/dashboard/calendar/booking-types';
