import { createRoute } from '@hono/zod-openapi';
import { Portal, PortalCreateInput } from '../../../shared/contracts/portals';
import { requireProvider } from '../../auth/middleware';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { createPortal } from '../../services/portals/manage-portals';

const route = createRoute({
  method: 'post',
  path: '/api/portals',
  tags: ['Portals'],
  summary: 'Create a portal',
  description:
    'Creates a branded portal: name (1–80 characters), primary and secondary colour (`#rrggbb`), and up to 10 website origins allowed to embed it (https, or http://localhost:port for development; paths are dropped). The logo is uploaded separately (`PUT /api/portals/{portalId}/logo`).',
  security: [{ providerSession: [] }],
  middleware: [requireProvider] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: PortalCreateInput,
          example: {
            portalName: 'Analytical Studio',
            primaryColor: '#4f46e5',
            secondaryColor: '#0f766e',
            allowedOrigins: ['https://ada.studio'],
          },
        },
      },
    },
  },
  responses: {
    201: { description: 'The new portal', content: { 'application/json': { schema: Portal } } },
    ...errorResponses(401, 403, 415, 422),
  },
});

/** POST /api/portals */
export function registerCreatePortal(app: App) {
  app.openapi(route, async (c) => {
    const { sql, config, now } = c.get('deps');
    return c.json(await createPortal(sql, config, providerScope(c), c.req.valid('json'), now()), 201);
  });
}
