import { UnreadCount } from '../../../shared/contracts/activity';
import { errorResponses } from '../../http/openapi';
import { latestSeq, unreadCount } from '../../services/activity/notifications';
import { sharedOperation } from '../operation';

const description =
  'How many notifications the caller’s side has not read (the bell’s badge; spec §9 refetches it every 30 s), and the newest feed position it can see.';
const responses = {
  200: { description: 'The count', content: { 'application/json': { schema: UnreadCount } } },
  ...errorResponses(401, 422),
};

/** GET /api/notifications/unread-count and its portal counterpart. */
export const registerUnreadCount = sharedOperation(
  {
    method: 'get',
    path: '/api/notifications/unread-count',
    operationId: 'countUnreadNotifications',
    tags: ['Notifications'],
    summary: 'Unread notifications',
    provider: { description: description },
    client: { description: description },
    responses,
  },
  async (c, scope) => {
    const { sql } = c.get('deps');
    const [count, seq] = await Promise.all([unreadCount(sql, scope), latestSeq(sql, scope)]);
    return c.json({ count, latestSeq: seq }, 200);
  },
);
