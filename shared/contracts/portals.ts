import { z } from 'zod';
import { text, Uuid } from './common';
import { PageQuery, pageOf } from './paging';

/** A colour as `#rrggbb`; upper case accepted, stored and returned lower case. */
export const HexColor = text({ error: 'validation.colorInvalid' })
  .max(32, { error: 'validation.colorInvalid' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorInvalid' })
  .transform((v) => v.toLowerCase())
  .meta({ description: 'Colour as `#rrggbb`.', example: '#4f46e5' });

/**
 * A website origin allowed to embed the widget, exactly `scheme://host[:port]` (a trailing `/` is
 * dropped): https with a real host name (letters, digits and hyphens in dot-separated labels, as the
 * browser sends it in Origin; international names become punycode), or http on localhost for development.
 * Anything else is refused, never trimmed into shape: a path, query, fragment, user name, wildcard (`*`),
 * a list (`,`, spaces) or an injected directive (`;`), since the value ends up in `frame-ancestors`.
 */
export const AllowedOrigin = text()
  .trim()
  .max(300, { error: 'validation.originInvalid' })
  .refine(isAllowedOrigin, { error: 'validation.originInvalid' })
  .transform((v) => new URL(v).origin)
  .meta({
    description:
      '`https://host[:port]` with a real host name, or `http://localhost[:port]` in development; no path, wildcard or list.',
    example: 'https://ada.studio',
  });

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** `scheme://` then an authority of host-name characters and an optional port, then at most a `/`. */
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\\\s*;,]+(:\d{1,5})?\/?$/i;

/**
 * Whether a value is an origin a portal may be framed by (`AllowedOrigin`); also filters what is read
 * back from the database before it goes into a header.
 * @example isAllowedOrigin('https://ada.studio:8443') // true; 'https://*.com' → false
 */
export function isAllowedOrigin(value: string): boolean {
  if (!ORIGIN_SHAPE.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return false;
  const host = url.hostname;
  if (url.protocol === 'http:') return host === 'localhost' || host === '127.0.0.1';
  if (url.protocol !== 'https:') return false;
  if (host === 'localhost') return true;
  const labels = host.split('.');
  return (
    host.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    /[a-z]/.test(labels.at(-1) ?? '')
  );
}

export const PortalName = text({ error: 'validation.portalNameRequired' })
  .trim()
  .min(1, { error: 'validation.portalNameRequired' })
  .max(80, { error: 'validation.portalNameTooLong' })
  .meta({ example: 'Analytical Studio' });

const AllowedOrigins = z
  .array(AllowedOrigin)
  .max(10, { error: 'validation.tooManyOrigins' })
  .transform((list) => [...new Set(list)])
  .meta({ description: 'Up to 10 website origins that may embed the portal (CSP frame-ancestors).' });

export const PortalCreateInput = z
  .object({
    portalName: PortalName,
    primaryColor: HexColor.default('#2563eb'),
    secondaryColor: HexColor.default('#64748b'),
    allowedOrigins: AllowedOrigins.default([]),
  })
  .strict()
  .meta({ id: 'PortalCreateInput' });
export type PortalCreateInput = z.input<typeof PortalCreateInput>;

/** PATCH body: only the fields sent change. */
export const PortalUpdateInput = z
  .object({
    portalName: PortalName.optional(),
    primaryColor: HexColor.optional(),
    secondaryColor: HexColor.optional(),
    allowedOrigins: AllowedOrigins.optional(),
  })
  .strict()
  .meta({ id: 'PortalUpdateInput' });
export type PortalUpdateInput = z.input<typeof PortalUpdateInput>;

/** How readable text is on one portal colour (WCAG 2.x contrast ratios, 1–21). */
export const ColorContrast = z
  .object({
    whiteText: z.number().meta({ description: 'Ratio of white text on the colour.', example: 6.29 }),
    darkText: z.number().meta({ description: 'Ratio of dark text (#111827) on the colour.', example: 2.85 }),
    textColor: z.enum(['#ffffff', '#111827']).meta({ description: 'The more readable text colour.' }),
    warning: z.boolean().meta({
      description:
        'True when white text on the colour, which is also the colour on the white portal page, is below 4.5:1 (WCAG AA for body text).',
    }),
  })
  .meta({ id: 'ColorContrast' });
export type ColorContrast = z.infer<typeof ColorContrast>;

/**
 * `pending` (claimed, not verified yet), `verified` (served), `failed` (the last verification, or the
 * periodic re-check of a verified domain, did not find the token: see `error`), `taken` (another portal
 * verified this domain first; this claim cannot be verified while that one holds it).
 */
export const DomainStatus = z.enum(['pending', 'verified', 'failed', 'taken']).meta({
  description:
    '`pending`: claimed, not verified yet. `verified`: served at this domain. `failed`: the last verification, or the periodic re-check of a verified domain, did not find the token (see `error`). `taken`: another portal verified this domain first.',
});

/** A DNS record the provider creates at their DNS host. */
export const DnsRecord = z
  .object({
    type: z.enum(['CNAME', 'TXT']),
    name: text().meta({ example: '_clientportal-verify.portal.example-agency.com' }),
    value: text().meta({ example: 'cpv-3b0f6a…' }),
  })
  .meta({ id: 'DnsRecord' });

export const CustomDomain = z
  .object({
    domain: text().meta({ example: 'portal.example-agency.com' }),
    status: DomainStatus,
    records: z.array(DnsRecord).meta({ description: 'The CNAME and TXT records to create.' }),
    checkedAt: text().nullable().meta({ description: 'Last verification attempt (ISO 8601).' }),
    error: text().nullable().meta({
      description:
        'Why the last verification failed: `ENOTFOUND` (no such name), `ENODATA` (no TXT record), `wrong_value` (TXT present, token missing), or another resolver code. On a `verified` domain: what the last re-check found instead of the token (the domain is still served; a second check finding the record gone in a row stops serving it, a lookup without an answer never does).',
      example: 'ENODATA',
    }),
    expiresAt: text().nullable().meta({
      description:
        'When this unverified claim expires (ISO 8601; 7 days after it started) unless verified; null once verified. An expired claim is removed: the portal then has no custom domain.',
    }),
    revokedAt: text().nullable().meta({
      description:
        'When the periodic re-check stopped serving this domain because its TXT record was gone (ISO 8601; `error` says how); null otherwise.',
    }),
  })
  .meta({ id: 'CustomDomain' });
export type CustomDomain = z.infer<typeof CustomDomain>;

export const Portal = z
  .object({
    id: Uuid(),
    portalName: text(),
    primaryColor: text(),
    secondaryColor: text(),
    allowedOrigins: z.array(text()),
    logoUrl: text().nullable().meta({ description: 'Absolute URL of the logo (versioned), or null.' }),
    portalUrl: text().meta({ description: 'The standalone portal, `<origin>/portal/<id>`.' }),
    customDomain: CustomDomain.nullable(),
    contrast: z.object({ primary: ColorContrast, secondary: ColorContrast }),
    clientCount: z.number().int(),
    createdAt: text(),
    updatedAt: text(),
  })
  .meta({ id: 'Portal' });
export type Portal = z.infer<typeof Portal>;

export const PortalListQuery = z.object({ ...PageQuery });
export const PortalList = pageOf(Portal).meta({ id: 'PortalList' });
export type PortalList = z.infer<typeof PortalList>;

export const PortalIdParam = z.object({
  portalId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'portalId', in: 'path' } }),
});

export const PortalDeleted = z
  .object({
    ok: z.literal(true),
    deleted: z.object({
      clients: z.number().int(),
      projects: z.number().int(),
      invoices: z.number().int(),
    }),
  })
  .meta({ id: 'PortalDeleted' });

/** Spec: logos are images only; the upload limit before any decoding (the dashboard checks it before sending). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The image type by its first bytes (magic numbers), never by the file name or the declared type: the API's
 * check of an uploaded logo, and the dashboard's before it sends one (12 bytes are enough). SVG, HTML and
 * everything else answer null.
 * @example detectImageType(await file.bytes()) // 'png'
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}
