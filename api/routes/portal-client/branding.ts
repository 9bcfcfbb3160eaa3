import { PortalBranding, PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { getPortalBranding } from '../../services/portal-client/branding';
import { publicOperation } from '../operation';

/** GET /api/portal/{portalId}/branding */
export const registerPortalBranding = publicOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/branding',
    operationId: 'getPortalBranding',
    tags: ['Portal'],
    summary: 'A portal’s branding (public)',
    description:
      'What the portal’s login page shows before anyone signs in: name, logo URL, primary and secondary colour, the readable text colour on the primary colour, and the fallback language. Public and cacheable for a minute. An unknown portal answers 404.',
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'The branding',
        content: {
          'application/json': {
            schema: PortalBranding,
            example: {
              id: '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b',
              name: 'Analytical Studio',
              logoUrl: null,
              primaryColor: '#4f46e5',
              secondaryColor: '#0ea5e9',
              onPrimary: '#ffffff',
              language: 'en',
            },
          },
        },
      },
      ...errorResponses(404, 422),
    },
  },
  async (c) => {
    const { sql, config } = c.get('deps');
    const branding = await getPortalBranding(sql, config, c.req.valid('param').portalId);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(branding, 200);
  },
);
