import { createRoute } from '@hono/zod-openapi';
import { ClientIdParam, ClientInvited } from '../../../shared/contracts/clients';
import { providerOf, requireProvider } from '../../auth/middleware';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { inviteClient } from '../../services/clients/invite-client';

const route = createRoute({
  method: 'post',
  path: '/api/clients/{clientId}/invite',
  tags: ['Clients'],
  summary: 'Invite a client to their portal',
  description:
    'Sends the portal’s branded sign-in e-mail (portal name, logo and colour, in the client’s language) with a magic link to `/portal/auth?token=…`, valid 24 hours and once (spec §9). Any earlier unused link of the client stops working. Without a mail key the e-mail goes to the development outbox. 503 when delivery fails.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: { params: ClientIdParam },
  responses: {
    200: {
      description: 'The invitation was sent',
      content: { 'application/json': { schema: ClientInvited } },
    },
    ...errorResponses(401, 403, 404, 422, 503),
  },
});

/** POST /api/clients/{clientId}/invite */
export function registerInviteClient(app: App) {
  app.openapi(route, async (c) => {
    const { clientId } = c.req.valid('param');
    const sent = await inviteClient(c.get('deps'), providerOf(c).userId, clientId);
    return c.json({ ok: true as const, ...sent }, 200);
  });
}
