import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FileVersionParams } from '../../../shared/contracts/files';
import { clientScope, providerScope, type Scope } from '../../auth/scope';
import type { App, AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { versionFor } from '../../services/files/access';
import { attachmentDisposition, downloadName } from '../../services/files/download';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';
import { PortalFileVersionParams } from './params';

const description =
  'The version’s original bytes, streamed from the store, always as an attachment (never shown inline): its detected type, `Content-Disposition: attachment` with the file’s name (an ASCII fallback and `filename*` in UTF-8), `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy, `Cache-Control: private, no-store` and the SHA-256 as ETag. HEAD answers the same headers without opening the file.';
const responses = {
  200: {
    description: 'The file',
    content: {
      'application/octet-stream': { schema: z.string().openapi({ type: 'string', format: 'binary' }) },
    },
  },
  ...errorResponses(401, 404, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/files/{fileId}/versions/{versionId}/download',
  tags: ['Files'],
  summary: 'Download a version',
  description: `${description} Another provider’s file answers 404.`,
  ...PROVIDER,
  request: { params: FileVersionParams },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/files/{fileId}/versions/{versionId}/download',
  tags: ['Portal'],
  summary: 'Download a version (client)',
  description: `${description} Only files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalFileVersionParams },
  responses,
});

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

/** GET (and HEAD) /api/files/{fileId}/versions/{versionId}/download and its portal counterpart. */
export function registerDownloadFileVersion(app: App) {
  app.openapi(providerRoute, async (c) => {
    const { fileId, versionId } = c.req.valid('param');
    return download(c, providerScope(c), fileId, versionId);
  });
  app.openapi(clientRoute, async (c) => {
    const { fileId, versionId } = c.req.valid('param');
    return download(c, clientScope(c), fileId, versionId);
  });
}
