import { FileList, FileListQuery } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { listFiles } from '../../services/files/files';
import { sharedOperation } from '../operation';

const description =
  'A page of files, each with its latest version, what the caller may decide (`allowedDecisions`) and whether it may add a version. Filters: `projectId`, `status`, `uploadedBy`, `search` (contains, in the name); `statusCounts` counts the files per status under the other filters. Sorted by `sort` and `order`, paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422); `total` counts every match.';
const responses = {
  200: { description: 'Files', content: { 'application/json': { schema: FileList } } },
  ...errorResponses(401, 422),
};

/** GET /api/files and its portal counterpart. */
export const registerListFiles = sharedOperation(
  {
    method: 'get',
    path: '/api/files',
    operationId: 'listFiles',
    tags: ['Files'],
    summary: 'List files',
    provider: { description: `${description} Every project of the provider.` },
    client: { description: `${description} Only the files of the client’s own projects.` },
    request: { query: FileListQuery },
    responses,
  },
  async (c, scope) => c.json(await listFiles(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
