import { createRoute } from '@hono/zod-openapi';
import { FilePageParams } from '../../../shared/contracts/files';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { pageFor } from '../../services/files/previews';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';
import { PortalFilePageParams, sendPreview, webpContent } from './preview-response';

const description =
  'Page `page` of the version as a WebP image, at most 1600 px on its long side: an image’s preview (page 1 only), or a PDF page. A PDF page not viewed before is rendered now (one at a time per account, in a process with hard limits; 503 with `Retry-After` when too many of the account’s pages wait) and kept for the next viewer. A page past the last answers 404 `not_found`; a document, or a file that could not be read, 404 `file_preview_unavailable`. Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600`.';
const responses = {
  200: { description: 'The page', content: webpContent },
  ...errorResponses(401, 403, 404, 422, 503),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/files/{fileId}/versions/{versionId}/pages/{page}',
  tags: ['Files'],
  summary: 'A page of a version',
  description: `${description} Another provider’s file answers 404.`,
  ...PROVIDER,
  request: { params: FilePageParams },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/files/{fileId}/versions/{versionId}/pages/{page}',
  tags: ['Portal'],
  summary: 'A page of a version (client)',
  description: `${description} Only files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalFilePageParams },
  responses,
});

/** GET /api/files/{fileId}/versions/{versionId}/pages/{page} and its portal counterpart. */
export function registerFilePage(app: App) {
  app.openapi(providerRoute, async (c) => {
    const { fileId, versionId, page } = c.req.valid('param');
    return sendPreview(c, await pageFor(c.get('deps'), providerScope(c), fileId, versionId, page));
  });
  app.openapi(clientRoute, async (c) => {
    const { fileId, versionId, page } = c.req.valid('param');
    return sendPreview(c, await pageFor(c.get('deps'), clientScope(c), fileId, versionId, page));
  });
}
