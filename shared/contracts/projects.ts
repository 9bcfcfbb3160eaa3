import { z } from 'zod';
import { DateOnly, text, Uuid } from './common';
import { Money } from './overview';
import { PageQuery, PageTotal, pageOf } from './paging';

/*
 * Projects (spec §3, §4): what the dashboard's Projects section and the portal's project pages send and
 * receive. Money is in integer minor units in the provider's currency; calendar dates are `YYYY-MM-DD`
 * text (a date must not move with a time zone).
 */

export const ProjectStatus = z
  .enum(['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'])
  .meta({ description: 'Spec §4 project statuses.', example: 'in_progress' });
export type ProjectStatus = z.infer<typeof ProjectStatus>;

const optionalText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, { error: tooLong })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Budget in minor units; 0 allowed, at most 10^13 (a hundred billion in the currency's major unit). */
const BudgetCents = z
  .number({ error: 'validation.budgetInvalid' })
  .int({ error: 'validation.budgetInvalid' })
  .min(0, { error: 'validation.budgetInvalid' })
  .max(10_000_000_000_000, { error: 'validation.budgetInvalid' })
  .meta({ format: 'int64' })
  .nullable()
  .optional()
  .meta({ description: 'Budget in minor units (cents) of the provider’s currency; null for none.' });

const ProjectFields = z.object({
  name: text({ error: 'validation.projectNameRequired' })
    .trim()
    .min(1, { error: 'validation.projectNameRequired' })
    .max(200, { error: 'validation.projectNameTooLong' })
    .meta({ example: 'Website relaunch' }),
  clientId: Uuid({ error: 'validation.clientRequired' }).meta({ description: 'One of your clients.' }),
  status: ProjectStatus.optional(),
  budgetCents: BudgetCents,
  startDate: DateOnly.nullable().optional(),
  endDate: DateOnly.nullable().optional(),
  description: optionalText(5000, 'validation.descriptionTooLong').meta({
    description: 'Shown to the client in the portal.',
  }),
  internalNotes: optionalText(5000, 'validation.notesTooLong').meta({
    description: 'Internal: never shown to the client.',
  }),
  budgetVisibleToClient: z
    .boolean()
    .optional()
    .meta({ description: 'Whether the client sees the budget in the portal (default false).' }),
});

const endNotBeforeStart = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const END_BEFORE_START = { error: 'validation.endBeforeStart', path: ['endDate'] };

/** Create body (name and client required; status defaults to planning). */
export const ProjectCreateInput = ProjectFields.strict()
  .refine(endNotBeforeStart, END_BEFORE_START)
  .meta({ id: 'ProjectCreateInput' });
export type ProjectCreateInput = z.input<typeof ProjectCreateInput>;

/** PATCH body: only the fields sent change (the end date is checked against the stored start too). */
export const ProjectUpdateInput = ProjectFields.partial()
  .strict()
  .refine(endNotBeforeStart, END_BEFORE_START)
  .meta({ id: 'ProjectUpdateInput' });
export type ProjectUpdateInput = z.input<typeof ProjectUpdateInput>;

export const ProjectSortField = z.enum(['name', 'status', 'startDate', 'endDate', 'updatedAt', 'createdAt']);

export const ProjectListQuery = z.object({
  search: text()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'Case-insensitive "contains" over the name.' }),
  status: ProjectStatus.optional(),
  clientId: Uuid().optional(),
  sort: ProjectSortField.default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...PageQuery,
});

export const ProjectClientRef = z.object({ id: Uuid(), name: text(), portalId: Uuid() });

/** A project as its provider sees it. */
export const Project = z
  .object({
    id: Uuid(),
    name: text(),
    client: ProjectClientRef,
    status: ProjectStatus,
    // A union, not `Money.nullable()`: the generator would otherwise describe the shared `Money` component
    // itself as nullable when it meets this one first (the document's `webhooks`, generated before paths).
    budget: z.union([Money, z.null()]),
    budgetVisibleToClient: z.boolean(),
    startDate: text().nullable(),
    endDate: text().nullable(),
    description: text().nullable(),
    internalNotes: text().nullable(),
    unreadMessages: z
      .number()
      .int()
      .meta({ description: 'Messages from the client the provider has not read.' }),
    createdAt: text(),
    updatedAt: text(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectList = pageOf(Project).extend({ total: PageTotal }).meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof ProjectList>;

export const ProjectIdParam = z.object({
  projectId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'projectId', in: 'path' } }),
});
