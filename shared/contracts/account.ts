import { z } from 'zod';
import { Password } from './auth';
import { text } from './common';
import { PageQuery, pageOf } from './paging';

export const ChangePasswordInput = z
  .object({
    currentPassword: text({ error: 'validation.passwordRequired' })
      .min(1, { error: 'validation.passwordRequired' })
      .max(256, { error: 'validation.passwordTooLong' }),
    newPassword: Password,
    confirmPassword: text({ error: 'validation.passwordRequired' }).max(256, {
      error: 'validation.passwordTooLong',
    }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'validation.passwordsDoNotMatch',
    path: ['confirmPassword'],
  })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const ChangePasswordResponse = z
  .object({
    ok: z.literal(true),
    endedSessions: z.number().int().meta({ description: 'Other sessions that were signed out.', example: 2 }),
  })
  .meta({ id: 'ChangePasswordResponse', example: { ok: true, endedSessions: 2 } });

export const AccountSession = z
  .object({
    id: text().meta({ description: 'Public session id (never the secret).' }),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    userAgent: text().nullable(),
    ip: text().nullable().meta({
      description: 'Masked: last IPv4 octet or last 80 bits of IPv6 hidden.',
      example: '203.0.113.x',
    }),
    current: z.boolean().meta({ description: 'The session making this request.' }),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionListQuery = z.object({ ...PageQuery });

export const AccountSessionList = pageOf(AccountSession).meta({
  id: 'AccountSessionList',
  example: {
    nextCursor: null,
    items: [
      {
        id: 'k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6',
        createdAt: '2026-11-21T10:00:00.000Z',
        lastSeenAt: '2026-11-28T09:12:00.000Z',
        expiresAt: '2026-12-28T09:12:00.000Z',
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
        ip: '203.0.113.x',
        current: true,
      },
    ],
  },
});
export type AccountSessionList = z.infer<typeof AccountSessionList>;

export const SessionIdParam = z.object({
  id: text()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6' }),
});

export const DeleteAccountInput = z
  .object({
    password: text({ error: 'validation.passwordRequired' })
      .min(1, { error: 'validation.passwordRequired' })
      .max(256, { error: 'validation.passwordTooLong' }),
    confirm: z.literal('DELETE', { error: 'validation.confirmDelete' }).meta({
      description: 'The word DELETE, typed by the user to confirm.',
    }),
  })
  .meta({ id: 'DeleteAccountInput' });
export type DeleteAccountInput = z.input<typeof DeleteAccountInput>;

export const SignOutEverywhereResponse = z
  .object({
    ok: z.literal(true),
    endedSessions: z.number().int().meta({ description: 'Sessions ended, this one included.' }),
  })
  .meta({ id: 'SignOutEverywhereResponse', example: { ok: true, endedSessions: 3 } });
