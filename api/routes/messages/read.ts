import { z } from '@hono/zod-openapi';
import { MarkConversationRead } from '../../../shared/contracts/messages';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { markConversationRead } from '../../services/messages/messages';
import { sharedOperation } from '../operation';

const ReadPosition = z.object({ lastReadSeq: z.number().int() }).meta({ id: 'ReadPosition' });
const description =
  'Marks the conversation read by the caller’s side up to `upToSeq` (never backwards), and the message notifications it covers. A message still unread after a few minutes is e-mailed; one read meanwhile is not.';
const body = { required: true, content: { 'application/json': { schema: MarkConversationRead } } };
const responses = {
  200: { description: 'The read position', content: { 'application/json': { schema: ReadPosition } } },
  ...errorResponses(401, 403, 404, 415, 422),
};

/** POST /api/projects/{projectId}/messages/read and its portal counterpart. */
export const registerReadMessages = sharedOperation(
  {
    method: 'post',
    path: '/api/projects/{projectId}/messages/read',
    operationId: 'markConversationRead',
    tags: ['Messages'],
    summary: 'Mark a conversation read',
    provider: { description: description },
    client: { description: description },
    request: { params: ProjectIdParam, body },
    responses,
  },
  async (c, scope) => {
    const { sql } = c.get('deps');
    const seq = await markConversationRead(
      sql,
      scope,
      c.req.valid('param').projectId,
      c.req.valid('json').upToSeq,
    );
    return c.json({ lastReadSeq: seq }, 200);
  },
);
