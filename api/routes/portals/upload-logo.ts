import { LOGO_MAX_BYTES, Portal, PortalIdParam } from '../../../shared/contracts/portals';
import { errorResponses } from '../../http/openapi';
import { getPortal } from '../../services/portals/manage-portals';
import { replacePortalLogo } from '../../services/portals/portal-logo';
import { readAll, receiveMultipartFile } from '../../storage/multipart-upload';
import { enforceUploadLimit } from '../../storage/upload-limits';
import { providerOperation } from '../operation';

/** PUT /api/portals/{portalId}/logo */
export const registerUploadPortalLogo = providerOperation(
  {
    method: 'put',
    path: '/api/portals/{portalId}/logo',
    operationId: 'uploadPortalLogo',
    tags: ['Portals'],
    summary: 'Upload the portal logo',
    description:
      'A `multipart/form-data` body with the file in the field `logo`: PNG, JPEG, WebP or GIF by content (the file name and declared type are ignored; SVG is refused), at most 2 MB (413 `payload_too_large`, checked while the body streams in). The image is re-encoded to WebP of at most 512×512 pixels and stored under a generated name; the old logo is removed. Returns the portal with its new `logoUrl`. 429 `rate_limited` past the provider’s upload limits (60 a minute, 600 an hour, with project files); 503 `storage_unavailable` (with `Retry-After`) while the file store cannot be reached.',
    request: {
      params: PortalIdParam,
      body: {
        required: true,
        content: {
          // A plain schema (not zod), so the router documents the body without buffering it to validate:
          // the handler parses it as it streams in.
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['logo'],
              properties: {
                logo: {
                  type: 'string',
                  format: 'binary',
                  maxLength: LOGO_MAX_BYTES,
                  description: 'PNG, JPEG, WebP or GIF, at most 2 MB.',
                },
              },
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The portal with its new logo',
        content: { 'application/json': { schema: Portal } },
      },
      ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 503),
    },
  },
  async (c, scope) => {
    const deps = c.get('deps');
    const { portalId } = c.req.valid('param');
    await enforceUploadLimit(c, scope);
    // The logo must be whole to be decoded (sharp), so it is read into memory, but only up to its 2 MB
    // limit as it streams in; the re-encoded WebP then goes to the file store.
    const { result: bytes } = await receiveMultipartFile(c, {
      field: 'logo',
      maxBytes: LOGO_MAX_BYTES,
      consume: readAll,
    });
    await replacePortalLogo({ ...deps, log: c.get('log') }, scope, portalId, bytes, deps.now());
    return c.json(await getPortal(deps.sql, deps.config, scope, portalId, deps.now()), 200);
  },
);
