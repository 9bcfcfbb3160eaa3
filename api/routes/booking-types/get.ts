import { BookingType } from '../../../shared/contracts/booking-types';
import { errorResponses } from '../../http/openapi';
import { getBookingType } from '../../services/booking-types/view';
import { providerOperation } from '../operation';
import { BookingTypeIdParam, TAG } from './params';

/** GET /api/booking-types/{bookingTypeId} */
export const registerGetBookingType = providerOperation(
  {
    method: 'get',
    path: '/api/booking-types/{bookingTypeId}',
    operationId: 'getBookingType',
    tags: [TAG],
    summary: 'Get a booking type',
    description:
      'One of the provider’s booking types with its weekly hours and who may book it. Another provider’s answers 404.',
    request: { params: BookingTypeIdParam },
    responses: {
      200: { description: 'The booking type', content: { 'application/json': { schema: BookingType } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(await getBookingType(c.get('deps').sql, scope, c.req.valid('param').bookingTypeId), 200),
);
