import type { z } from '@hono/zod-openapi';
import { ActivityItem, ActivityPageQuery } from '../../../shared/contracts/activity';
import { pageOf } from '../../../shared/contracts/paging';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import type { Scope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { Lang } from '../../http/i18n';
import { errorResponses } from '../../http/openapi';
import { listActivity } from '../../services/activity/notifications';
import { getProjectRow } from '../../services/projects/list-projects';
import { sharedOperation } from '../operation';

const ActivityPage = pageOf(ActivityItem).meta({ id: 'ActivityPage' });
const Query = ActivityPageQuery.omit({ projectId: true });
const description =
  'A project’s activity feed, newest first, paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list (older items) as `cursor`. Titles are in the request language.';
const responses = {
  200: { description: 'Activity', content: { 'application/json': { schema: ActivityPage } } },
  ...errorResponses(401, 404, 422),
};

/** GET /api/projects/{projectId}/activity and its portal counterpart. */
export const registerProjectActivity = sharedOperation(
  {
    method: 'get',
    path: '/api/projects/{projectId}/activity',
    operationId: 'listProjectActivity',
    tags: ['Projects'],
    summary: 'A project’s activity',
    provider: { description: description },
    client: { description: `${description} Without what the provider keeps internal.` },
    request: { params: ProjectIdParam, query: Query },
    responses,
  },
  async (c, scope) =>
    c.json(
      await page(
        c.get('deps').sql,
        scope,
        c.get('lang'),
        c.req.valid('param').projectId,
        c.req.valid('query'),
      ),
      200,
    ),
);

async function page(sql: Sql, scope: Scope, lang: Lang, projectId: string, query: z.output<typeof Query>) {
  await getProjectRow(sql, scope, projectId);
  return listActivity(sql, scope, lang, { ...query, projectId });
}
