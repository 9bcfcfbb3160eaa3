import { actingFor, ownedBy } from '../../auth/scope';
import type { Sql } from '../../db/client';

/** A display name as a quoted string of RFC 5322 (no line breaks, quotes and backslashes escaped). */
export function quotedName(name: string): string {
  const clean = name
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .trim();
  return `"${clean}"`;
}

/** The display name of an address like `Client Portal <onboarding@resend.dev>`, or null. */
const displayNameOf = (from: string): string | null => from.match(/^\s*"?([^"<]+?)"?\s*</)?.[1] ?? null;

/**
 * The From of a portal e-mail sent for `providerId` (the `send_mail` job acts for the provider its row
 * names): `"<business or full name>" <local@domain>` while the provider's sending domain is verified and in
 * use, else the platform's `fallback` (`MAIL_FROM`).
 * @example await senderOf(sql, row.sender_provider_id, config.MAIL_FROM) // '"Studio Nord" <portal@mail.studio-nord.de>'
 */
export async function senderOf(sql: Sql, providerId: string, fallback: string): Promise<string> {
  const [row] = await sql<{ domain: string; from_local_part: string; name: string | null }[]>`
    SELECT d.domain, d.from_local_part,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS name
    FROM mail_domains d LEFT JOIN profiles pr ON pr.user_id = d.provider_id
    WHERE ${ownedBy(sql, actingFor(providerId), 'd.provider_id')} AND d.in_use AND d.status = 'verified'`;
  if (!row) return fallback;
  const name = row.name ?? displayNameOf(fallback);
  const address = `${row.from_local_part}@${row.domain}`;
  return name ? `${quotedName(name)} <${address}>` : address;
}
