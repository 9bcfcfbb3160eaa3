import { FileIdParam } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { deleteFile } from '../../services/files/files';
import { providerOperation } from '../operation';

/** DELETE /api/files/{fileId} */
export const registerDeleteFile = providerOperation(
  {
    method: 'delete',
    path: '/api/files/{fileId}',
    operationId: 'deleteFile',
    tags: ['Files'],
    summary: 'Delete a file',
    description:
      'Deletes a file with all its versions, history and pinned feedback, then its stored bytes and previews. Provider only; another provider’s file answers 404.',
    request: { params: FileIdParam },
    responses: {
      204: { description: 'Deleted' },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    await deleteFile({ ...c.get('deps'), log: c.get('log') }, scope, c.req.valid('param').fileId);
    return c.body(null, 204);
  },
);
