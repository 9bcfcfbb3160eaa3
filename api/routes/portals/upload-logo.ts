import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { LOGO_MAX_BYTES, Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { providerOf, requireProvider } from '../../auth/middleware';
import type { App } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { getPortal } from '../../services/portals/manage-portals';
import { replacePortalLogo } from '../../services/portals/portal-logo';

/** Room for the multipart framing around a file of exactly the limit. */
const MULTIPART_OVERHEAD = 16 * 1024;

const LogoUpload = z.object({
  logo: z
    .file()
    .openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG, WebP or GIF, at most 2 MB.' }),
});

const route = createRoute({
  method: 'put',
  path: '/api/portals/{portalId}/logo',
  tags: ['Portals'],
  summary: 'Upload the portal logo',
  description:
    'A `multipart/form-data` body with the file in the field `logo`: PNG, JPEG, WebP or GIF by content (the file name and declared type are ignored; SVG is refused), at most 2 MB (413 `payload_too_large`, checked while the body streams in). The image is re-encoded to WebP of at most 512×512 pixels and stored under a generated name; the old logo is removed. Returns the portal with its new `logoUrl`.',
  security: [{ providerSession: [] }],
  middleware: [
    requireProvider,
    bodyLimit({
      maxSize: LOGO_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw new ApiError('payload_too_large');
      },
    }),
  ] as const,
  request: {
    params: PortalIdParam,
    body: { required: true, content: { 'multipart/form-data': { schema: LogoUpload } } },
  },
  responses: {
    200: { description: 'The portal with its new logo', content: { 'application/json': { schema: Portal } } },
    ...errorResponses(401, 403, 404, 413, 415, 422),
  },
});

/** PUT /api/portals/{portalId}/logo */
export function registerUploadPortalLogo(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, now } = c.get('deps');
    const { userId } = providerOf(c);
    const { portalId } = c.req.valid('param');
    const file = c.req.valid('form').logo;
    if (file.size > LOGO_MAX_BYTES) throw new ApiError('payload_too_large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    await replacePortalLogo(sql, config.DATA_DIR, userId, portalId, bytes, now());
    return c.json(await getPortal(sql, config, userId, portalId), 200);
  });
}
