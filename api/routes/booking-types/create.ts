import { BookingType, BookingTypeCreate } from '../../../shared/contracts/booking-types';
import { errorResponses } from '../../http/openapi';
import { createBookingType } from '../../services/booking-types/write-booking-types';
import { providerOperation } from '../operation';
import { BOOKING_TYPE_EXAMPLE, TAG } from './params';

/** POST /api/booking-types */
export const registerCreateBookingType = providerOperation(
  {
    method: 'post',
    path: '/api/booking-types',
    operationId: 'createBookingType',
    tags: [TAG],
    summary: 'Create a booking type',
    description:
      'What clients may book: name, duration (5–480 minutes), where (`video` with a https link, `phone`, `in_person`), the weekly hours in the type’s time zone (default: the profile’s, else UTC; every weekday’s [start, end) "HH:MM" ranges, end "24:00" allowed, not overlapping: 422 naming the weekday), buffers before and after, the minimum notice, how many days ahead, a daily cap, the slot interval, until when the client may reschedule or cancel, and who may book it: `all` clients or the `chosen` ones (`clientIds`, at least one; another provider’s client answers 404, and nothing is written). Out-of-range numbers answer 422 with the field.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: BookingTypeCreate,
            example: BOOKING_TYPE_EXAMPLE,
          },
        },
      },
    },
    responses: {
      201: { description: 'The booking type', content: { 'application/json': { schema: BookingType } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => c.json(await createBookingType(c.get('deps').sql, scope, c.req.valid('json')), 201),
);
