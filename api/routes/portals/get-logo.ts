import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import { PortalIdParam } from '../../../shared/contracts/portals';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { publicFile } from '../../http/public-file';
import { findPortalLogoKey } from '../../services/portals/portal-logo';
import { logoVersion } from '../../storage/keys';
import { publicOperation } from '../operation';

/** GET /api/portals/{portalId}/logo */
export const registerGetPortalLogo = publicOperation(
  {
    method: 'get',
    path: '/api/portals/{portalId}/logo',
    operationId: 'getPortalLogo',
    tags: ['Portals'],
    summary: 'A portal’s logo (public)',
    description:
      "The logo as WebP (streamed from the file store), public because the portal login page shows it. Served with `nosniff` and a `default-src 'none'` policy. With `?v=` naming the current version (as in `logoUrl`) it may be cached for a year; otherwise it is revalidated.",
    request: {
      params: PortalIdParam,
      query: z.object({
        v: z
          .string()
          .max(64)
          .optional()
          .meta({ param: { name: 'v', in: 'query' } }),
      }),
    },
    responses: {
      200: {
        description: 'The logo',
        content: { 'image/webp': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
      },
      ...errorResponses(404, 422),
    },
  },
  async (c) => {
    const { sql, store } = c.get('deps');
    const { portalId } = c.req.valid('param');
    const key = await findPortalLogoKey(sql, portalId);
    if (!key) throw new ApiError('not_found');
    const version = logoVersion(key);
    // A client holding this version gets its 304 without the file being opened. HEAD (answered by Hono
    // as a GET whose body it drops unread) only asks for its size: an opened body would hold a file handle
    // or one of the S3 client's pooled sockets.
    const fresh = c.req.header('if-none-match') === `"${version}"`;
    const head = c.req.method === 'HEAD';
    const file = fresh || head ? undefined : await store.get(key);
    const info = head && !fresh ? await store.stat(key) : file;
    if (info === null) throw new ApiError('not_found');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (info) c.header('Content-Length', String(info.size));
    const body = file ? (Readable.toWeb(file.body) as ReadableStream<Uint8Array>) : '';
    return publicFile(c, body, {
      type: 'image/webp',
      etag: `"${version}"`,
      cacheControl:
        c.req.valid('query').v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
    });
  },
);
