import { z } from 'zod';
import { text } from './common';
import { DomainName } from './domains';

/*
 * The Integrations page (issue 27): the provider's own e-mail sending domain at Resend, the Stripe
 * connection's check, and the return of an integration's authorisation (`/integrations/callback`).
 */

/* --- E-mail sending domain ------------------------------------------------------------------------------ */

/** Resend's statuses of a domain (and of each of its records). */
export const MAIL_DOMAIN_STATUSES = [
  'not_started',
  'pending',
  'verified',
  'partially_verified',
  'partially_failed',
  'failed',
  'temporary_failure',
] as const;
export const MailDomainStatus = z.enum(MAIL_DOMAIN_STATUSES).meta({
  description:
    'Resend’s status: `not_started` (records not checked yet), `pending` (being checked), `verified`, `failed`, or a partial state while some records are found.',
});
export type MailDomainStatus = z.infer<typeof MailDomainStatus>;

/**
 * The part of the sender address before the `@` (`portal` in `portal@mail.example.com`): letters, digits
 * and `.`, `_`, `-`, not starting or ending with a dot, up to 64 characters.
 */
export const FromLocalPart = text({ error: 'validation.fromLocalPartInvalid' })
  .trim()
  .max(64, { error: 'validation.fromLocalPartInvalid' })
  .transform((v) => v.toLowerCase())
  .pipe(
    text()
      .max(64, { error: 'validation.fromLocalPartInvalid' })
      .regex(/^(?!\.)[a-z0-9._-]{1,64}(?<!\.)$/, { error: 'validation.fromLocalPartInvalid' })
      .refine((v) => !v.includes('..'), { error: 'validation.fromLocalPartInvalid' }),
  )
  .meta({ description: 'Local part of the sender address.', example: 'portal' });

export const MailDomainRecord = z
  .object({
    record: text().meta({ description: 'What the record is for: `SPF`, `DKIM`, `Receiving`, `Tracking`…' }),
    type: text().meta({ example: 'TXT' }),
    name: text().meta({ example: 'resend._domainkey.mail' }),
    value: text(),
    ttl: text().nullable(),
    priority: z.number().int().nullable(),
    status: MailDomainStatus,
  })
  .meta({ id: 'MailDomainRecord' });
export type MailDomainRecord = z.infer<typeof MailDomainRecord>;

export const MailDomain = z
  .object({
    name: text().meta({ example: 'mail.example-agency.com' }),
    status: MailDomainStatus,
    records: z.array(MailDomainRecord),
    fromLocalPart: text(),
    fromAddress: text().meta({
      description: 'The sender address portal e-mails get once the domain is in use.',
      example: 'portal@mail.example-agency.com',
    }),
    inUse: z.boolean().meta({
      description:
        'Portal e-mails to the provider’s clients are sent From `fromAddress` (only once verified).',
    }),
    verifiedAt: z.iso.datetime().nullable(),
    checkedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MailDomain' });
export type MailDomain = z.infer<typeof MailDomain>;

export const MailDomainState = z
  .object({
    available: z.boolean().meta({
      description:
        'Whether this server sends e-mail through Resend (`RESEND_API_KEY`); without it, mail goes to the development outbox and no domain can be added.',
    }),
    domain: MailDomain.nullable(),
  })
  .meta({ id: 'MailDomainState' });
export type MailDomainState = z.infer<typeof MailDomainState>;

export const MailDomainCreate = z
  .object({ domain: DomainName, fromLocalPart: FromLocalPart.optional() })
  .strict()
  .meta({ id: 'MailDomainCreate' });
export type MailDomainCreate = z.input<typeof MailDomainCreate>;

export const MailDomainUpdate = z
  .object({
    inUse: z.boolean().optional().meta({ description: '`true` needs a verified domain (409 otherwise).' }),
    fromLocalPart: FromLocalPart.optional(),
  })
  .strict()
  .meta({ id: 'MailDomainUpdate' });
export type MailDomainUpdate = z.input<typeof MailDomainUpdate>;

/** Whether portal e-mails can go out From the domain. */
export const isMailDomainVerified = (status: MailDomainStatus): boolean => status === 'verified';

/* --- Stripe ---------------------------------------------------------------------------------------------- */

export const StripeCheck = z
  .object({
    accountId: text(),
    accountName: text().nullable(),
    livemode: z.boolean(),
    checkedAt: z.iso.datetime(),
  })
  .meta({ id: 'StripeCheck' });
export type StripeCheck = z.infer<typeof StripeCheck>;

/* --- An integration's authorisation returning (`/integrations/callback`) ------------------------------------ */

export const AuthorisationCallback = z
  .object({
    state: text({ error: 'validation.authorisationStateMissing' })
      .min(1, { error: 'validation.authorisationStateMissing' })
      .max(200, { error: 'validation.authorisationStateMissing' }),
    code: text().max(4096).optional(),
    error: text().max(200).optional(),
    errorDescription: text().max(1000).optional(),
  })
  .strict()
  .meta({ id: 'AuthorisationCallback' });
export type AuthorisationCallback = z.input<typeof AuthorisationCallback>;

export const AuthorisationOutcome = z
  .object({
    integration: text().meta({ description: 'The integration kind, e.g. `google_calendar`.' }),
    outcome: z.enum(['connected', 'denied', 'failed']),
    error: text().nullable().meta({ description: 'The OAuth error code the integration returned, if any.' }),
    errorDescription: text().nullable(),
  })
  .meta({ id: 'AuthorisationOutcome' });
export type AuthorisationOutcome = z.infer<typeof AuthorisationOutcome>;
