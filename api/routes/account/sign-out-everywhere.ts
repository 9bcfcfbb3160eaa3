import { createRoute } from '@hono/zod-openapi';
import { SignOutEverywhereResponse } from '../../../shared/contracts/account';
import { clearSessionCookie } from '../../auth/cookie';
import { requireProvider, resetAuthentication } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { endAllSessions } from '../../services/account/sessions';

const route = createRoute({
  method: 'post',
  path: '/api/account/sessions/sign-out-everywhere',
  tags: ['Account'],
  summary: 'Sign out everywhere',
  description:
    'Ends every session of the account, this one included, and clears the cookie; the dashboard then goes to /auth.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  responses: {
    200: {
      description: 'Signed out on every device',
      content: { 'application/json': { schema: SignOutEverywhereResponse } },
    },
    ...errorResponses(401, 403),
  },
});

/** POST /api/account/sessions/sign-out-everywhere */
export function registerSignOutEverywhere(app: App) {
  app.openapi(route, async (c) => {
    const scope = providerScope(c);
    const endedSessions = await endAllSessions(c.get('deps').sql, scope);
    await announceSessionsEnded(c.get('deps'), c.get('log'), scope.providerId);
    clearSessionCookie(c);
    resetAuthentication(c);
    c.set('provider', undefined);
    return c.json({ ok: true as const, endedSessions }, 200);
  });
}
