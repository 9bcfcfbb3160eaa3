import { z } from 'zod';
import { Email, Language, text, Uuid } from './common';
import { CountryCode, VatId } from './legal';
import { PageQuery, PageTotal, pageOf } from './paging';

const optionalText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, { error: tooLong })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A checked optional field: '' or null clears it. */
const optionalChecked = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v) as z.output<T> | null | undefined);

/** The client's billing details, printed on the invoices sent to them (issue 28, § 14 (4) UStG). */
const BillingFields = {
  billingStreet: optionalText(200, 'validation.fieldTooLong').meta({ example: 'Friedrichstraße 10' }),
  billingPostcode: optionalText(20, 'validation.fieldTooLong').meta({ example: '10117' }),
  billingCity: optionalText(100, 'validation.fieldTooLong').meta({ example: 'Berlin' }),
  billingCountry: optionalChecked(CountryCode).meta({ description: 'ISO 3166-1 alpha-2.', example: 'DE' }),
  vatId: optionalChecked(VatId).meta({
    description: 'The client’s VAT id (USt-IdNr.), needed for reverse charge.',
    example: 'FR40303265045',
  }),
  buyerReference: optionalText(200, 'validation.fieldTooLong').meta({
    description: 'The buyer’s reference, e.g. the Leitweg-ID of a public buyer (EN 16931 BT-10).',
    example: '04011000-12345-67',
  }),
};

/** Create body (spec §5: name and e-mail required). */
export const ClientCreateInput = z
  .object({
    name: text({ error: 'validation.clientNameRequired' })
      .trim()
      .min(1, { error: 'validation.clientNameRequired' })
      .max(200, { error: 'validation.clientNameTooLong' })
      .meta({ example: 'Grace Hopper' }),
    email: Email,
    portalId: Uuid({ error: 'validation.portalRequired' }).meta({ description: 'One of your portals.' }),
    company: optionalText(200, 'validation.companyTooLong').meta({ example: 'Navy Labs' }),
    phone: optionalText(50, 'validation.phoneTooLong').meta({ example: '+49 30 1234567' }),
    notes: optionalText(5000, 'validation.notesTooLong'),
    language: Language.optional().meta({
      description: 'Language of the portal and its e-mails (default en).',
    }),
    ...BillingFields,
  })
  .strict()
  .meta({ id: 'ClientCreateInput' });
export type ClientCreateInput = z.input<typeof ClientCreateInput>;

/** PATCH body: only the fields sent change; empty strings clear the optional ones. */
export const ClientUpdateInput = ClientCreateInput.partial().strict().meta({ id: 'ClientUpdateInput' });
export type ClientUpdateInput = z.input<typeof ClientUpdateInput>;

export const ClientSortField = z.enum(['name', 'email', 'company', 'createdAt']);

export const ClientListQuery = z.object({
  search: text()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'Case-insensitive "contains" over name, e-mail and company.' }),
  sort: ClientSortField.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  portalId: Uuid().optional().meta({ description: 'Only the clients of this portal.' }),
  ...PageQuery,
});

export const ClientPortalRef = z.object({ id: Uuid(), portalName: text() });

export const Client = z
  .object({
    id: Uuid(),
    name: text(),
    email: text(),
    company: text().nullable(),
    phone: text().nullable(),
    notes: text().nullable(),
    language: Language,
    billingStreet: text().nullable(),
    billingPostcode: text().nullable(),
    billingCity: text().nullable(),
    billingCountry: text().nullable().meta({ description: 'ISO 3166-1 alpha-2.' }),
    vatId: text().nullable(),
    buyerReference: text().nullable(),
    portal: ClientPortalRef,
    hasPassword: z.boolean().meta({ description: 'Whether the client can sign in with a password.' }),
    createdAt: text(),
    updatedAt: text(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof Client>;

export const ClientList = pageOf(Client).extend({ total: PageTotal }).meta({ id: 'ClientList' });
export type ClientList = z.infer<typeof ClientList>;

export const ClientDetail = Client.extend({
  projects: z.array(
    z.object({
      id: Uuid(),
      name: text(),
      status: text(),
      startDate: text().nullable(),
      endDate: text().nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: Uuid(),
      number: text().nullable().meta({ description: 'Null for a draft (numbers are assigned when sent).' }),
      amountCents: z.number().int(),
      currency: text(),
      status: text(),
      dueDate: text().nullable(),
    }),
  ),
  lastPortalLogin: text()
    .nullable()
    .meta({ description: 'Last portal sign-in (ISO 8601), from portal_events; null if never.' }),
}).meta({ id: 'ClientDetail' });
export type ClientDetail = z.infer<typeof ClientDetail>;

export const ClientIdParam = z.object({
  clientId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'clientId', in: 'path' } }),
});

export const ClientDeleted = z
  .object({
    ok: z.literal(true),
    deleted: z.object({ projects: z.number().int(), invoices: z.number().int() }),
  })
  .meta({ id: 'ClientDeleted' });

export const ClientInvited = z
  .object({
    ok: z.literal(true),
    expiresAt: text().meta({ description: 'When the link stops working (24 h, spec §9).' }),
    via: z
      .enum(['resend', 'outbox'])
      .meta({ description: 'Sent through Resend, or into the development outbox.' }),
  })
  .meta({ id: 'ClientInvited' });

export const ClientPasswordInput = z
  .object({
    password: text({ error: 'validation.passwordTooShort' })
      .min(6, { error: 'validation.passwordTooShort' })
      .max(256, { error: 'validation.passwordTooLong' }),
  })
  .strict()
  .meta({ id: 'ClientPasswordInput' });
