import { BookingType, BookingTypeUpdate } from '../../../shared/contracts/booking-types';
import { errorResponses } from '../../http/openapi';
import { updateBookingType } from '../../services/booking-types/write-booking-types';
import { providerOperation } from '../operation';
import { BookingTypeIdParam, TAG } from './params';

/** PATCH /api/booking-types/{bookingTypeId} */
export const registerUpdateBookingType = providerOperation(
  {
    method: 'patch',
    path: '/api/booking-types/{bookingTypeId}',
    operationId: 'updateBookingType',
    tags: [TAG],
    summary: 'Change a booking type',
    description:
      'Changes the fields sent, checked as on creation (a video link of the resulting kind is https: 422 `location`). `clientIds` replaces the chosen clients (another provider’s client answers 404, nothing written); a `chosen` type keeps at least one (422 `clientIds`); back to `all` forgets them. Bookings already made keep their time and place. Another provider’s type answers 404.',
    request: {
      params: BookingTypeIdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: BookingTypeUpdate,
            example: { durationMinutes: 45, bufferAfterMinutes: 10, active: false },
          },
        },
      },
    },
    responses: {
      200: { description: 'The booking type', content: { 'application/json': { schema: BookingType } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await updateBookingType(
        c.get('deps').sql,
        scope,
        c.req.valid('param').bookingTypeId,
        c.req.valid('json'),
        c.get('deps').now(),
      ),
      200,
    ),
);
