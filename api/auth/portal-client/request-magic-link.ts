import type { MagicLinkSent } from '../../../shared/contracts/portal-client';
import { colorContrast } from '../../../shared/format/contrast';
import { magicReturnUrl } from '../../../shared/widget/magic-fragment';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { magicLinkMail } from '../../mail/templates/magic-link';
import { allowedOriginsOf } from '../../services/portal-client/branding';
import { logoUrl } from '../../services/portals/portal-view';
import { clientsByEmail, type SignInClientRow } from './find-clients';
import { customDomainMagicLinkUrl, discardMagicLink, issueMagicLink, magicLinkUrl } from './magic-link';

/** The request's host name: lower case, without port or trailing dot. */
function hostName(header: string | undefined): string {
  return (header ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Where the link leads: back to the page embedding the portal when asked inside the widget (`returnTo`,
 * already checked against the portal's allowed origins); back to the portal's verified custom domain when
 * the client asked there (the session is stored per origin); else to `/portal/auth` on the platform.
 * The widget's link carries the token in the fragment (`shared/widget/magic-fragment.ts`, the format the
 * widget reads): never sent to the provider's server; the widget takes it off the address bar at once and
 * hands it to the portal frame, which spends it by POST like the "Continue" button.
 */
function linkFor(
  deps: AppDeps,
  client: SignInClientRow,
  hostHeader: string | undefined,
  token: string,
  returnTo: string | undefined,
) {
  if (returnTo) return magicReturnUrl(returnTo, token, client.portal_id);
  const onCustomDomain =
    client.domain_status === 'verified' &&
    client.custom_domain !== null &&
    hostName(hostHeader) === client.custom_domain;
  if (!onCustomDomain) return magicLinkUrl(deps.config.publicOrigin, token);
  const protocol = new URL(deps.config.publicOrigin).protocol;
  return customDomainMagicLinkUrl(`${protocol}//${hostHeader?.trim().toLowerCase()}`, token);
}

/**
 * A widget's return page must be on one of the portal's allowed website origins (the same list its
 * `frame-ancestors` is made of), so a sign-in link can never be sent towards another website.
 * @throws `validation_failed` on `returnTo` otherwise, or without a portal
 */
async function checkReturnTo(
  deps: AppDeps,
  input: { portalId?: string | undefined; returnTo?: string | undefined },
) {
  if (input.returnTo === undefined) return;
  const refuse = () =>
    new ApiError('validation_failed', { fields: [{ path: 'returnTo', key: 'validation.invalid' }] });
  if (!input.portalId) throw refuse();
  const allowed = (await allowedOriginsOf(deps.sql, input.portalId)) ?? [];
  if (!allowed.includes(new URL(input.returnTo).origin)) throw refuse();
}

/** Where a developer reads the mails to `email` in the development outbox (`GET /api/dev/outbox?to=…`). */
function outboxUrl(publicOrigin: string, email: string): string {
  return `${publicOrigin}/api/dev/outbox?to=${encodeURIComponent(email)}`;
}

/**
 * Spec §4 "magic link": checks a widget's return page, finds the client (the two "Access Denied" answers
 * of spec §8 otherwise), issues a sign-in link (hash stored, 24 h, single use; it voids the client's
 * earlier requested links, never the provider's invitation) and sends the portal's branded e-mail in the
 * client's language. Without a portal, an address known in several portals gets one e-mail per portal,
 * each leading to its own portal.
 *
 * Where the development outbox is on (not production, no mail key) and the caller is on the same machine
 * (or `DEV_HELPERS_REMOTE`), a delivered e-mail is answered with
 * `outboxUrl` (where to read it), and a failed one with `demoLink`: spec §8's "Email Error - Demo Link",
 * the link itself, which stays usable. Anywhere else a failed e-mail discards its link and answers the
 * generic `magic_link_failed`; the link is never revealed.
 * @throws `portal_account_not_found` / `account_not_found` (404), `magic_link_failed` (503)
 */
export async function requestMagicLink(
  deps: AppDeps,
  input: { email: string; portalId?: string | undefined; returnTo?: string | undefined },
  hostHeader: string | undefined,
  /** Whether the caller may see the development helpers (`devHelpersFor`: the outbox is on, asked locally). */
  devHelpers: boolean,
): Promise<MagicLinkSent> {
  const { sql, config, mailer } = deps;
  await checkReturnTo(deps, input);
  const clients = await clientsByEmail(sql, input.email, input.portalId);
  if (clients.length === 0) {
    throw new ApiError(input.portalId ? 'portal_account_not_found' : 'account_not_found');
  }
  const development = devHelpers;
  let expiresAt: Date | undefined;
  let demoLink: string | undefined;
  for (const client of clients) {
    const issued = await issueMagicLink(
      sql,
      { id: client.id, portalId: client.portal_id },
      'sign_in',
      deps.now(),
    );
    const link = linkFor(deps, client, hostHeader, issued.token, input.returnTo);
    const mail = magicLinkMail({
      to: client.email,
      name: client.name,
      lang: client.language,
      link,
      purpose: 'sign-in',
      portal: {
        name: client.portal_name,
        logoUrl: logoUrl(config.publicOrigin, client.portal_id, client.logo_path),
        primaryColor: client.primary_color,
        buttonTextColor: colorContrast(client.primary_color).textColor,
      },
    });
    try {
      await mailer.queue(sql, { ...mail, senderProviderId: client.provider_id });
    } catch (cause) {
      // The database away (issue 31): 503 with `Retry-After` from `onError`; the link is not usable anyway.
      if (isDatabaseUnavailable(cause)) throw cause;
      if (!development) {
        await discardMagicLink(sql, issued.token);
        throw new ApiError('magic_link_failed', { cause });
      }
      deps.log.warn({ err: cause, portalId: client.portal_id }, 'sign-in e-mail not sent: demo link shown');
      demoLink ??= link;
    }
    expiresAt ??= issued.expiresAt;
  }
  if (!expiresAt) throw new ApiError('internal_error');
  return {
    ok: true,
    expiresAt: expiresAt.toISOString(),
    ...(demoLink
      ? { demoLink }
      : development
        ? { outboxUrl: outboxUrl(config.publicOrigin, input.email) }
        : {}),
  };
}
