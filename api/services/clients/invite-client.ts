import { colorContrast } from '../../../shared/format/contrast';
import { issueMagicLink, magicLinkUrl } from '../../auth/portal-client/magic-link';
import { type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { magicLinkMail } from '../../mail/templates/magic-link';
import { logoUrl } from '../portals/portal-view';

/** A client to invite, with the portal fields the e-mail shows. */
export interface Invitee {
  id: string;
  provider_id: string;
  name: string;
  email: string;
  language: 'en' | 'de';
  portal_id: string;
  portal_name: string;
  logo_path: string | null;
  primary_color: string;
}

/**
 * The provider's client to invite (read first, so the invitation limits count the client's address and
 * only for the provider's own clients).
 * @throws `not_found` for another provider's client
 */
export async function findInvitee(sql: Sql, scope: ProviderScope, clientId: string): Promise<Invitee> {
  const [client] = await sql<Invitee[]>`
    SELECT c.id, c.provider_id, c.name, c.email, c.language, c.portal_id, p.portal_name, p.logo_path, p.primary_color
    FROM clients c JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    WHERE ${tenant(sql, scope, { provider: 'c.provider_id', client: 'c.id' })} AND c.id = ${clientId}`;
  if (!client) throw new ApiError('not_found');
  return client;
}

/**
 * Invites a client to their portal: issues an invitation link (the same service the portal's sign-in uses;
 * it voids the client's earlier unused links, and nothing the client requests later voids it) and sends the
 * portal's branded invitation e-mail in the client's language. The caller enforces `INVITATION_LIMITS`.
 * The e-mail is queued in the link's transaction; the job queue delivers it and retries a failure.
 */
export async function sendInvitation(deps: AppDeps, client: Invitee) {
  const { sql, config, mailer } = deps;
  return sql.begin(async (tx) => {
    const { token, expiresAt } = await issueMagicLink(
      tx,
      { id: client.id, portalId: client.portal_id },
      'invitation',
      deps.now(),
    );
    const mail = magicLinkMail({
      to: client.email,
      name: client.name,
      lang: client.language,
      link: magicLinkUrl(config.publicOrigin, token),
      purpose: 'invitation',
      portal: {
        name: client.portal_name,
        logoUrl: logoUrl(config.publicOrigin, client.portal_id, client.logo_path),
        primaryColor: client.primary_color,
        buttonTextColor: colorContrast(client.primary_color).textColor,
      },
    });
    await mailer.queue(tx, { ...mail, senderProviderId: client.provider_id });
    return { expiresAt: expiresAt.toISOString(), via: mailer.via };
  });
}
