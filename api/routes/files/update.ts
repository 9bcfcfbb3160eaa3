import { FileIdParam, FileSummary, FileUpdateInput } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { renameFile } from '../../services/files/files';
import { providerOperation } from '../operation';

/** PATCH /api/files/{fileId} */
export const registerUpdateFile = providerOperation(
  {
    method: 'patch',
    path: '/api/files/{fileId}',
    operationId: 'renameFile',
    tags: ['Files'],
    summary: 'Rename a file',
    description:
      'Renames a file (1 to 200 characters, cleaned as an upload’s name; it keeps the extension of its latest version’s type). Provider only; another provider’s file answers 404.',
    request: {
      params: FileIdParam,
      body: {
        required: true,
        content: { 'application/json': { schema: FileUpdateInput, example: { name: 'Logo final.png' } } },
      },
    },
    responses: {
      200: { description: 'Renamed', content: { 'application/json': { schema: FileSummary } } },
      ...errorResponses(401, 403, 404, 413, 415, 422),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const file = await renameFile(
      deps.sql,
      scope,
      c.req.valid('param').fileId,
      c.req.valid('json'),
      deps.now(),
    );
    return c.json(file, 200);
  },
);
