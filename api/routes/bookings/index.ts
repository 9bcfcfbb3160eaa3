import type { App } from '../../http/context';
import { registerPortalCancelBooking, registerPortalRescheduleBooking } from './portal-change';
import { registerPortalCreateBooking } from './portal-create';
import { registerPortalBookings } from './portal-list';
import { registerPortalBookingSlots } from './portal-slots';
import { registerPortalBookingTypes } from './portal-types';
import { registerCancelBooking, registerGetBooking, registerListBookings } from './provider';

/** The bookings API (issue 30): the provider's bookings, and the client's types, slots and bookings. */
export function registerBookingRoutes(app: App) {
  registerListBookings(app);
  registerGetBooking(app);
  registerCancelBooking(app);
  registerPortalBookingTypes(app);
  registerPortalBookingSlots(app);
  registerPortalCreateBooking(app);
  registerPortalBookings(app);
  registerPortalRescheduleBooking(app);
  registerPortalCancelBooking(app);
}
