import { WEBHOOK_LIMITS } from '../../../shared/contracts/webhooks';
import type { Config } from '../../config';
import { ApiError } from '../../http/errors';
import { checkAddress, isLocalhostName } from './address-policy';
import type { HostResolver } from './resolve';

/** How long saving an endpoint waits for its host's addresses before it leaves the check to delivery. */
const LOOKUP_WAIT_MS = 2_000;

const refuse = (key: string) => new ApiError('validation_failed', { fields: [{ path: 'url', key }] });

/**
 * The server's half of an endpoint URL's check (the contract's `WebhookUrl` checked the form): https in
 * production (http too elsewhere), and no internal target: `localhost`, an internal IP literal, or a host
 * whose addresses include one (looked up now, for the provider's sake; delivery checks again every time,
 * since DNS can change, and a host that does not resolve yet is left to it).
 * @throws `validation_failed` on `url` with `validation.webhookUrlHttpsRequired` / `webhookUrlInternal`
 */
export async function checkEndpointUrl(
  config: Pick<Config, 'isProduction' | 'WEBHOOKS_ALLOW_LOOPBACK'>,
  resolve: HostResolver,
  value: string,
): Promise<void> {
  const url = new URL(value);
  if (value.length > WEBHOOK_LIMITS.urlMaxLength) throw refuse('validation.webhookUrlTooLong');
  if (config.isProduction && url.protocol !== 'https:') throw refuse('validation.webhookUrlHttpsRequired');
  const allowLoopback = config.WEBHOOKS_ALLOW_LOOPBACK;
  if (isLocalhostName(url.hostname) && !allowLoopback) throw refuse('validation.webhookUrlInternal');
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(url.hostname).catch(() => []),
    new Promise<[]>((done) => {
      timer = setTimeout(() => done([]), LOOKUP_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (addresses.some((a) => !checkAddress(a.address, { allowLoopback }).allowed))
    throw refuse('validation.webhookUrlInternal');
}
