import { z } from 'zod';

/** One mail from the development outbox (only outside production, without a Resend key). */
export const OutboxMail = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    kind: z.string().meta({ description: 'What the mail is for, e.g. `verify_email`.' }),
    html: z.string(),
    text: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof OutboxMail>;

export const OutboxList = z.object({ mails: z.array(OutboxMail) }).meta({
  id: 'OutboxList',
  example: {
    mails: [
      {
        id: '0c6f2f5e-3b7a-4c1d-9a4e-2f1b3c4d5e6f',
        to: 'ada@example.com',
        subject: 'Confirm your e-mail address',
        kind: 'verify_email',
        html: '<!doctype html>…',
        text: 'Hi Ada,…',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  },
});
export type OutboxList = z.infer<typeof OutboxList>;

export const OutboxQuery = z.object({
  to: z
    .string()
    .trim()
    .max(254)
    .transform((v) => v.toLowerCase())
    .optional()
    .meta({ description: 'Only mails to this address.', example: 'ada@example.com' }),
});
