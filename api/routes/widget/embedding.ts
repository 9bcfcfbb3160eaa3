import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { WidgetEmbedding, WidgetEmbeddingQuery } from '../../../shared/contracts/widget';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { widgetEmbedding } from '../../services/widget/embedding';
import { publicOperation } from '../operation';

const PATH = '/api/widget/{portalId}/embedding';

const embedding = publicOperation(
  {
    method: 'get',
    path: PATH,
    operationId: 'getWidgetEmbedding',
    tags: ['Widget'],
    summary: 'May this website show the portal? (public)',
    description:
      'Asked by the widget’s runtime (`/widget/embed.js`) before it frames the portal: whether `origin`, the page’s own origin, is one of the portal’s allowed website origins (the same list its `Content-Security-Policy: frame-ancestors` names), with the portal’s name and primary colour for the launcher and the dialog. A website that is not allowed gets a short message instead of a frame the browser would refuse, and the page’s console says which origin to add. Public and readable from any website (`Access-Control-Allow-Origin: *`, no credentials); an allowed answer may be cached for a minute, a refusal is never cached (so it ends as soon as the origin is added). An unknown portal answers 404.',
    request: { params: PortalPathParam, query: WidgetEmbeddingQuery },
    responses: {
      200: {
        description: 'The answer for this origin',
        content: {
          'application/json': {
            schema: WidgetEmbedding,
            example: {
              allowed: true,
              portalName: 'Analytical Studio',
              primaryColor: '#4f46e5',
            },
          },
        },
      },
      ...errorResponses(404, 422),
    },
  },
  async (c) => {
    const { portalId } = c.req.valid('param');
    const answer = await widgetEmbedding(c.get('deps').sql, portalId, c.req.valid('query').origin);
    c.header('Cache-Control', answer.allowed ? 'public, max-age=60' : 'no-store');
    return c.json(answer, 200);
  },
);

/** GET /api/widget/{portalId}/embedding?origin= */
export function registerWidgetEmbedding(app: App) {
  // Read by scripts on any website: every answer (errors too) says so, or the browser would hide it.
  app.use(PATH.replace('{portalId}', ':portalId'), async (c, next) => {
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  });
  embedding(app);
}
