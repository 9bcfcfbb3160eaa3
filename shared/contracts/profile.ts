import { z } from 'zod';
import { Language, text } from './common';
import { CurrencyCode } from './overview';
import { TimeZone } from './time-zone';

/** Codes the runtime knows (Node and every current browser); a bare 3-letter check where it is missing. */
const knownCurrencies: ReadonlySet<string> | undefined = (() => {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : undefined;
})();

/** A profile currency as typed: trimmed, upper-cased, an ISO 4217 code. */
export const CurrencyInput = text()
  .max(16, { error: 'validation.currencyInvalid' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    text()
      .regex(/^[A-Z]{3}$/, { error: 'validation.currencyInvalid' })
      .refine((code) => !knownCurrencies || knownCurrencies.has(code), {
        error: 'validation.currencyInvalid',
      }),
  )
  .meta({ description: 'ISO 4217 code (case-insensitive on input).', example: 'EUR' });

/** An http(s) URL, at most 300 characters; the empty string clears the field (stored as null). */
export const WebsiteInput = text()
  .trim()
  .max(300, { error: 'validation.websiteTooLong' })
  .refine((v) => v === '' || isHttpUrl(v), { error: 'validation.websiteInvalid' })
  .transform((v) => (v === '' ? null : v))
  .meta({ description: 'http(s) URL; empty string or null clears it.', example: 'https://ada.studio' });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const Profile = z
  .object({
    fullName: text(),
    businessName: text().nullable(),
    website: text().nullable(),
    preferredLanguage: Language,
    currency: CurrencyCode.nullable().meta({
      description: 'Explicit currency, or null to follow the language (USD for en, EUR for de; spec §9).',
    }),
    timeZone: text().nullable().meta({
      description:
        'IANA time zone of "today" and of month boundaries in the analytics; null until the dashboard first sets it from the browser (UTC meanwhile).',
      example: 'Europe/Berlin',
    }),
    email: text().meta({ description: 'The account e-mail (read-only here).' }),
  })
  .meta({
    id: 'Profile',
    example: {
      fullName: 'Ada Lovelace',
      businessName: 'Analytical Studio',
      website: 'https://ada.studio',
      preferredLanguage: 'en',
      currency: null,
      timeZone: 'Europe/Berlin',
      email: 'ada@example.com',
    },
  });
export type Profile = z.infer<typeof Profile>;

/** PATCH body: every field optional; only the fields sent change. */
export const ProfileUpdateInput = z
  .object({
    fullName: text({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.nameRequired' })
      .max(120, { error: 'validation.nameTooLong' })
      .optional()
      .meta({ example: 'Ada Lovelace' }),
    businessName: text()
      .trim()
      .max(120, { error: 'validation.businessNameTooLong' })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .meta({ description: 'Empty string or null clears it.', example: 'Analytical Studio' }),
    website: WebsiteInput.nullable().optional(),
    preferredLanguage: Language.optional(),
    currency: CurrencyInput.nullable().optional(),
    timeZone: TimeZone.optional(),
  })
  .strict()
  .meta({ id: 'ProfileUpdateInput' });
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;
