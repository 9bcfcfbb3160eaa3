import type { DnsResolver } from '../../http/context';
import { verificationRecordName } from '../portals/portal-view';

/**
 * The outcome of looking for a portal's token in `_clientportal-verify.<domain>`:
 * - `found`: one of the TXT values is the token;
 * - `gone`: a definite answer without it: the name does not exist (`ENOTFOUND`, NXDOMAIN), it has no
 *   TXT record (`ENODATA`) or its TXT values do not hold the token (`wrong_value`);
 * - `unanswered`: no definite answer (a timeout, SERVFAIL, a refused or unreachable resolver): says
 *   nothing about the domain, so the periodic re-check never stops serving a domain for it (an outage
 *   of our resolver must not take every provider's domain down).
 */
export type TokenLookup =
  | { outcome: 'found' }
  | { outcome: 'gone'; error: 'ENOTFOUND' | 'ENODATA' | 'wrong_value' }
  | { outcome: 'unanswered'; error: string };

/**
 * Looks the verification TXT record of `domain` up and says whether it holds `token`.
 * @example await lookupToken(deps.dns, 'portal.example.com', 'cpv-…') // { outcome: 'gone', error: 'ENODATA' }
 */
export async function lookupToken(dns: DnsResolver, domain: string, token: string): Promise<TokenLookup> {
  try {
    const records = await dns.resolveTxt(verificationRecordName(domain));
    // A long TXT value may arrive split into several strings; joined, they are one value.
    const values = records.map((chunks) => chunks.join('').trim());
    return token && values.includes(token) ? { outcome: 'found' } : { outcome: 'gone', error: 'wrong_value' };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { outcome: 'gone', error: code };
    // Only a resolver's own code (ETIMEOUT, ESERVFAIL, …) is shown to the provider, never a message.
    const error = typeof code === 'string' && /^[A-Z_]{2,32}$/.test(code) ? code : 'lookup_failed';
    return { outcome: 'unanswered', error };
  }
}
