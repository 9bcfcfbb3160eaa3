import { createRoute } from '@hono/zod-openapi';
import { AccountSessionList } from '../../../shared/contracts/account';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listSessions } from '../../services/account/sessions';

const route = createRoute({
  method: 'get',
  path: '/api/account/sessions',
  tags: ['Account'],
  summary: 'List your active sessions',
  description:
    'Every live session of the account (devices signed in), most recently active first, with the browser, a masked IP address and `current: true` for the one making this request. Session secrets are never returned. Not cacheable.',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  responses: {
    200: {
      description: 'The sessions',
      content: { 'application/json': { schema: AccountSessionList } },
    },
    ...errorResponses(401),
  },
});

/** GET /api/account/sessions */
export function registerListSessions(app: App) {
  app.openapi(route, async (c) => {
    const scope = providerScope(c);
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ sessions: await listSessions(sql, scope, now()) }, 200);
  });
}
