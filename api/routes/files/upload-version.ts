import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { FileDetail, FileIdParam } from '../../../shared/contracts/files';
import type { Scope } from '../../auth/scope';
import type { AppEnv } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { addVersion, assertCanUploadVersion } from '../../services/files/files';
import { receiveFileVersion } from '../../services/files/upload';
import { fileVersionKey } from '../../storage/keys';
import { enforceUploadLimit } from '../../storage/upload-limits';
import { sharedOperation } from '../operation';
import { UPLOAD_BODY, UPLOAD_ERRORS } from './params';

const description = `Uploads the next version of a file: the provider to any file, a client to the files it uploaded (403 \`forbidden\` otherwise, \`canUploadVersion\`). The file goes back to \`pending_review\`: a decision is about one version and never carried over; earlier versions and decisions stay in the history. ${UPLOAD_ERRORS}`;
const responses = {
  201: {
    description: 'The file with its new version',
    content: { 'application/json': { schema: FileDetail } },
  },
  ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 503),
};

/** POST /api/files/{fileId}/versions and its portal counterpart. */
export const registerUploadFileVersion = sharedOperation(
  {
    method: 'post',
    path: '/api/files/{fileId}/versions',
    operationId: 'uploadFileVersion',
    tags: ['Files'],
    summary: 'Upload a new version',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileIdParam, body: UPLOAD_BODY },
    responses,
  },
  async (c, scope) => c.json(await upload(c, scope, c.req.valid('param').fileId), 201),
);

/** Who may add a version is checked before the body is read, and again under the file's lock. */
async function upload(c: Context<AppEnv>, scope: Scope, fileId: string) {
  const deps = c.get('deps');
  await assertCanUploadVersion(deps.sql, scope, fileId);
  await enforceUploadLimit(c, scope);
  const ids = { fileId, versionId: randomUUID() };
  const stored = await receiveFileVersion(
    c,
    deps.store,
    fileVersionKey(scope.providerId, fileId, ids.versionId),
  );
  return addVersion({ ...deps, log: c.get('log') }, scope, ids, stored);
}
