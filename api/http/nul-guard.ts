import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { ApiError } from './errors';
import { requestHeader } from './request-context';

/** A NUL (U+0000) as it arrives: percent-encoded (decoded in paths, queries and cookie values) or raw. */
const hasNul = (value: string) => value.includes('\u0000') || /%00/i.test(value);

/**
 * No NUL reaches a handler through the URL (path ids, query values), the cookies or the Authorization
 * header: PostgreSQL cannot store or compare it, and no browser or client of ours sends one. Answers 400
 * `bad_request` for every route at once, before sessions are looked up; text in bodies is refused by the
 * contracts' `text()` (422), and `onError` turns the database's own refusal into 400 should one slip by.
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const target = url.slice(url.indexOf('/', url.indexOf('//') + 2));
    if (
      hasNul(target) ||
      hasNul(requestHeader(c, 'cookie') ?? '') ||
      hasNul(requestHeader(c, 'authorization') ?? '')
    )
      throw new ApiError('bad_request');
    return next();
  };
}
