import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { FileSummary } from '../../../shared/contracts/files';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import type { Scope } from '../../auth/scope';
import type { AppEnv } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { assertProjectFor, createFile } from '../../services/files/files';
import { receiveFileVersion } from '../../services/files/upload';
import { fileVersionKey } from '../../storage/keys';
import { enforceUploadLimit } from '../../storage/upload-limits';
import { sharedOperation } from '../operation';
import { UPLOAD_BODY, UPLOAD_ERRORS } from './params';

const description = `Uploads a new file into the project; it starts \`pending_review\` (waiting for the other side's decision) and the other side is notified. ${UPLOAD_ERRORS}`;
const responses = {
  201: { description: 'Uploaded', content: { 'application/json': { schema: FileSummary } } },
  ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 503),
};

/** POST /api/projects/{projectId}/files and its portal counterpart. */
export const registerUploadFile = sharedOperation(
  {
    method: 'post',
    path: '/api/projects/{projectId}/files',
    operationId: 'uploadFile',
    tags: ['Files'],
    summary: 'Upload a file',
    provider: { description: `${description} Another provider’s project answers 404.` },
    client: { description: `${description} Only the client’s own projects.` },
    request: { params: ProjectIdParam, body: UPLOAD_BODY },
    responses,
  },
  async (c, scope) => c.json(await upload(c, scope, c.req.valid('param').projectId), 201),
);

/** The project is checked before the body is read; the bytes are stored, checked, then the rows written. */
async function upload(c: Context<AppEnv>, scope: Scope, projectId: string) {
  const deps = c.get('deps');
  await assertProjectFor(deps.sql, scope, projectId);
  await enforceUploadLimit(c, scope);
  const ids = { fileId: randomUUID(), versionId: randomUUID() };
  const stored = await receiveFileVersion(
    c,
    deps.store,
    fileVersionKey(scope.providerId, ids.fileId, ids.versionId),
  );
  return createFile({ ...deps, log: c.get('log') }, scope, projectId, ids, stored);
}
