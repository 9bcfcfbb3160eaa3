import { FileDecisionInput, FileDetail, FileIdParam } from '../../../shared/contracts/files';
import { errorResponses } from '../../http/openapi';
import { decideFile } from '../../services/files/files';
import { sharedOperation } from '../operation';

const description =
  'Decides on the latest version of a file that waits for the caller’s side (`allowedDecisions`): the client approves, rejects or requests a revision of the provider’s files; the provider approves or rejects the client’s. Feedback is required to reject and to request a revision; pins (points of the version with feedback) may go with it. 409 `file_version_outdated` when `versionId` is not the latest version any more, 409 `file_decision_not_allowed` when the decision is not the caller’s to take now (also when another decision came first). The other side is notified live.';
const body = {
  required: true,
  content: {
    'application/json': {
      schema: FileDecisionInput,
      example: {
        versionId: '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10',
        decision: 'revision_requested',
        feedback: 'Please use the darker blue.',
        pins: [{ page: 1, x: 0.42, y: 0.3, body: 'This one' }],
      },
    },
  },
};
const responses = {
  200: { description: 'The decided file', content: { 'application/json': { schema: FileDetail } } },
  ...errorResponses(401, 403, 404, 409, 413, 415, 422),
};

/** POST /api/files/{fileId}/decisions and its portal counterpart. */
export const registerDecideFile = sharedOperation(
  {
    method: 'post',
    path: '/api/files/{fileId}/decisions',
    operationId: 'decideFile',
    tags: ['Files'],
    summary: 'Decide on a file',
    provider: { description: `${description} Another provider’s file answers 404.` },
    client: { description: `${description} Only files of the client’s own projects.` },
    request: { params: FileIdParam, body },
    responses,
  },
  async (c, scope) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await decideFile(deps, scope, c.req.valid('param').fileId, c.req.valid('json')), 200);
  },
);
