import { PortalBookingTypeList } from '../../../shared/contracts/bookings';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { portalBookingTypes } from '../../services/booking/portal';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/booking-types */
export const registerPortalBookingTypes = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/booking-types',
    operationId: 'portalListBookingTypes',
    tags: ['Portal'],
    summary: 'Booking types the client may book',
    description:
      'The provider’s active booking types open to the signed-in client (to all clients, or to chosen ones including this client), by name.',
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'The booking types',
        content: { 'application/json': { schema: PortalBookingTypeList } },
      },
      ...errorResponses(401),
    },
  },
  async (c, scope) => c.json(await portalBookingTypes(c.get('deps').sql, scope), 200),
);
