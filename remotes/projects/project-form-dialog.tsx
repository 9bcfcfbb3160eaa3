import { useId } from 'react';
import { ProjectCreateInput, ProjectUpdateInput } from '../../shared/contracts/projects';
import { DateField } from '../../shared/ui/date-field';
import { EntityFormDialog, entityFormTexts, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { SelectField } from '../../shared/ui/select-field';
import { TextareaField } from '../../shared/ui/textarea-field';
import {
  type ClientOption,
  PROJECT_STATUSES,
  type Project,
  type ProjectInput,
  type ProjectPatch,
  type ProjectStatus,
  useCreateProject,
  useProviderCurrency,
  useUpdateProject,
} from './api';
import { budgetText, currencySymbol, parseBudget } from './budget';
import { useProjectTexts } from './i18n';

type Values = {
  name: string;
  clientId: string;
  status: ProjectStatus;
  budget: string;
  budgetVisibleToClient: boolean;
  startDate: string;
  endDate: string;
  description: string;
  internalNotes: string;
};
/** Errors by the API's field names (what both the contract and the server report). */
type ApiField = keyof ProjectInput;
const FIELDS: ApiField[] = [
  'name',
  'clientId',
  'status',
  'budgetCents',
  'budgetVisibleToClient',
  'startDate',
  'endDate',
  'description',
  'internalNotes',
];
/** The project's stored values under the API's field names, as the contract outputs them. */
function storedValues(project: Project): Record<ApiField, unknown> {
  return {
    name: project.name,
    clientId: project.client.id,
    status: project.status,
    budgetCents: project.budget?.amountCents ?? null,
    budgetVisibleToClient: project.budgetVisibleToClient,
    startDate: project.startDate,
    endDate: project.endDate,
    description: project.description,
    internalNotes: project.internalNotes,
  };
}

/** The fields of a parsed edit that differ from the stored project. */
function changedFields(project: Project, parsed: Record<string, unknown>): ProjectPatch {
  const stored = storedValues(project);
  return Object.fromEntries(
    FIELDS.filter((field) => parsed[field] !== undefined && parsed[field] !== stored[field]).map((field) => [
      field,
      parsed[field],
    ]),
  ) as ProjectPatch;
}

/**
 * Create or edit a project (spec §3 form: name, client, status, budget, start date, end date, description;
 * plus internal notes and whether the client sees the budget), in the kit's entity form dialog: checked
 * with the API's own zod contract (messages are i18n keys: the end date not before the start, a budget of 0
 * or more), then the server's field errors (already translated) and a 409 `project_client_locked` at the
 * client field. Default export: loaded lazily with the dialog.
 */
export default function ProjectFormDialog({
  project,
  clients,
  defaultClientId,
  onClose,
}: {
  project?: Project;
  clients: ClientOption[];
  defaultClientId?: string;
  onClose: () => void;
}) {
  const { t, lang } = useProjectTexts();
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? '');
  const currency = useProviderCurrency();
  const checkboxId = useId();
  const form = useEntityForm({
    initial: (): Values => ({
      name: project?.name ?? '',
      clientId:
        project?.client.id ?? (clients.some((c) => c.id === defaultClientId) ? defaultClientId : '') ?? '',
      status: project?.status ?? 'planning',
      budget: budgetText(project?.budget?.amountCents, lang),
      budgetVisibleToClient: project?.budgetVisibleToClient ?? false,
      startDate: project?.startDate ?? '',
      endDate: project?.endDate ?? '',
      description: project?.description ?? '',
      internalNotes: project?.internalNotes ?? '',
    }),
    fields: FIELDS,
    errorOf: { budget: 'budgetCents' },
    t,
  });
  const { values } = form;
  // A project's client stays in the list even if the clients query has not caught up with it.
  const clientChoices =
    project && !clients.some((c) => c.id === project.client.id) ? [project.client, ...clients] : clients;
  const code = project?.budget?.currency ?? currency.data;

  async function save() {
    const body = {
      name: values.name,
      clientId: values.clientId,
      status: values.status,
      budgetCents: parseBudget(values.budget, lang),
      budgetVisibleToClient: values.budgetVisibleToClient,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
      // Raw text: the API trims and turns '' into "cleared".
      description: values.description,
      internalNotes: values.internalNotes,
    } satisfies ProjectInput;
    const parsed = form.check(project ? ProjectUpdateInput : ProjectCreateInput, body);
    if (!parsed) return false;
    if (project) {
      const changes = changedFields(project, parsed);
      // Only what changed: the API records the fields sent (and tells the client when one it sees is among
      // them), and checks a new end date against the stored start.
      if (Object.keys(changes).length === 0) {
        onClose();
        return false;
      }
      await update.mutateAsync(changes);
    } else await create.mutateAsync(body);
  }

  return (
    <EntityFormDialog
      form={form}
      {...entityFormTexts(t, Boolean(project))}
      errorCodes={{ project_client_locked: 'clientId' }}
      onSubmit={save}
      onClose={onClose}
    >
      <Field label={t('form.name')} {...form.field('name')} autoComplete="off" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.client')}
          {...form.field('clientId')}
          required
          options={[
            ...(values.clientId ? [] : [{ value: '', label: t('form.chooseClient') }]),
            ...clientChoices.map((client) => ({ value: client.id, label: client.name })),
          ]}
        />
        <SelectField
          label={t('form.status')}
          {...form.field('status')}
          options={PROJECT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t('form.startDate')}
          name="startDate"
          lang={lang}
          value={values.startDate}
          error={form.error('startDate')}
          onChange={(value) => form.setValue('startDate', value)}
        />
        <DateField
          label={t('form.endDate')}
          name="endDate"
          lang={lang}
          value={values.endDate}
          error={form.error('endDate')}
          onChange={(value) => form.setValue('endDate', value)}
        />
      </div>
      <div className="grid gap-3">
        <Field
          label={code ? `${t('form.budget')} (${currencySymbol(code, lang)})` : t('form.budget')}
          {...form.field('budget')}
          inputMode="decimal"
          autoComplete="off"
          hint={
            code
              ? t('form.budgetHint', { currency: code, example: budgetText(1_250_000, lang) })
              : t('form.optional')
          }
        />
        <div className="flex gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={values.budgetVisibleToClient}
            onChange={(event) => form.setValue('budgetVisibleToClient', event.target.checked)}
            aria-describedby={`${checkboxId}-hint`}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <div className="grid gap-0.5">
            <label htmlFor={checkboxId} className="text-sm font-medium">
              {t('form.budgetVisible')}
            </label>
            <p id={`${checkboxId}-hint`} className="text-xs text-subtle">
              {t('form.budgetVisibleHint')}
            </p>
          </div>
        </div>
      </div>
      <TextareaField
        label={t('form.details')}
        {...form.field('description')}
        rows={3}
        hint={t('form.detailsHint')}
      />
      <TextareaField
        label={t('form.internalNotes')}
        {...form.field('internalNotes')}
        rows={2}
        hint={t('form.internalNotesHint')}
      />
    </EntityFormDialog>
  );
}
