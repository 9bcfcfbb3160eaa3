import { FileVersionParams } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { thumbnailFor } from '../../services/files/previews';
import { sharedOperation } from '../operation';
import { sendPreview, webpContent } from './preview-response';

const description =
  'The version’s thumbnail (about 480 px wide, WebP): an image, or the first page of a PDF. Made after the upload by a background job; until then, and for documents or files that could not be read, 404 `file_preview_unavailable` (see the version’s `preview.status`). Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600` (a version’s previews never change).';
const responses = {
  200: { description: 'The thumbnail', content: webpContent },
  ...errorResponses(401, 403, 404, 422),
};

/** GET /api/files/{fileId}/versions/{versionId}/thumbnail and its portal counterpart. */
export const registerFileThumbnail = sharedOperation(
  {
    method: 'get',
    path: '/api/files/{fileId}/versions/{versionId}/thumbnail',
    operationId: 'getFileThumbnail',
    tags: ['Files'],
    summary: 'A version’s thumbnail',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileVersionParams },
    responses,
  },
  async (c, scope) => {
    const { fileId, versionId } = c.req.valid('param');
    return sendPreview(c, await thumbnailFor(c.get('deps'), scope, fileId, versionId));
  },
);
