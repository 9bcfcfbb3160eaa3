import { FileDetail, FileIdParam } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { getFileDetail } from '../../services/files/files';
import { sharedOperation } from '../operation';

const description =
  'A file with every version (newest first), its history (uploads, versions and decisions with who, when, the version’s SHA-256 and the feedback; oldest first) and the feedback pinned to every version (`mine` for the caller’s side).';
const responses = {
  200: { description: 'The file', content: { 'application/json': { schema: FileDetail } } },
  ...errorResponses(401, 404, 422),
};

/** GET /api/files/{fileId} and its portal counterpart. */
export const registerGetFile = sharedOperation(
  {
    method: 'get',
    path: '/api/files/{fileId}',
    operationId: 'getFile',
    tags: ['Files'],
    summary: 'Get a file',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileIdParam },
    responses,
  },
  async (c, scope) => c.json(await getFileDetail(c.get('deps').sql, scope, c.req.valid('param').fileId), 200),
);
