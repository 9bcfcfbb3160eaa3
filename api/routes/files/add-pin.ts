import { FileIdParam, FilePin, FilePinInput } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { addPin } from '../../services/files/files';
import { sharedOperation } from '../operation';

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

/** POST /api/files/{fileId}/pins and its portal counterpart. */
export const registerAddFilePin = sharedOperation(
  {
    method: 'post',
    path: '/api/files/{fileId}/pins',
    operationId: 'addFilePin',
    tags: ['Files'],
    summary: 'Pin feedback to a point',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileIdParam, body },
    responses,
  },
  async (c, scope) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await addPin(deps, scope, c.req.valid('param').fileId, c.req.valid('json')), 201);
  },
);
