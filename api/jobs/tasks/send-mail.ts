import { z } from 'zod';
import { defineTask } from '../task';

/**
 * Delivers one outbox row (enqueued by `mailer.queue` in the transaction that wrote the row). About 3.5
 * hours of retries with the default backoff (10 s doubling, at most an hour apart) ride out a provider's
 * outage; the row then says `failed` with the last error.
 */
export const sendMail = defineTask({
  name: 'send_mail',
  payload: z.object({ mailId: z.uuid() }),
  maxAttempts: 12,
  async run({ mailId }, ctx) {
    const result = await ctx.deps.mailer.deliver(mailId, ctx);
    if (result === 'missing') ctx.log.info({ mailId }, 'mail gone before delivery (its account was deleted)');
  },
});
