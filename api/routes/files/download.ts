import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ALLOWED_FILE_TYPES, FileVersionParams } from '../../../shared/contracts/files';
import type { Scope } from '../../auth/scope';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { versionFor } from '../../services/files/access';
import { attachmentDisposition, downloadName } from '../../services/files/download';
import { sharedOperation } from '../operation';

const description =
  'The version’s original bytes, streamed from the store, always as an attachment (never shown inline): its detected type, `Content-Disposition: attachment` with the file’s name (an ASCII fallback and `filename*` in UTF-8), `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy, `Cache-Control: private, no-store` and the SHA-256 as ETag. HEAD answers the same headers without opening the file. 503 `storage_unavailable` (with `Retry-After`) while the file store cannot be reached.';
const binary = z.string().openapi({ type: 'string', format: 'binary' });
const responses = {
  200: {
    description: 'The file, as the type its bytes were detected as when it was uploaded',
    // The real types a version can have (ALLOWED_FILE_TYPES), not `application/octet-stream`.
    content: Object.fromEntries(Object.keys(ALLOWED_FILE_TYPES).map((type) => [type, { schema: binary }])),
    headers: {
      'Content-Disposition': {
        description: 'Always `attachment`, with the file’s name (ASCII fallback and `filename*` in UTF-8).',
        schema: { type: 'string' as const, maxLength: 1024 },
      },
      ETag: {
        description: 'The version’s SHA-256, quoted.',
        schema: { type: 'string' as const, maxLength: 66 },
      },
    },
  },
  ...errorResponses(401, 404, 422, 503),
};

/** GET (and HEAD) /api/files/{fileId}/versions/{versionId}/download and its portal counterpart. */
export const registerDownloadFileVersion = sharedOperation(
  {
    method: 'get',
    path: '/api/files/{fileId}/versions/{versionId}/download',
    operationId: 'downloadFileVersion',
    tags: ['Files'],
    summary: 'Download a version',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileVersionParams },
    responses,
  },
  async (c, scope) => {
    const { fileId, versionId } = c.req.valid('param');
    return download(c, scope, fileId, versionId);
  },
);

/**
 * The stored bytes of a version the scope may see. HEAD (which Hono answers by running the GET and
 * dropping the body unread) only stats the object: an opened body would hold a file handle or one of the
 * S3 client's pooled sockets (`routes/portals/get-logo.ts`).
 */
async function download(c: Context<AppEnv>, scope: Scope, fileId: string, versionId: string) {
  const { sql, store } = c.get('deps');
  const { file, version } = await versionFor(sql, scope, fileId, versionId);
  const head = c.req.method === 'HEAD';
  const opened = head ? null : await store.get(version.storage_key);
  const stored = head ? await store.stat(version.storage_key) : opened;
  if (!stored) throw new ApiError('not_found');
  c.header('Content-Type', version.mime_type);
  c.header('Content-Length', String(stored.size));
  c.header('Content-Disposition', attachmentDisposition(downloadName(file.name, version)));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "sandbox; default-src 'none'");
  c.header('Cache-Control', 'private, no-store');
  c.header('ETag', `"${version.sha256}"`);
  if (!opened) return c.body(null, 200);
  return c.body(Readable.toWeb(opened.body) as ReadableStream<Uint8Array>, 200);
}
