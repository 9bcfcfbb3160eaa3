import { errorResponses } from '../../http/openapi';
import { deleteBookingType } from '../../services/booking-types/write-booking-types';
import { providerOperation } from '../operation';
import { BookingTypeIdParam, TAG } from './params';

/** DELETE /api/booking-types/{bookingTypeId} */
export const registerDeleteBookingType = providerOperation(
  {
    method: 'delete',
    path: '/api/booking-types/{bookingTypeId}',
    operationId: 'deleteBookingType',
    tags: [TAG],
    summary: 'Delete a booking type',
    description:
      'Deletes the type with its chosen clients, its own date overrides and its past or cancelled bookings. A type with a confirmed booking still ahead answers 409 `booking_type_has_bookings` (cancel them, or set it inactive). Another provider’s answers 404.',
    request: { params: BookingTypeIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409, 422) },
  },
  async (c, scope) => {
    await deleteBookingType(
      c.get('deps').sql,
      scope,
      c.req.valid('param').bookingTypeId,
      c.get('deps').now(),
    );
    return c.body(null, 204);
  },
);
