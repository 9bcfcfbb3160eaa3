import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { AppEnv } from '../http/context';

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
  return getCookie(c, sessionCookieName(c.get('deps').config)) || undefined;
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
