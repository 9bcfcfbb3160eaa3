import { createRoute } from '@hono/zod-openapi';
import { FileList, FileListQuery } from '../../../shared/contracts/files';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listFiles } from '../../services/files/files';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';

const description =
  'A page of files, each with its latest version, what the caller may decide (`allowedDecisions`) and whether it may add a version. Filters: `projectId`, `status`, `uploadedBy`, `search` (contains, in the name); `statusCounts` counts the files per status under the other filters. Sorted by `sort` and `order`, paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422); `total` counts every match.';
const responses = {
  200: { description: 'Files', content: { 'application/json': { schema: FileList } } },
  ...errorResponses(401, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/files',
  tags: ['Files'],
  summary: 'List files',
  description: `${description} Every project of the provider.`,
  ...PROVIDER,
  request: { query: FileListQuery },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/files',
  tags: ['Portal'],
  summary: 'List files (client)',
  description: `${description} Only the files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalPathParam, query: FileListQuery },
  responses,
});

/** GET /api/files and its portal counterpart. */
export function registerListFiles(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(await listFiles(c.get('deps').sql, providerScope(c), c.req.valid('query')), 200),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(await listFiles(c.get('deps').sql, clientScope(c), c.req.valid('query')), 200),
  );
}
