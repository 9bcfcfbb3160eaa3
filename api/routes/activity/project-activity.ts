import { createRoute, z } from '@hono/zod-openapi';
import { ActivityItem, ActivityPageQuery } from '../../../shared/contracts/activity';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { clientScope, providerScope, type Scope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { App } from '../../http/context';
import type { Lang } from '../../http/i18n';
import { errorResponses } from '../../http/openapi';
import { listActivity } from '../../services/activity/notifications';
import { getProjectRow } from '../../services/projects/list-projects';
import { PORTAL_CLIENT, PortalProjectParams, PROVIDER } from '../audiences';

const ActivityPage = z.object({ items: z.array(ActivityItem) }).meta({ id: 'ActivityPage' });
const Query = ActivityPageQuery.omit({ projectId: true });
const description =
  'A project’s activity feed, newest first: `before` a seq loads older items, `limit` up to 100 (default 50). Titles are in the request language.';
const responses = {
  200: { description: 'Activity', content: { 'application/json': { schema: ActivityPage } } },
  ...errorResponses(401, 404, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/projects/{projectId}/activity',
  tags: ['Projects'],
  summary: 'A project’s activity',
  description,
  ...PROVIDER,
  request: { params: ProjectIdParam, query: Query },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/projects/{projectId}/activity',
  tags: ['Portal'],
  summary: 'A project’s activity (client)',
  description: `${description} Without what the provider keeps internal.`,
  ...PORTAL_CLIENT,
  request: { params: PortalProjectParams, query: Query },
  responses,
});

async function page(sql: Sql, scope: Scope, lang: Lang, projectId: string, query: z.output<typeof Query>) {
  await getProjectRow(sql, scope, projectId);
  return { items: await listActivity(sql, scope, lang, { ...query, projectId }) };
}

/** GET /api/projects/{projectId}/activity and its portal counterpart. */
export function registerProjectActivity(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(
      await page(
        c.get('deps').sql,
        providerScope(c),
        c.get('lang'),
        c.req.valid('param').projectId,
        c.req.valid('query'),
      ),
      200,
    ),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(
      await page(
        c.get('deps').sql,
        clientScope(c),
        c.get('lang'),
        c.req.valid('param').projectId,
        c.req.valid('query'),
      ),
      200,
    ),
  );
}
