import {
  Booking,
  BookingCancel,
  BookingRefusal,
  BookingReschedule,
} from '../../../shared/contracts/bookings';
import { errorResponses } from '../../http/openapi';
import { cancelBooking, rescheduleBooking } from '../../services/booking/book';
import { invoiceDeps } from '../invoices/params';
import { clientOperation } from '../operation';
import { PortalBookingParams } from './params';

const NOTICE =
  'Only until the type’s change notice before the start (`changeableUntil`): later, 422 `booking_change_too_late`; a cancelled booking, 409 `booking_cancelled`; another client’s, 404.';

/** PATCH /api/portal/{portalId}/bookings/{bookingId} */
export const registerPortalRescheduleBooking = clientOperation(
  {
    method: 'patch',
    path: '/api/portal/{portalId}/bookings/{bookingId}',
    operationId: 'portalRescheduleBooking',
    tags: ['Portal'],
    summary: 'Reschedule a booking (client)',
    description: `The signed-in client moves their booking to another slot of its type, checked as a new booking is (the booking itself no longer blocks): 409 \`slot_taken\` or 422 \`slot_unavailable\` with \`nextSlots\`. The invitation's SEQUENCE grows; both sides get the updated invitation (METHOD:REQUEST). ${NOTICE}`,
    request: {
      params: PortalBookingParams,
      body: { required: true, content: { 'application/json': { schema: BookingReschedule } } },
    },
    responses: {
      200: { description: 'Rescheduled', content: { 'application/json': { schema: Booking } } },
      409: {
        description: '`slot_taken` or `booking_cancelled`',
        content: { 'application/json': { schema: BookingRefusal } },
      },
      422: {
        description: '`slot_unavailable`, `booking_change_too_late`, or validation failed',
        content: { 'application/json': { schema: BookingRefusal } },
      },
      ...errorResponses(401, 404),
    },
  },
  async (c, scope) =>
    c.json(
      await rescheduleBooking(invoiceDeps(c), scope, c.req.valid('param').bookingId, c.req.valid('json')),
      200,
    ),
);

/** POST /api/portal/{portalId}/bookings/{bookingId}/cancel */
export const registerPortalCancelBooking = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/bookings/{bookingId}/cancel',
    operationId: 'portalCancelBooking',
    tags: ['Portal'],
    summary: 'Cancel a booking (client)',
    description: `The signed-in client cancels their booking, with an optional reason for the provider; both get the cancellation (METHOD:CANCEL, STATUS:CANCELLED, a higher SEQUENCE); inside the widget the page hears \`booking.cancelled\`. ${NOTICE}`,
    request: {
      params: PortalBookingParams,
      body: { required: true, content: { 'application/json': { schema: BookingCancel } } },
    },
    responses: {
      200: { description: 'Cancelled', content: { 'application/json': { schema: Booking } } },
      ...errorResponses(401, 404, 409, 422),
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
