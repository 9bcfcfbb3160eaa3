import { Booking, BookingCancel, BookingList, BookingListQuery } from '../../../shared/contracts/bookings';
import { errorResponses } from '../../http/openapi';
import { cancelBooking } from '../../services/booking/book';
import { listBookings } from '../../services/booking/list';
import { getBooking } from '../../services/booking/view';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { BookingIdParam } from './params';

/** GET /api/bookings */
export const registerListBookings = providerOperation(
  {
    method: 'get',
    path: '/api/bookings',
    operationId: 'listBookings',
    tags: ['Bookings'],
    summary: 'List bookings',
    description:
      'A page of the provider’s bookings: `upcoming` (default; confirmed and not ended, soonest first), `past` (confirmed and ended) or `cancelled` (latest first), optionally one client’s (`clientId`); paged by cursor (`limit` up to 100, default 50; `nextCursor` continues the list as `cursor`).',
    request: { query: BookingListQuery },
    responses: {
      200: { description: 'Bookings', content: { 'application/json': { schema: BookingList } } },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    return c.json(await listBookings(deps.sql, scope, c.req.valid('query'), deps.now()), 200);
  },
);

/** GET /api/bookings/{bookingId} */
export const registerGetBooking = providerOperation(
  {
    method: 'get',
    path: '/api/bookings/{bookingId}',
    operationId: 'getBooking',
    tags: ['Bookings'],
    summary: 'Get a booking',
    description: 'One of the provider’s bookings (404 for another provider’s).',
    request: { params: BookingIdParam },
    responses: {
      200: { description: 'The booking', content: { 'application/json': { schema: Booking } } },
      ...errorResponses(401, 403, 404),
    },
  },
  async (c, scope) => c.json(await getBooking(c.get('deps').sql, scope, c.req.valid('param').bookingId), 200),
);

/** POST /api/bookings/{bookingId}/cancel */
export const registerCancelBooking = providerOperation(
  {
    method: 'post',
    path: '/api/bookings/{bookingId}/cancel',
    operationId: 'cancelBooking',
    tags: ['Bookings'],
    summary: 'Cancel a booking',
    description:
      'The provider cancels one of their bookings at any time, with an optional reason told to the client; both get the cancellation (METHOD:CANCEL, a higher SEQUENCE) and the client is notified. 409 `booking_cancelled` when it already is.',
    request: {
      params: BookingIdParam,
      body: { required: true, content: { 'application/json': { schema: BookingCancel } } },
    },
    responses: {
      200: { description: 'Cancelled', content: { 'application/json': { schema: Booking } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await cancelBooking(
        invoiceDeps(c),
        scope,
        c.req.valid('param').bookingId,
        c.req.valid('json').reason ?? null,
      ),
      200,
    ),
);
