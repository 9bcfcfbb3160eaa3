import { SlotList, SlotQuery } from '../../../shared/contracts/bookings';
import { errorResponses } from '../../http/openapi';
import { portalSlots } from '../../services/booking/portal';
import { clientOperation } from '../operation';
import { PortalBookingTypeParams } from './params';

/** GET /api/portal/{portalId}/booking-types/{bookingTypeId}/slots */
export const registerPortalBookingSlots = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/booking-types/{bookingTypeId}/slots',
    operationId: 'portalListBookingSlots',
    tags: ['Portal'],
    summary: 'Free slots of a booking type',
    description:
      'The slot starts of the type in [`from`, `to`) (at most 62 days) that can be booked now: on the type’s grid within its availability (its time zone, date overrides and holidays), clear of other bookings and busy times with the buffers, after the minimum notice, within the horizon and under the daily cap. `timeZone` is the client’s, echoed for showing them. 404 for a type the client may not book.',
    request: { params: PortalBookingTypeParams, query: SlotQuery },
    responses: {
      200: { description: 'The free slots', content: { 'application/json': { schema: SlotList } } },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const { bookingTypeId } = c.req.valid('param');
    return c.json(await portalSlots(deps, scope, bookingTypeId, c.req.valid('query')), 200);
  },
);
