import { z } from 'zod';
import { text } from './common';

/**
 * A DNS host name as typed: trimmed, lower-cased, a trailing dot dropped; at least two labels of
 * letters, digits and hyphens (no leading or trailing hyphen), up to 253 characters, no IP address.
 */
export const DomainName = text({ error: 'validation.domainInvalid' })
  .max(300, { error: 'validation.domainInvalid' })
  .trim()
  .transform((v) => v.toLowerCase().replace(/\.$/, ''))
  .pipe(
    text()
      .max(253, { error: 'validation.domainInvalid' })
      .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, {
        error: 'validation.domainInvalid',
      })
      .refine((v) => !/^[0-9.]+$/.test(v) && /[a-z]/.test(v.split('.').at(-1) ?? ''), {
        error: 'validation.domainInvalid',
      }),
  )
  .meta({
    description: 'Host name, e.g. `portal.example-agency.com`.',
    example: 'portal.example-agency.com',
  });

export const DomainInput = z.object({ domain: DomainName }).strict().meta({ id: 'DomainInput' });
export type DomainInput = z.input<typeof DomainInput>;

export const DomainCheckQuery = z.object({
  domain: text()
    .max(253)
    .meta({ param: { name: 'domain', in: 'query' }, example: 'portal.example.com' }),
});
