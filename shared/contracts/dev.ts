import { z } from 'zod';
import { text, Uuid } from './common';

/** Where a mail stands: waiting for its (next) delivery attempt, delivered, given up. */
export const OutboxStatus = z.enum(['pending', 'outbox', 'sent', 'failed']).meta({
  description:
    '`pending`: waiting for its (next) delivery attempt; `outbox`: delivered to this development outbox; `sent`: accepted by the mail service; `failed`: given up after its last attempt.',
});
export type OutboxStatus = z.infer<typeof OutboxStatus>;

/** One mail from the development outbox (only outside production, without a Resend key). */
export const OutboxMail = z
  .object({
    id: Uuid(),
    to: text(),
    subject: text(),
    kind: text().meta({ description: 'What the mail is for, e.g. `verify_email`.' }),
    html: text(),
    text: text(),
    createdAt: z.iso.datetime(),
    status: OutboxStatus,
    attempts: z.int().min(0).meta({ description: 'Delivery attempts so far.' }),
    lastError: text().nullable().meta({ description: 'The last failed attempt’s error, if any.' }),
    sentAt: z.iso.datetime().nullable(),
    attachments: z
      .array(
        z.object({
          filename: text(),
          contentType: text(),
          content: text().meta({ description: 'The file, base64.' }),
        }),
      )
      .meta({
        description: 'Files sent with it (an invoice’s XRechnung XML when the provider attaches it).',
      }),
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
        status: 'outbox',
        attempts: 1,
        lastError: null,
        sentAt: '2026-11-21T10:00:00.050Z',
      },
    ],
  },
});
export type OutboxList = z.infer<typeof OutboxList>;

export const OutboxQuery = z.object({
  to: text()
    .trim()
    .max(254)
    .transform((v) => v.toLowerCase())
    .optional()
    .meta({ description: 'Only mails to this address.', example: 'ada@example.com' }),
});
