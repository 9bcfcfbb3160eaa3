import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../shared/api/error';
import { ProjectCreateInput, ProjectUpdateInput } from '../../shared/contracts/projects';
import { Button } from '../../shared/ui/button';
import { DateField } from '../../shared/ui/date-field';
import { Dialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { SelectField } from '../../shared/ui/select-field';
import { TextareaField } from '../../shared/ui/textarea-field';
import { toast } from '../../shared/ui/toaster';
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
type Errors = Partial<Record<ApiField, string>>;
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
/** Which input an error of an API field belongs to (the budget's text field reports `budgetCents`). */
const INPUT_OF: Partial<Record<keyof Values, ApiField>> = { budget: 'budgetCents' };

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
 * plus internal notes and whether the client sees the budget). Validates with the API's own zod contract
 * (messages are i18n keys: the end date not before the start, a budget of 0 or more), then shows the
 * server's field errors (already translated) and a 409 `project_client_locked` on the client field.
 * Default export: loaded lazily with the dialog.
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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => ({
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
  }));
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;
  // A project's client stays in the list even if the clients query has not caught up with it.
  const clientChoices =
    project && !clients.some((c) => c.id === project.client.id) ? [project.client, ...clients] : clients;
  const code = project?.budget?.currency ?? currency.data;

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [INPUT_OF[field] ?? (field as ApiField)]: undefined }));
  };

  /** After a failed save: the first field in error gets the focus (and is scrolled into view). */
  function focusFirstError() {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    const parsed = (project ? ProjectUpdateInput : ProjectCreateInput).safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ApiField;
        if (FIELDS.includes(field) && !next[field]) next[field] = t(issue.message);
      }
      setErrors(next);
      focusFirstError();
      return;
    }
    try {
      if (project) {
        const changes = changedFields(project, parsed.data);
        // Only what changed: the API records the fields sent (and tells the client when one it sees is
        // among them), and checks a new end date against the stored start.
        if (Object.keys(changes).length === 0) return onClose();
        await update.mutateAsync(changes);
      } else await create.mutateAsync(body);
      toast.success(t(project ? 'toast.updated' : 'toast.created'));
      onClose();
    } catch (error) {
      const next: Errors = {};
      if (error instanceof ApiError) {
        if (error.code === 'project_client_locked') next.clientId = error.message;
        for (const field of error.fields) {
          const path = field.path as ApiField;
          if (FIELDS.includes(path) && !next[path]) next[path] = field.message || t(field.key);
        }
      }
      setErrors(next);
      focusFirstError();
      const description = Object.keys(next).length
        ? undefined
        : error instanceof Error && error.message
          ? error.message
          : undefined;
      toast.error(
        t(project ? 'toast.updateFailed' : 'toast.createFailed'),
        description ? { description } : undefined,
      );
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(project ? 'form.editTitle' : 'form.createTitle')}
      description={t('form.description')}
    >
      <form ref={form} noValidate onSubmit={submit} className="grid gap-4">
        <Field
          label={t('form.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('form.client')}
            name="clientId"
            value={values.clientId}
            onChange={set('clientId')}
            error={errors.clientId}
            required
            options={[
              ...(values.clientId ? [] : [{ value: '', label: t('form.chooseClient') }]),
              ...clientChoices.map((client) => ({ value: client.id, label: client.name })),
            ]}
          />
          <SelectField
            label={t('form.status')}
            name="status"
            value={values.status}
            onChange={set('status')}
            error={errors.status}
            options={PROJECT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label={t('form.startDate')}
            name="startDate"
            lang={lang}
            value={values.startDate}
            onChange={(value) => set('startDate')({ target: { value } })}
            error={errors.startDate}
          />
          <DateField
            label={t('form.endDate')}
            name="endDate"
            lang={lang}
            value={values.endDate}
            onChange={(value) => set('endDate')({ target: { value } })}
            error={errors.endDate}
          />
        </div>
        <div className="grid gap-3">
          <Field
            label={code ? `${t('form.budget')} (${currencySymbol(code, lang)})` : t('form.budget')}
            name="budget"
            inputMode="decimal"
            autoComplete="off"
            value={values.budget}
            onChange={set('budget')}
            error={errors.budgetCents}
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
              onChange={(event) => setValues((v) => ({ ...v, budgetVisibleToClient: event.target.checked }))}
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
          name="description"
          rows={3}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          hint={t('form.detailsHint')}
        />
        <TextareaField
          label={t('form.internalNotes')}
          name="internalNotes"
          rows={2}
          value={values.internalNotes}
          onChange={set('internalNotes')}
          error={errors.internalNotes}
          hint={t('form.internalNotesHint')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t(project ? 'form.save' : 'form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
