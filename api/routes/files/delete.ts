import { createRoute } from '@hono/zod-openapi';
import { FileIdParam } from '../../../shared/contracts/files';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { deleteFile } from '../../services/files/files';
import { PROVIDER } from '../audiences';

const route = createRoute({
  method: 'delete',
  path: '/api/files/{fileId}',
  tags: ['Files'],
  summary: 'Delete a file',
  description:
    'Deletes a file with all its versions, history and pinned feedback, then its stored bytes and previews. Provider only; another provider’s file answers 404.',
  ...PROVIDER,
  request: { params: FileIdParam },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** DELETE /api/files/{fileId} */
export function registerDeleteFile(app: App) {
  app.openapi(route, async (c) => {
    await deleteFile({ ...c.get('deps'), log: c.get('log') }, providerScope(c), c.req.valid('param').fileId);
    return c.body(null, 204);
  });
}
