import { AccountSessionList, AccountSessionListQuery } from '../../../shared/contracts/account';
import { errorResponses } from '../../http/openapi';
import { listSessions } from '../../services/account/sessions';
import { providerOperation } from '../operation';

/** GET /api/account/sessions */
export const registerListSessions = providerOperation(
  {
    method: 'get',
    path: '/api/account/sessions',
    operationId: 'listSessions',
    tags: ['Account'],
    summary: 'List your active sessions',
    description:
      'Every live session of the account (devices signed in), most recently active first, with the browser, a masked IP address and `current: true` for the one making this request. Session secrets are never returned. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor`. Not cacheable.',
    request: { query: AccountSessionListQuery },
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
    return c.json(await listSessions(sql, scope, now(), c.req.valid('query')), 200);
  },
);
