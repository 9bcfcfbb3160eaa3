import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { portalIconSvg } from '../../../shared/ui/favicon';
import { errorResponses } from '../../http/openapi';
import { publicFile } from '../../http/public-file';
import { getPortalBranding } from '../../services/portal-client/branding';
import { publicOperation } from '../operation';

/** GET /api/portal/{portalId}/icon */
export const registerPortalIcon = publicOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/icon',
    operationId: 'getPortalIcon',
    tags: ['Portal'],
    summary: 'A portal’s tab icon (public)',
    description:
      "The icon the portal's pages name for the browser tab (`<link rel=\"icon\">`): an SVG tile in the portal's primary colour with the first letter of its name in the readable text colour. Public like the branding; revalidated on every use (`ETag`), so a new name or colour shows at once. Served with `nosniff` and a `default-src 'none'` policy. An unknown portal answers 404.",
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'The icon',
        content: { 'image/svg+xml': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
      },
      304: { description: 'Unchanged since the `If-None-Match` version' },
      ...errorResponses(404, 422),
    },
  },
  async (c) => {
    const { sql, config } = c.get('deps');
    const branding = await getPortalBranding(sql, config, c.req.valid('param').portalId);
    const svg = portalIconSvg(branding.name, branding.primaryColor, branding.onPrimary);
    return publicFile(c, svg, {
      type: 'image/svg+xml; charset=utf-8',
      etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`,
      cacheControl: 'public, no-cache',
    });
  },
);
