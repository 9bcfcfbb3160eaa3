import { createRoute } from '@hono/zod-openapi';
import { FileVersionParams } from '../../../shared/contracts/files';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { thumbnailFor } from '../../services/files/previews';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';
import { PortalFileVersionParams, sendPreview, webpContent } from './preview-response';

const description =
  'The version’s thumbnail (about 480 px wide, WebP): an image, or the first page of a PDF. Made after the upload by a background job; until then, and for documents or files that could not be read, 404 `file_preview_unavailable` (see the version’s `preview.status`). Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600` (a version’s previews never change).';
const responses = {
  200: { description: 'The thumbnail', content: webpContent },
  ...errorResponses(401, 403, 404, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/files/{fileId}/versions/{versionId}/thumbnail',
  tags: ['Files'],
  summary: 'A version’s thumbnail',
  description: `${description} Another provider’s file answers 404.`,
  ...PROVIDER,
  request: { params: FileVersionParams },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/files/{fileId}/versions/{versionId}/thumbnail',
  tags: ['Portal'],
  summary: 'A version’s thumbnail (client)',
  description: `${description} Only files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalFileVersionParams },
  responses,
});

/** GET /api/files/{fileId}/versions/{versionId}/thumbnail and its portal counterpart. */
export function registerFileThumbnail(app: App) {
  app.openapi(providerRoute, async (c) => {
    const { fileId, versionId } = c.req.valid('param');
    return sendPreview(c, await thumbnailFor(c.get('deps'), providerScope(c), fileId, versionId));
  });
  app.openapi(clientRoute, async (c) => {
    const { fileId, versionId } = c.req.valid('param');
    return sendPreview(c, await thumbnailFor(c.get('deps'), clientScope(c), fileId, versionId));
  });
}
