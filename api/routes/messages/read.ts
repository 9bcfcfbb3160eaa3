import { createRoute, z } from '@hono/zod-openapi';
import { MarkConversationRead } from '../../../shared/contracts/messages';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { markConversationRead } from '../../services/messages/messages';
import { PORTAL_CLIENT, PortalProjectParams, PROVIDER } from '../audiences';

const ReadPosition = z.object({ lastReadSeq: z.number().int() }).meta({ id: 'ReadPosition' });
const description =
  'Marks the conversation read by the caller’s side up to `upToSeq` (never backwards), and the message notifications it covers. A message still unread after a few minutes is e-mailed; one read meanwhile is not.';
const body = { required: true, content: { 'application/json': { schema: MarkConversationRead } } };
const responses = {
  200: { description: 'The read position', content: { 'application/json': { schema: ReadPosition } } },
  ...errorResponses(401, 403, 404, 415, 422),
};

const providerRoute = createRoute({
  method: 'post',
  path: '/api/projects/{projectId}/messages/read',
  tags: ['Messages'],
  summary: 'Mark a conversation read',
  description,
  ...PROVIDER,
  request: { params: ProjectIdParam, body },
  responses,
});

const clientRoute = createRoute({
  method: 'post',
  path: '/api/portal/{portalId}/projects/{projectId}/messages/read',
  tags: ['Portal'],
  summary: 'Mark a conversation read (client)',
  description,
  ...PORTAL_CLIENT,
  request: { params: PortalProjectParams, body },
  responses,
});

/** POST /api/projects/{projectId}/messages/read and its portal counterpart. */
export function registerReadMessages(app: App) {
  app.openapi(providerRoute, async (c) => {
    const { sql } = c.get('deps');
    const seq = await markConversationRead(
      sql,
      providerScope(c),
      c.req.valid('param').projectId,
      c.req.valid('json').upToSeq,
    );
    return c.json({ lastReadSeq: seq }, 200);
  });
  app.openapi(clientRoute, async (c) => {
    const { sql } = c.get('deps');
    const seq = await markConversationRead(
      sql,
      clientScope(c),
      c.req.valid('param').projectId,
      c.req.valid('json').upToSeq,
    );
    return c.json({ lastReadSeq: seq }, 200);
  });
}
