import { createRoute } from '@hono/zod-openapi';
import { FileIdParam, FilePin, FilePinInput } from '../../../shared/contracts/files';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { addPin } from '../../services/files/files';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';
import { PortalFileParams } from './params';

const description =
  'Pins feedback to a point of a version (any version of the file, at any time): `page` from 1 to the version’s last page (an image has one; a PDF whose pages are not counted yet, its preview pending or failed, only page 1; 422 naming `page` otherwise), `x` and `y` as fractions of the page’s width and height from its top left. At most 500 pins a version (409 `conflict`).';
const body = {
  required: true,
  content: {
    'application/json': {
      schema: FilePinInput,
      example: {
        versionId: '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10',
        page: 1,
        x: 0.5,
        y: 0.25,
        body: 'Larger here',
      },
    },
  },
};
const responses = {
  201: { description: 'Pinned', content: { 'application/json': { schema: FilePin } } },
  ...errorResponses(401, 403, 404, 409, 413, 415, 422),
};

const providerRoute = createRoute({
  method: 'post',
  path: '/api/files/{fileId}/pins',
  tags: ['Files'],
  summary: 'Pin feedback to a point',
  description: `${description} Another provider’s file answers 404.`,
  ...PROVIDER,
  request: { params: FileIdParam, body },
  responses,
});

const clientRoute = createRoute({
  method: 'post',
  path: '/api/portal/{portalId}/files/{fileId}/pins',
  tags: ['Portal'],
  summary: 'Pin feedback to a point (client)',
  description: `${description} Only files of the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalFileParams, body },
  responses,
});

/** POST /api/files/{fileId}/pins and its portal counterpart. */
export function registerAddFilePin(app: App) {
  app.openapi(providerRoute, async (c) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(
      await addPin(deps, providerScope(c), c.req.valid('param').fileId, c.req.valid('json')),
      201,
    );
  });
  app.openapi(clientRoute, async (c) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await addPin(deps, clientScope(c), c.req.valid('param').fileId, c.req.valid('json')), 201);
  });
}
