import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';
import { requestHeader } from '../http/request-context';

/**
 * Over HTTPS the cookie is `__Host-session` (browsers then insist on Secure, Path=/ and no Domain, so a
 * sibling sub-domain cannot plant or overwrite it); plain-HTTP development falls back to `session`.
 */
export function sessionCookieName(config: Pick<Config, 'publicOrigin'>): string {
  return isSecure(config) ? '__Host-session' : 'session';
}

function isSecure(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin.startsWith('https:');
}

/** The session token from the request's cookie, if any. */
export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  const header = requestHeader(c, 'cookie');
  if (!header) return undefined;
  return cookieValue(header, sessionCookieName(c.get('deps').config));
}

/**
 * The first value of cookie `name` in a Cookie header, unquoted, or undefined. Our tokens are base32 and
 * a dot, so nothing is percent-decoded (a value that needed decoding is no token of ours anyway).
 * @example cookieValue('theme=dark; session=abc.def', 'session') // 'abc.def'
 */
export function cookieValue(header: string, name: string): string | undefined {
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      const unquoted =
        value.length > 1 && value[0] === '"' && value.at(-1) === '"' ? value.slice(1, -1) : value;
      return unquoted || undefined;
    }
    start = end + 1;
  }
  return undefined;
}

/** Sets the HttpOnly, SameSite=Lax session cookie, expiring with the session. */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const config = c.get('deps').config;
  setCookie(c, sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecure(config),
    expires: expiresAt,
  });
}

/** Removes the session cookie (sign-out, or a cookie whose session no longer exists). */
export function clearSessionCookie(c: Context<AppEnv>): void {
  const config = c.get('deps').config;
  deleteCookie(c, sessionCookieName(config), {
    path: '/',
    secure: isSecure(config),
    httpOnly: true,
    sameSite: 'Lax',
  });
}
