import type { PubSub } from '../db/pubsub';
import type { Logger } from '../http/logger';
import { ACTIVITY_CHANNEL } from '../services/activity/record-activity';

/*
 * Sessions that ended (sign-out, sign out everywhere, one session ended from the list, a password changed
 * or reset, the account deleted; a portal client's sign-out and sign out everywhere): every instance is
 * told at once on the activity channel it already listens to (LISTEN/NOTIFY, or in process on the embedded
 * database), and checks the sessions of that provider's open sockets there and then, instead of at its
 * next 15-second check. The payload names the provider only; each instance reads which sessions still
 * exist itself.
 */

const ENDED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):sessions_ended$/;

/** The provider whose sessions (or whose clients' sessions) ended, if `payload` says so; else null. */
export function parseSessionsEnded(payload: string): string | null {
  return ENDED.exec(payload)?.[1] ?? null;
}

/**
 * Tells every instance that sessions of `providerId` (the provider's own, or a client's of one of its
 * portals) ended; call it after they were deleted. The periodic check still catches a lost notice, so a
 * failure is logged, never thrown at the user.
 */
export async function announceSessionsEnded(
  deps: { pubsub: PubSub },
  log: Pick<Logger, 'warn'>,
  providerId: string,
): Promise<void> {
  await deps.pubsub
    .publish(ACTIVITY_CHANNEL, `${providerId}:sessions_ended`)
    .catch((err: unknown) => log.warn({ err }, 'realtime: sessions-ended notice not published'));
}
