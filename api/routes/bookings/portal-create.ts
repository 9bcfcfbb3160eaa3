import { Booking, BookingCreate, BookingRefusal } from '../../../shared/contracts/bookings';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { createBooking } from '../../services/booking/book';
import { invoiceDeps } from '../invoices/params';
import { clientOperation } from '../operation';

/** POST /api/portal/{portalId}/bookings */
export const registerPortalCreateBooking = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/bookings',
    operationId: 'portalCreateBooking',
    tags: ['Portal'],
    summary: 'Book a slot (client)',
    description:
      'The signed-in client books a slot of a type they may book, optionally for one of their projects (404 otherwise). Checked again on fresh data under the provider’s lock; two clients taking the same slot at once: one gets 201, the other 409 `slot_taken` with `nextSlots`. A start that is not a slot (outside availability, before the notice, beyond the horizon, over the cap, off the grid): 422 `slot_unavailable` with `nextSlots`. Both sides get a confirmation e-mail with an invitation (`invite.ics`, METHOD:REQUEST); the provider is notified live; inside the widget the page hears `booking.created`.',
    request: {
      params: PortalPathParam,
      body: { required: true, content: { 'application/json': { schema: BookingCreate } } },
    },
    responses: {
      201: { description: 'Booked', content: { 'application/json': { schema: Booking } } },
      409: {
        description: '`slot_taken`: booked meanwhile',
        content: { 'application/json': { schema: BookingRefusal } },
      },
      422: {
        description: '`slot_unavailable`, or validation failed',
        content: { 'application/json': { schema: BookingRefusal } },
      },
      ...errorResponses(401, 404),
    },
  },
  async (c, scope) => c.json(await createBooking(invoiceDeps(c), scope, c.req.valid('json')), 201),
);
