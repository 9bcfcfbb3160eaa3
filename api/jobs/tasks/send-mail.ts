import { z } from 'zod';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Delivers one outbox row (enqueued by `mailer.queue` in the transaction that wrote the row), under the
 * delivery retry rule (`../backoff.ts`): about 3.5 hours of attempts ride out a provider's outage; the row
 * then says `failed` with the last error.
 */
export const sendMail = defineTask({
  name: 'send_mail',
  payload: z.object({ mailId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ mailId }, ctx) {
    const result = await ctx.deps.mailer.deliver(mailId, ctx);
    if (result === 'missing') ctx.log.info({ mailId }, 'mail gone before delivery (its account was deleted)');
  },
});
