import type { Context } from 'hono';
import type { SessionResponse } from '../../shared/contracts/auth';
import type { AppEnv } from '../http/context';
import { ApiError } from '../http/errors';
import { clientIp } from '../http/rate-limit';
import { setSessionCookie } from './cookie';
import { resetAuthentication } from './middleware';
import { billingOf } from './plan-gate';
import { createSession, validateSessionToken } from './session';
import { toSessionResponse } from './session-response';

/**
 * Signs a user in on this response: creates the session, sets the cookie and returns the session body
 * (sign-in and e-mail verification both end here).
 */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<SessionResponse> {
  const { sql, now, config } = c.get('deps');
  const created = await createSession(sql, userId, now(), {
    userAgent: c.req.header('user-agent'),
    ip: clientIp(c),
  });
  const result = await validateSessionToken(sql, created.token, now(), { billing: billingOf(config) });
  if (!result) throw new ApiError('internal_error');
  setSessionCookie(c, created.token, result.session.expiresAt);
  resetAuthentication(c);
  c.set('provider', { userId, sessionId: result.session.id, sessionExpiresAt: result.session.expiresAt });
  return toSessionResponse(result);
}
