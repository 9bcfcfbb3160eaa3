import { NotificationList, NotificationListQuery } from '../../../shared/contracts/activity';
import { errorResponses } from '../../http/openapi';
import { listNotifications } from '../../services/activity/notifications';
import { sharedOperation } from '../operation';

const description =
  'The notification sheet (spec §2, §7): the activity items of the caller’s projects, newest first, a page at a time (`limit` up to 100, default 50; `nextCursor` continues the list as `cursor`), each with its project and client, title and description in the request language (`Accept-Language`), and whether the caller’s side has read it; with the unread count.';
const responses = {
  200: { description: 'Notifications', content: { 'application/json': { schema: NotificationList } } },
  ...errorResponses(401, 422),
};

/** GET /api/notifications and its portal counterpart. */
export const registerNotifications = sharedOperation(
  {
    method: 'get',
    path: '/api/notifications',
    operationId: 'listNotifications',
    tags: ['Notifications'],
    summary: 'Your notifications',
    provider: { description: description },
    client: {
      summary: 'The client’s notifications',
      description: `${description} Only the client’s own projects, without what the provider keeps internal.`,
    },
    request: { query: NotificationListQuery },
    responses,
  },
  async (c, scope) =>
    c.json(await listNotifications(c.get('deps').sql, scope, c.get('lang'), c.req.valid('query')), 200),
);
