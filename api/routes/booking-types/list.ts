import { BookingTypeList, BookingTypeListQuery } from '../../../shared/contracts/booking-types';
import { errorResponses } from '../../http/openapi';
import { listBookingTypes } from '../../services/booking-types/list-booking-types';
import { providerOperation } from '../operation';
import { TAG } from './params';

/** GET /api/booking-types */
export const registerListBookingTypes = providerOperation(
  {
    method: 'get',
    path: '/api/booking-types',
    operationId: 'listBookingTypes',
    tags: [TAG],
    summary: 'List booking types',
    description:
      'A page of the provider’s booking types, newest first (`limit`, default 50, at most 100; `nextCursor` continues the list as `cursor`), each with its weekly hours and, for `chosen`, the clients who may book it. Filters: `q` (contains, in the name), `active`. Only the provider’s own.',
    request: { query: BookingTypeListQuery },
    responses: {
      200: { description: 'Booking types', content: { 'application/json': { schema: BookingTypeList } } },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) => c.json(await listBookingTypes(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
