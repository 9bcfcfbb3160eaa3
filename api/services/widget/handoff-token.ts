import { createHmac, timingSafeEqual } from 'node:crypto';
import { Email } from '../../../shared/contracts/common';
import {
  HANDOFF_CLOCK_SKEW_S,
  HANDOFF_MAX_LIFETIME_S,
  type HandoffClaims,
} from '../../../shared/contracts/widget';
import { ApiError } from '../../http/errors';

/**
 * Verifies a handoff JWT (RFC 7519, JWS compact, HS256 only) with node:crypto: no algorithm but HS256 is
 * accepted (no `none`, no RSA/HMAC confusion), the signature is compared in constant time and checked
 * BEFORE any claim is trusted. Single use (`jti`) is the caller's job (it needs the database).
 * @throws ApiError `handoff_invalid` (malformed, other algorithm, missing or bad claims, lifetime over
 *   10 minutes, issued in the future), `handoff_bad_signature`, `handoff_wrong_audience`, `handoff_expired`
 */
export function verifyHandoffToken(
  token: string,
  secret: string,
  expected: { portalId: string; now: Date },
): HandoffClaims & { sub: string } {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) {
    throw new ApiError('handoff_invalid');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (header.alg !== 'HS256' || header.crit !== undefined) throw new ApiError('handoff_invalid');
  if (header.typ !== undefined && String(header.typ).toUpperCase() !== 'JWT')
    throw new ApiError('handoff_invalid');

  const expectedSignature = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${headerPart}.${payloadPart}`)
    .digest();
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== expectedSignature.length || !timingSafeEqual(signature, expectedSignature)) {
    throw new ApiError('handoff_bad_signature');
  }

  const claims = decodeJson(payloadPart);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.portalId)) throw new ApiError('handoff_wrong_audience');

  const { iat, exp, nbf, jti } = claims;
  const now = Math.floor(expected.now.getTime() / 1000);
  if (!isTime(iat) || !isTime(exp) || (nbf !== undefined && !isTime(nbf)))
    throw new ApiError('handoff_invalid');
  if (exp <= iat || exp - iat > HANDOFF_MAX_LIFETIME_S) throw new ApiError('handoff_invalid');
  if (iat > now + HANDOFF_CLOCK_SKEW_S || (nbf !== undefined && nbf > now + HANDOFF_CLOCK_SKEW_S)) {
    throw new ApiError('handoff_invalid');
  }
  if (now >= exp) throw new ApiError('handoff_expired');

  const sub = Email.safeParse(claims.sub);
  if (!sub.success) throw new ApiError('handoff_invalid');
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 200 || jti.includes('\u0000'))
    throw new ApiError('handoff_invalid');
  return {
    sub: sub.data,
    aud: claims.aud as string | string[],
    iat,
    exp,
    jti,
    ...(nbf !== undefined ? { nbf: nbf as number } : {}),
  };
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new ApiError('handoff_invalid');
}
