import { randomUUID } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FileSummary } from '../../../shared/contracts/files';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { clientScope, providerScope, type Scope } from '../../auth/scope';
import type { App, AppEnv } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { assertProjectFor, createFile } from '../../services/files/files';
import { receiveFileVersion } from '../../services/files/upload';
import { fileVersionKey } from '../../storage/keys';
import { PORTAL_CLIENT, PortalProjectParams, PROVIDER } from '../audiences';
import { UPLOAD_BODY, UPLOAD_ERRORS } from './params';

const description = `Uploads a new file into the project; it starts \`pending_review\` (waiting for the other side's decision) and the other side is notified. ${UPLOAD_ERRORS}`;
const responses = {
  201: { description: 'Uploaded', content: { 'application/json': { schema: FileSummary } } },
  ...errorResponses(400, 401, 403, 404, 413, 415, 422),
};

const providerRoute = createRoute({
  method: 'post',
  path: '/api/projects/{projectId}/files',
  tags: ['Files'],
  summary: 'Upload a file',
  description: `${description} Another provider’s project answers 404.`,
  ...PROVIDER,
  request: { params: ProjectIdParam, body: UPLOAD_BODY },
  responses,
});

const clientRoute = createRoute({
  method: 'post',
  path: '/api/portal/{portalId}/projects/{projectId}/files',
  tags: ['Portal'],
  summary: 'Upload a file (client)',
  description: `${description} Only the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalProjectParams, body: UPLOAD_BODY },
  responses,
});

/** The project is checked before the body is read; the bytes are stored, checked, then the rows written. */
async function upload(c: Context<AppEnv>, scope: Scope, projectId: string) {
  const deps = c.get('deps');
  await assertProjectFor(deps.sql, scope, projectId);
  const ids = { fileId: randomUUID(), versionId: randomUUID() };
  const stored = await receiveFileVersion(
    c,
    deps.store,
    fileVersionKey(scope.providerId, ids.fileId, ids.versionId),
  );
  return createFile({ ...deps, log: c.get('log') }, scope, projectId, ids, stored);
}

/** POST /api/projects/{projectId}/files and its portal counterpart. */
export function registerUploadFile(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(await upload(c, providerScope(c), c.req.valid('param').projectId), 201),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(await upload(c, clientScope(c), c.req.valid('param').projectId), 201),
  );
}
