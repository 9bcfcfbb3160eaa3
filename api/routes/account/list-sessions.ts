import { AccountSessionList } from '../../../shared/contracts/account';
import { errorResponses } from '../../http/openapi';
import { listSessions } from '../../services/account/sessions';
import { providerOperation } from '../operation';

/** GET /api/account/sessions */
export const registerListSessions = providerOperation(
  {
    method: 'get',
    path: '/api/account/sessions',
    tags: ['Account'],
    summary: 'List your active sessions',
    description:
      'Every live session of the account (devices signed in), most recently active first, with the browser, a masked IP address and `current: true` for the one making this request. Session secrets are never returned. Not cacheable.',
    responses: {
      200: {
        description: 'The sessions',
        content: { 'application/json': { schema: AccountSessionList } },
      },
      ...errorResponses(401),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json({ sessions: await listSessions(sql, scope, now()) }, 200);
  },
);
