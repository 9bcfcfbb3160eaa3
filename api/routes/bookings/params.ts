import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';
import { PortalPathParam } from '../../../shared/contracts/portal-client';

/** `{bookingId}`: one of the provider's bookings. */
export const BookingIdParam = z.object({
  bookingId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'bookingId', in: 'path' } }),
});

/** `{portalId}` and `{bookingId}`: one of the signed-in client's bookings. */
export const PortalBookingParams = PortalPathParam.extend(BookingIdParam.shape);

/** `{portalId}` and `{bookingTypeId}`: a booking type the signed-in client may book. */
export const PortalBookingTypeParams = PortalPathParam.extend({
  bookingTypeId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'bookingTypeId', in: 'path' } }),
});
