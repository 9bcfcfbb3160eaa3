import { z } from 'zod';
import { Email, Language, text, Uuid } from './common';
import { Money } from './overview';
import { PageQuery, pageOf } from './paging';

/*
 * The client portal's contracts (spec §3, §5, §7): what the portal app sends and receives, validated by the
 * API with these same schemas. Provider-side portal management lives in `portals.ts`.
 */

const PortalId = Uuid({ error: 'validation.invalid' });

export const PortalPathParam = z.object({
  portalId: PortalId.meta({ param: { name: 'portalId', in: 'path' } }),
});

/** Only what a login page needs to look like the provider's own product; public. */
export const PortalBranding = z
  .object({
    id: Uuid(),
    name: text().meta({ example: 'Analytical Studio' }),
    logoUrl: text().nullable().meta({ description: 'Versioned logo URL, or null without a logo.' }),
    primaryColor: text().meta({ example: '#4f46e5' }),
    secondaryColor: text().meta({ example: '#0ea5e9' }),
    onPrimary: z
      .enum(['#ffffff', '#111827'])
      .meta({ description: 'The more readable text colour on the primary colour (WCAG contrast).' }),
    language: Language.meta({
      description:
        'The provider’s language: the portal’s fallback when neither a stored choice nor the browser names a supported language.',
    }),
  })
  .meta({ id: 'PortalBranding' });
export type PortalBranding = z.infer<typeof PortalBranding>;

const OptionalPortalId = PortalId.optional().meta({
  description: 'The portal of the login page; omitted on the generic `/portal/login`.',
});

/**
 * Inside the widget, where the e-mailed link returns the client: the page that embeds the portal. Its
 * origin must be one of the portal's allowed website origins; the link is then
 * `<returnTo>#cp_magic=<token>&cp_portal=<portalId>`.
 */
const ReturnTo = z
  .url({ protocol: /^https?$/, error: 'validation.invalid' })
  .max(2000, { error: 'validation.tooLong' })
  .meta({
    description:
      'Set by the portal inside the widget: the embedding page the e-mailed link returns to (as `<returnTo>#cp_magic=<token>&cp_portal=<portalId>`). Its origin must be one of the portal’s allowed website origins, and `portalId` is required with it.',
    example: 'https://ada.studio/account',
  });

/** `send-magic-link` (spec §7): the e-mail, and the portal when the login page knows it. */
export const MagicLinkRequest = z
  .object({ email: Email, portalId: OptionalPortalId, returnTo: ReturnTo.optional() })
  .strict()
  .meta({ id: 'PortalMagicLinkRequest' });
export type MagicLinkRequest = z.input<typeof MagicLinkRequest>;

export const MagicLinkSent = z
  .object({
    ok: z.literal(true),
    expiresAt: text().meta({ description: 'When the link stops working (24 h, spec §9).' }),
    outboxUrl: text().optional().meta({
      description:
        'Only where the development outbox is on (outside production, without a mail key), when the e-mail reached it: where to read it (`/api/dev/outbox?to=…`). Never present in production.',
    }),
    demoLink: text().optional().meta({
      description:
        'Only where the development outbox is on, when the e-mail could NOT be stored or sent: the link itself, for the spec’s “Email Error - Demo Link” notice. Never present in production (a failed e-mail answers 503 `magic_link_failed` there).',
    }),
  })
  .meta({ id: 'PortalMagicLinkSent' });
export type MagicLinkSent = z.infer<typeof MagicLinkSent>;

