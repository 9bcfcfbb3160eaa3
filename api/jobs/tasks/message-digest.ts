import { z } from 'zod';
import { sendMessageDigest } from '../../services/messages/digest';
import { defineTask } from '../task';

/**
 * E-mails a conversation's recipient the messages still unread at the end of the digest window
 * (`services/messages/digest.ts`); nothing when they were read meanwhile.
 */
export const messageDigest = defineTask({
  name: 'message_digest',
  payload: z.object({ projectId: z.uuid(), recipient: z.enum(['provider', 'client']) }),
  maxAttempts: 5,
  async run({ projectId, recipient }, ctx) {
    const sent = await sendMessageDigest(ctx.deps, projectId, recipient);
    if (sent) ctx.log.info({ projectId, recipient, messages: sent }, 'message digest queued');
  },
});
