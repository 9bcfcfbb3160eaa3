import { z } from 'zod';
import { HANDOFF_ERROR_CODES, text, Uuid } from './common';
import { PortalDashboard, PortalInvoiceList, PortalProjectList, PortalSession } from './portal-client';

/*
 * The widget's identity handoff (single sign-on): the provider's backend signs a short-lived JWT (HS256)
 * for one of its clients with the portal's widget secret; the portal frame exchanges it for a portal
 * session. Provider-side secret management and the public exchange share these contracts.
 */

/** A handoff token may live at most this long (`exp - iat`, seconds). */
export const HANDOFF_MAX_LIFETIME_S = 600;
/** Tolerated clock difference between the provider's server and ours (seconds, for `iat`/`nbf`). */
export const HANDOFF_CLOCK_SKEW_S = 60;
/** Every widget secret starts with this, so secret scanners and people recognise it. */
export const WIDGET_SECRET_PREFIX = 'cpws_';

/** The rejections of a handoff token, each with its own error code (translated as `errors.<code>`). */
export const HandoffErrorCode = z.enum(HANDOFF_ERROR_CODES);
export type HandoffErrorCode = z.infer<typeof HandoffErrorCode>;

export const WidgetSecretStatus = z
  .object({
    configured: z.boolean().meta({ description: 'Whether identity handoff is set up for this portal.' }),
    createdAt: text().nullable().meta({ description: 'When the current secret was created (ISO 8601).' }),
    hint: text()
      .nullable()
      .meta({ description: 'The last four characters of the current secret, to tell secrets apart.' }),
  })
  .meta({
    id: 'WidgetSecretStatus',
    example: { configured: true, createdAt: '2026-11-21T10:00:00.000Z', hint: 'x7Qa' },
  });
export type WidgetSecretStatus = z.infer<typeof WidgetSecretStatus>;

export const WidgetSecretCreated = z
  .object({
    secret: text().meta({
      description:
        'The new signing secret. Shown this once: store it in your backend’s configuration. It replaces the previous secret at once.',
    }),
    createdAt: text(),
    hint: text(),
  })
  .meta({
    id: 'WidgetSecretCreated',
    example: {
      secret: 'cpws_3q2-Vb9x0LkM4nT7yZ1wR8sE5uH6jP2aC0dF9gK4x7Qa',
      createdAt: '2026-11-21T10:00:00.000Z',
      hint: 'x7Qa',
    },
  });
export type WidgetSecretCreated = z.infer<typeof WidgetSecretCreated>;

export const HandoffInput = z
  .object({
    portalId: Uuid({ error: 'validation.invalid' }).meta({ description: 'The portal the frame shows.' }),
    token: text({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(4096, { error: 'validation.invalid' })
      .meta({ description: 'The JWT (HS256) the provider’s backend signed.' }),
    include: z.enum(['dashboard', 'projects', 'invoices'], { error: 'validation.invalid' }).optional().meta({
      description:
        'Also return this page’s data for the new session (under `included`), as `GET /api/portal/{portalId}/<include>` would: the frame’s first screen then needs no second request.',
    }),
  })
  .strict()
  .meta({ id: 'WidgetHandoffInput' });
export type HandoffInput = z.input<typeof HandoffInput>;

/** The session a handoff started, with the first page's data when the exchange asked for it. */
export const HandoffSession = PortalSession.extend({
  included: z
    .object({
      dashboard: PortalDashboard.optional(),
      projects: PortalProjectList.optional(),
      invoices: PortalInvoiceList.optional(),
    })
    .optional()
    .meta({ description: 'The data `include` asked for (only the signed-in client’s own).' }),
}).meta({ id: 'WidgetHandoffSession' });
export type HandoffSession = z.infer<typeof HandoffSession>;

/** A website origin exactly as a browser names it (`location.origin`): `http(s)://host[:port]`, nothing else. */
function isPageOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
}

export const WidgetEmbeddingQuery = z.object({
  origin: text({ error: 'validation.originInvalid' })
    .max(300, { error: 'validation.originInvalid' })
    .refine(isPageOrigin, { error: 'validation.originInvalid' })
    .meta({
      param: { name: 'origin', in: 'query' },
      description: 'The origin of the page the widget runs on (`location.origin`).',
      example: 'https://www.example.com',
    }),
});

/**
 * What the widget's runtime asks before it frames the portal: may this page's origin show it (the same
 * answer the portal's `frame-ancestors` gives, which is public anyway), and the portal's name and colour
 * for the launcher and the dialog's bar.
 */
export const WidgetEmbedding = z
  .object({
    allowed: z.boolean().meta({
      description:
        'Whether `origin` is one of the portal’s allowed website origins (Portals → the portal → Website embedding).',
    }),
    portalName: text().meta({ example: 'Analytical Studio' }),
    primaryColor: text().meta({
      description: 'The portal’s primary colour (`#rrggbb`).',
      example: '#4f46e5',
    }),
  })
  .meta({ id: 'WidgetEmbedding' });
export type WidgetEmbedding = z.infer<typeof WidgetEmbedding>;

/** The claims a handoff token must carry (after its signature is checked). */
export interface HandoffClaims {
  /** The client's e-mail address (lower-cased). */
  sub: string;
  aud: string | string[];
  iat: number;
  exp: number;
  jti: string;
  nbf?: number;
}
