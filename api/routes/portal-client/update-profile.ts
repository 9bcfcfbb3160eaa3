import { createRoute } from '@hono/zod-openapi';
import { PortalClient, PortalPathParam, PortalProfileUpdate } from '../../../shared/contracts/portal-client';
import { PORTAL_SECURITY, portalClientOf, requirePortalClient } from '../../auth/portal-client/middleware';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { updateClientProfile } from '../../services/portal-client/client-profile';
import { SESSION_EXAMPLE } from './examples';

const route = createRoute({
  method: 'patch',
  path: '/api/portal/{portalId}/profile',
  tags: ['Portal'],
  summary: 'Update the client’s profile',
  description:
    'Changes the signed-in client’s name (1–200 characters) and language (`en`, `de`; the portal and its e-mails follow it). Only the fields sent change.',
  security: PORTAL_SECURITY,
  middleware: [requirePortalClient] as const,
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
});

/** PATCH /api/portal/{portalId}/profile */
export function registerPortalUpdateProfile(app: App) {
  app.openapi(route, async (c) => {
    const { sql, now } = c.get('deps');
    const stored = await updateClientProfile(sql, clientScope(c), c.req.valid('json'), now());
    return c.json({ ...portalClientOf(c).client, ...stored }, 200);
  });
}
