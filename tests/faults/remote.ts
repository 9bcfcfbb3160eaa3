import type { TestContext } from '../../api/testing/harness';
import { TEST_ORIGIN } from '../../api/testing/harness';

/**
 * A running service (`startServiceProcess`) seen through the in-process tests' `TestContext.app.request`,
 * so their helpers (`signedInProvider`, `portalWorld`, `passwordSession`, `send` …) drive it over HTTP.
 * Only `app.request` is there: a helper that reaches for `t.sql` or `t.deps` does not fit a real process.
 * The service must run with `PUBLIC_URL` = `TEST_ORIGIN` (the helpers' Origin header).
 * @example const t = remote(svc.url); const world = await portalWorld(t, 'a')
 */
export function remote(url: string): TestContext {
  const request = (path: string, init?: RequestInit) => fetch(new URL(path, url), init);
  return { app: { request } } as unknown as TestContext;
}

/** The environment a service process needs for `remote`'s helpers. */
export const REMOTE_ENV = { PUBLIC_URL: TEST_ORIGIN } as const;
