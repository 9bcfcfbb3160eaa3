import { colorContrast } from '../../../shared/format/contrast';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { magicLinkMail } from '../../mail/templates/magic-link';
import { issueMagicLink, magicLinkUrl } from '../portal-auth/magic-link';
import { logoUrl } from '../portals/portal-view';

/**
 * Invites a client to their portal: issues a magic link (the same service the portal's sign-in uses)
 * and sends the portal's branded e-mail in the client's language.
 * @throws `not_found` for another provider's client; `service_unavailable` when delivery fails
 */
export async function inviteClient(deps: AppDeps, providerId: string, clientId: string) {
  const { sql, config, mailer } = deps;
  const now = deps.now();
  const [client] = await sql<
    {
      id: string;
      name: string;
      email: string;
      language: 'en' | 'de';
      portal_id: string;
      portal_name: string;
      logo_path: string | null;
      primary_color: string;
    }[]
  >`
    SELECT c.id, c.name, c.email, c.language, c.portal_id, p.portal_name, p.logo_path, p.primary_color
    FROM clients c JOIN client_portals p ON p.id = c.portal_id
    WHERE c.provider_id = ${providerId} AND c.id = ${clientId}`;
  if (!client) throw new ApiError('not_found');
  const { token, expiresAt } = await issueMagicLink(sql, { id: client.id, portalId: client.portal_id }, now);
  const mail = magicLinkMail({
    to: client.email,
    name: client.name,
    lang: client.language,
    link: magicLinkUrl(config.publicOrigin, token),
    portal: {
      name: client.portal_name,
      logoUrl: logoUrl(config.publicOrigin, client.portal_id, client.logo_path),
      primaryColor: client.primary_color,
      buttonTextColor: colorContrast(client.primary_color).textColor,
    },
  });
  try {
    const sent = await mailer.send(mail);
    return { expiresAt: expiresAt.toISOString(), via: sent.via };
  } catch (cause) {
    throw new ApiError('service_unavailable', { cause });
  }
}
