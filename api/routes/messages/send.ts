import { Message, MessageInput } from '../../../shared/contracts/messages';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { sendMessage } from '../../services/messages/messages';
import { sharedOperation } from '../operation';

const description =
  'Writes a message to the project’s conversation (plain text, 1 to 5,000 characters). `clientMessageId` is made once per message by the sender: sending again with the same id returns the stored message (200) instead of a second one (201), so a retry after a lost answer is safe. The other side is notified live, and by e-mail if it is still unread after a few minutes.';
const body = {
  required: true,
  content: {
    'application/json': {
      schema: MessageInput,
      example: { clientMessageId: '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10', body: 'The first draft is ready.' },
    },
  },
};
const responses = {
  200: {
    description: 'Sent before (the same clientMessageId)',
    content: { 'application/json': { schema: Message } },
  },
  201: { description: 'Sent', content: { 'application/json': { schema: Message } } },
  ...errorResponses(401, 403, 404, 409, 413, 415, 422),
};

/** POST /api/projects/{projectId}/messages and its portal counterpart. */
export const registerSendMessage = sharedOperation(
  {
    method: 'post',
    path: '/api/projects/{projectId}/messages',
    operationId: 'sendMessage',
    tags: ['Messages'],
    summary: 'Send a message',
    provider: { description: `${description} Another provider’s project answers 404.` },
    client: { description: `${description} Only the client’s own projects.` },
    request: { params: ProjectIdParam, body },
    responses,
  },
  async (c, scope) => {
    const { projectId } = c.req.valid('param');
    const { message, created } = await sendMessage(c.get('deps'), scope, projectId, c.req.valid('json'));
    return c.json(message, created ? 201 : 200);
  },
);
