import { PortalClient, PortalPathParam, PortalProfileUpdate } from '../../../shared/contracts/portal-client';
import { portalClientOf } from '../../auth/portal-client/middleware';
import { errorResponses } from '../../http/openapi';
import { updateClientProfile } from '../../services/portal-client/client-profile';
import { clientOperation } from '../operation';
import { SESSION_EXAMPLE } from './examples';

/** PATCH /api/portal/{portalId}/profile */
export const registerPortalUpdateProfile = clientOperation(
  {
    method: 'patch',
    path: '/api/portal/{portalId}/profile',
    operationId: 'portalUpdateProfile',
    tags: ['Portal'],
    summary: 'Update the client’s profile',
    description:
      'Changes the signed-in client’s name (1–200 characters) and language (`en`, `de`; the portal and its e-mails follow it). Only the fields sent change.',
    request: {
      params: PortalPathParam,
      body: {
        required: true,
        content: { 'application/json': { schema: PortalProfileUpdate, example: { language: 'de' } } },
      },
    },
    responses: {
      200: {
        description: 'The updated client',
        content: { 'application/json': { schema: PortalClient, example: SESSION_EXAMPLE.client } },
      },
      ...errorResponses(401, 403, 415, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const stored = await updateClientProfile(deps, scope, c.req.valid('json'), deps.now());
    return c.json({ ...portalClientOf(c).client, ...stored }, 200);
  },
);
