import { ClientIdParam, ClientInvited } from '../../../shared/contracts/clients';
import { errorResponses } from '../../http/openapi';
import { enforceAddressLimits } from '../../http/rate-limit';
import { INVITATION_LIMITS, invitationLimitError } from '../../services/clients/invitation-limits';
import { findInvitee, sendInvitation } from '../../services/clients/invite-client';
import { providerOperation } from '../operation';

/** POST /api/clients/{clientId}/invite */
export const registerInviteClient = providerOperation(
  {
    method: 'post',
    path: '/api/clients/{clientId}/invite',
    operationId: 'inviteClient',
    tags: ['Clients'],
    summary: 'Invite a client to their portal',
    description:
      'Sends the portal’s branded invitation e-mail (portal name, logo and colour, in the client’s language; its own subject, unlike the sign-in e-mail) with a magic link to `/portal/auth?token=…`, valid 24 hours and once (spec §9). Any earlier unused link of the client stops working; links the client asks for on the portal later do not void it. Without a mail key the e-mail goes to the development outbox. 503 when delivery fails. 429 `invitation_limit` (with `Retry-After`, and a message naming the limit and the wait) beyond 20 invitations per hour or 100 per day per provider, 3 per hour or 10 per day to one client, or 10 per hour or 30 per day to one address from all providers together.',
    request: { params: ClientIdParam },
    responses: {
      200: {
        description: 'The invitation was sent',
        content: { 'application/json': { schema: ClientInvited } },
      },
      ...errorResponses(401, 403, 404, 422, 429, 503),
    },
  },
  async (c, scope) => {
    const { clientId } = c.req.valid('param');
    const client = await findInvitee(c.get('deps').sql, scope, clientId);
    await enforceAddressLimits(c, INVITATION_LIMITS, client.email, {
      source: scope.providerId,
      refuse: invitationLimitError(c.get('lang')),
      always: true,
    });
    const sent = await sendInvitation(c.get('deps'), client);
    return c.json({ ok: true as const, ...sent }, 200);
  },
);
