import { MagicLinkRequest, MagicLinkSent } from '../../../shared/contracts/portal-client';
import { PORTAL_ADDRESS_LIMITS } from '../../auth/portal-client/rate-limits';
import { requestMagicLink } from '../../auth/portal-client/request-magic-link';
import { errorResponses } from '../../http/openapi';
import { enforceAddressLimits } from '../../http/rate-limit';
import { devHelpersFor } from '../dev/outbox';
import { publicOperation } from '../operation';

/** POST /api/portal/magic-link */
export const registerRequestMagicLink = publicOperation(
  {
    method: 'post',
    path: '/api/portal/magic-link',
    operationId: 'portalRequestMagicLink',
    tags: ['Portal'],
    summary: 'Send a client a sign-in link',
    description:
      'Finds the client by e-mail (in `portalId`, or in every portal) and sends the portal’s branded e-mail in the client’s language with a link to `/portal/auth?token=…` (or `/auth?token=…` when asked on the portal’s verified custom domain, or `<returnTo>#cp_magic=<token>&cp_portal=<portalId>` when asked inside the widget): valid 24 hours, once; any earlier unused link the client asked for stops working, but never an invitation the provider sent (it works until used or expired). 422 with the field `returnTo` when its origin is not one of the portal’s allowed website origins, or `portalId` is missing with it (nothing is sent). 404 `portal_account_not_found` / `account_not_found` carry the spec’s “Access Denied” texts. 503 `magic_link_failed` when the e-mail cannot be sent (the link is discarded). Only where the development outbox is on (outside production, without a mail key) and for a request from the machine itself (unless `DEV_HELPERS_REMOTE=true`): `outboxUrl` says where to read the delivered e-mail, or, when it could not be delivered, `demoLink` returns the link (spec’s “Email Error - Demo Link”). Limited per source: 5 per 15 minutes for one e-mail (so a stranger elsewhere cannot use up the client’s own requests) and 30 for any e-mails; and 30 per hour for one e-mail from everywhere together.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: MagicLinkRequest,
            example: { email: 'grace@example.com', portalId: '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The e-mail was sent (or stored in the development outbox)',
        content: {
          'application/json': {
            schema: MagicLinkSent,
            example: { ok: true, expiresAt: '2026-11-22T10:00:00.000Z' },
          },
        },
      },
      ...errorResponses(403, 404, 415, 422, 429, 503),
    },
  },
  async (c) => {
    const input = c.req.valid('json');
    await enforceAddressLimits(c, PORTAL_ADDRESS_LIMITS.magicLink, input.email);
    const sent = await requestMagicLink(c.get('deps'), input, c.req.header('host'), devHelpersFor(c));
    return c.json(sent, 200);
  },
);
