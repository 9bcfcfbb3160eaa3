import { MarkedRead, MarkNotificationsRead } from '../../../shared/contracts/activity';
import { errorResponses } from '../../http/openapi';
import { markNotificationsRead } from '../../services/activity/notifications';
import { sharedOperation } from '../operation';

const description =
  'Spec §7 `mark_notifications_read`: marks the caller’s side’s unread notifications read, of `projectIds` or of all the caller’s projects (“Mark all read”). Projects that are not the caller’s change nothing. Returns how many changed.';
const body = {
  required: true,
  content: { 'application/json': { schema: MarkNotificationsRead, example: {} } },
};
const responses = {
  200: { description: 'How many were marked read', content: { 'application/json': { schema: MarkedRead } } },
  ...errorResponses(401, 403, 415, 422),
};

/** POST /api/notifications/read and its portal counterpart. */
export const registerMarkNotificationsRead = sharedOperation(
  {
    method: 'post',
    path: '/api/notifications/read',
    operationId: 'markNotificationsRead',
    tags: ['Notifications'],
    summary: 'Mark notifications read',
    provider: { description },
    client: { description },
    request: { body },
    responses,
  },
  async (c, scope) =>
    c.json(
      { count: await markNotificationsRead(c.get('deps').sql, scope, c.req.valid('json').projectIds) },
      200,
    ),
);
