import { FilePageParams } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { pageFor } from '../../services/files/previews';
import { sharedOperation } from '../operation';
import { sendPreview, webpContent } from './preview-response';

const description =
  'Page `page` of the version as a WebP image, at most 1600 px on its long side: an image’s preview (page 1 only), or a PDF page. A PDF page not viewed before is rendered now (one at a time per account, in a process with hard limits; 503 with `Retry-After` when too many of the account’s pages wait) and kept for the next viewer. A page past the last answers 404 `not_found`; a document, or a file that could not be read, 404 `file_preview_unavailable`. Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600`.';
const responses = {
  200: { description: 'The page', content: webpContent },
  ...errorResponses(401, 403, 404, 422, 503),
};

/** GET /api/files/{fileId}/versions/{versionId}/pages/{page} and its portal counterpart. */
export const registerFilePage = sharedOperation(
  {
    method: 'get',
    path: '/api/files/{fileId}/versions/{versionId}/pages/{page}',
    operationId: 'getFilePage',
    tags: ['Files'],
    summary: 'A page of a version',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FilePageParams },
    responses,
  },
  async (c, scope) => {
    const { fileId, versionId, page } = c.req.valid('param');
    return sendPreview(c, await pageFor(c.get('deps'), scope, fileId, versionId, page));
  },
);
