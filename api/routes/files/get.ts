import { createRoute } from '@hono/zod-openapi';
import { FileDetail, FileIdParam } from '../../../shared/contracts/files';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getFileDetail } from '../../services/files/files';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';
import { PortalFileParams } from './params';

const description =
  'A file with every version (newest first), its history (uploads, versions and decisions with who, when, the version’s SHA-256 and the feedback; oldest first) and the feedback pinned to every version (`mine` for the caller’s side).';
const responses = {
  200: { description: 'The file', content: { 'application/json': { schema: FileDetail } } },
  ...errorResponses(401, 404, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/files/{fileId}',
  tags: ['Files'],
  summary: 'Get a file',
  description: `${description} Another provider’s file answers 404.`,
  ...PROVIDER,
  request: { params: FileIdParam },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/files/{fileId}',
  tags: ['Portal'],
  summary: 'Get a file (client)',
  description: `${description} Only files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalFileParams },
  responses,
});

/** GET /api/files/{fileId} and its portal counterpart. */
export function registerGetFile(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(await getFileDetail(c.get('deps').sql, providerScope(c), c.req.valid('param').fileId), 200),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(await getFileDetail(c.get('deps').sql, clientScope(c), c.req.valid('param').fileId), 200),
  );
}