export const MagicLinkToken = text({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200, { error: 'validation.invalid' });

export const MagicLinkConsume = z
  .object({
    token: MagicLinkToken,
    portalId: PortalId.optional().meta({
      description: 'Set on a custom domain: a token of another portal is refused there (and stays unused).',
    }),
  })
  .strict()
  .meta({ id: 'PortalMagicLinkConsume' });

/** `client_has_password` (spec §7). */
export const PasswordStatusRequest = z
  .object({ email: Email, portalId: OptionalPortalId })
  .strict()
  .meta({ id: 'PortalPasswordStatusRequest' });

export const PasswordStatus = z
  .object({ hasPassword: z.boolean() })
  .meta({ id: 'PortalPasswordStatus', example: { hasPassword: true } });

/** `authenticate_client_password` (spec §7). */
export const PortalSignInInput = z
  .object({
    email: Email,
    password: text({ error: 'validation.passwordRequired' })
      .min(1, { error: 'validation.passwordRequired' })
      .max(256, { error: 'validation.passwordTooLong' }),
    portalId: OptionalPortalId,
  })
  .strict()
  .meta({ id: 'PortalSignInInput' });
export type PortalSignInInput = z.input<typeof PortalSignInInput>;

/** The signed-in client as the portal shows it (never another client's, never the provider's fields). */
export const PortalClient = z
  .object({
    id: Uuid(),
    name: text(),
    email: text(),
    portalId: Uuid(),
    language: Language,
    hasPassword: z.boolean(),
  })
  .meta({ id: 'PortalClient' });
export type PortalClient = z.infer<typeof PortalClient>;

/**
 * A new portal session, exactly what the portal stores under `portal_client_session` (spec §3):
 * `{ client, token, expiresAt, createdAt }`. The token is sent as `Authorization: Bearer <token>`.
 */
export const PortalSession = z
  .object({
    client: PortalClient,
    token: text().meta({ description: '`<id>.<secret>`; the server keeps only a hash of the secret.' }),
    expiresAt: text().meta({ description: 'ISO 8601; 7 days after sign-in (spec §9).' }),
    createdAt: text(),
  })
  .meta({ id: 'PortalSession' });
export type PortalSession = z.infer<typeof PortalSession>;

/** The current session without its token (GET). */
export const PortalSessionInfo = PortalSession.omit({ token: true }).meta({ id: 'PortalSessionInfo' });
export type PortalSessionInfo = z.infer<typeof PortalSessionInfo>;

export const PortalSignedOut = z
  .object({ ok: z.literal(true), endedSessions: z.number().int() })
  .meta({ id: 'PortalSignedOut' });

export const PortalProfileUpdate = z
  .object({
    name: text({ error: 'validation.nameRequired' })
      .trim()
      .min(1, { error: 'validation.nameRequired' })
      .max(200, { error: 'validation.clientNameTooLong' })
      .optional(),
    language: Language.optional().meta({ description: 'The portal’s and its e-mails’ language.' }),
  })
  .strict()
  .meta({ id: 'PortalProfileUpdate' });
export type PortalProfileUpdate = z.input<typeof PortalProfileUpdate>;

/**
 * Sets a first password, or changes it (then `currentPassword` is required). At least 6 characters
 * (spec §5); the confirmation must match.
 */
export const PortalPasswordInput = z
  .object({
    currentPassword: text().max(256, { error: 'validation.passwordTooLong' }).optional(),
    password: text({ error: 'validation.passwordTooShort' })
      .min(6, { error: 'validation.passwordTooShort' })
      .max(256, { error: 'validation.passwordTooLong' }),
    confirmPassword: text({ error: 'validation.passwordsDoNotMatch' }).max(256, {
      error: 'validation.passwordsDoNotMatch',
    }),
  })
  .strict()
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.passwordsDoNotMatch',
  })
  .meta({ id: 'PortalPasswordInput' });
export type PortalPasswordInput = z.input<typeof PortalPasswordInput>;

export const PortalPasswordChanged = z
  .object({
    ok: z.literal(true),
    endedSessions: z.number().int().meta({ description: 'Other sessions ended by the change.' }),
  })
  .meta({ id: 'PortalPasswordChanged' });

export const PortalProjectStatus = z.enum(['planning', 'in_progress', 'on_hold', 'completed', 'cancelled']);

export const PortalProject = z
  .object({
    id: Uuid(),
    name: text(),
    description: text().nullable(),
    status: PortalProjectStatus,
    startDate: text().nullable().meta({ description: 'Calendar date `YYYY-MM-DD`.' }),
    endDate: text().nullable().meta({ description: 'Calendar date `YYYY-MM-DD`.' }),
    budget: Money.nullable().meta({ description: 'Only when the provider shares the budget; else null.' }),
    unreadMessages: z
      .number()
      .int()
      .meta({ description: 'Messages from the provider the client has not read.' }),
    updatedAt: text(),
  })
  .meta({ id: 'PortalProject' });
export type PortalProject = z.infer<typeof PortalProject>;

/** Drafts are the provider's own and never reach the portal. */
export const PortalInvoiceStatus = z.enum(['sent', 'paid', 'overdue', 'cancelled']);

export const PortalInvoice = z
  .object({
    id: Uuid(),
    number: text(),
    amountCents: z.number().int(),
    balanceCents: z
      .number()
      .int()
      .meta({ description: 'Still due (partial payments deducted); 0 when paid or cancelled.' }),
    currency: text().meta({ example: 'EUR' }),
    status: PortalInvoiceStatus,
    description: text().nullable(),
    dueDate: text().nullable().meta({ description: 'Calendar date `YYYY-MM-DD`.' }),
    paidAt: text().nullable(),
    project: z.object({ id: Uuid(), name: text() }).nullable(),
    createdAt: text(),
  })
  .meta({ id: 'PortalInvoice' });
export type PortalInvoice = z.infer<typeof PortalInvoice>;

export const MoneyTotal = z.object({ currency: text(), amountCents: z.number().int() });

/**
 * The client's dashboard: active projects (planning or in progress) and unpaid invoices (sent or overdue)
 * with totals per currency (never added across currencies). Files and messages join when they exist.
 */
export const PortalDashboard = z
  .object({
    activeProjects: z.array(PortalProject).meta({ description: 'Up to 5, most recently updated first.' }),
    activeProjectCount: z.number().int(),
    unpaidInvoices: z.array(PortalInvoice).meta({ description: 'Up to 5, earliest due first.' }),
    unpaidInvoiceCount: z.number().int(),
    unpaidTotals: z.array(MoneyTotal),
  })
  .meta({ id: 'PortalDashboard' });
export type PortalDashboard = z.infer<typeof PortalDashboard>;

/** The paging of the client's lists (projects, invoices). */
export const PortalListQuery = PortalPathParam.extend({ ...PageQuery });

export const PortalProjectList = pageOf(PortalProject).meta({ id: 'PortalProjectList' });
export type PortalProjectList = z.infer<typeof PortalProjectList>;

export const PortalInvoiceList = pageOf(PortalInvoice).meta({ id: 'PortalInvoiceList' });
export type PortalInvoiceList = z.infer<typeof PortalInvoiceList>;
