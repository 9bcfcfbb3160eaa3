import { BookingList, PortalBookingListQuery } from '../../../shared/contracts/bookings';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { listBookings } from '../../services/booking/list';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/bookings */
export const registerPortalBookings = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/bookings',
    operationId: 'portalListBookings',
    tags: ['Portal'],
    summary: 'The client’s bookings',
    description:
      'The signed-in client’s own bookings: `upcoming` (default; soonest first), `past` or `cancelled` (latest first), paged by cursor (`limit` up to 100, default 50; `nextCursor` continues the list as `cursor`). `changeableUntil` says until when each can be rescheduled or cancelled.',
    request: { params: PortalPathParam, query: PortalBookingListQuery },
    responses: {
      200: { description: 'The bookings', content: { 'application/json': { schema: BookingList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await listBookings(deps.sql, scope, c.req.valid('query'), deps.now()), 200);
  },
);
