import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../shared/api/error';
import { ClientCreateInput, ClientUpdateInput } from '../../shared/contracts/clients';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { SelectField } from '../../shared/ui/select-field';
import { TextareaField } from '../../shared/ui/textarea-field';
import { toast } from '../../shared/ui/toaster';
import { type ClientInput, type ClientListItem, type PortalSummary, useSaveClient } from './api';
import { useClientTexts } from './i18n';

type Values = {
  name: string;
  email: string;
  company: string;
  phone: string;
  notes: string;
  portalId: string;
  language: 'en' | 'de';
};
type Errors = Partial<Record<keyof Values, string>>;

const FIELDS = ['name', 'email', 'company', 'phone', 'notes', 'portalId', 'language'] as const;

/**
 * Create or edit a client (spec §5: name and e-mail required). Validates with the API's own zod contract
 * (messages are i18n keys), then shows the server's field errors (already translated) and a 409
 * `client_email_taken` on the e-mail field. Default export: loaded lazily with the dialog.
 */
export default function ClientFormDialog({
  client,
  portals,
  defaultPortalId,
  onClose,
}: {
  client?: Pick<
    ClientListItem,
    'id' | 'name' | 'email' | 'company' | 'phone' | 'notes' | 'language' | 'portal'
  >;
  portals: Pick<PortalSummary, 'id' | 'portalName'>[];
  defaultPortalId?: string;
  onClose: () => void;
}) {
  const { t, lang } = useClientTexts();
  const save = useSaveClient(client?.id);
  const [values, setValues] = useState<Values>(() => ({
    name: client?.name ?? '',
    email: client?.email ?? '',
    company: client?.company ?? '',
    phone: client?.phone ?? '',
    notes: client?.notes ?? '',
    portalId: client?.portal.id ?? (defaultPortalId || portals[0]?.id || ''),
    language: client?.language ?? (lang.startsWith('de') ? 'de' : 'en'),
  }));
  const [errors, setErrors] = useState<Errors>({});
  // The API ends the client's portal access when the address changes (sessions, links, password): say so
  // before saving. Compared as the API stores addresses (trimmed, lower case).
  const emailChanges =
    client !== undefined && values.email.trim() !== '' && values.email.trim().toLowerCase() !== client.email;

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const schema = client ? ClientUpdateInput : ClientCreateInput;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        if (FIELDS.includes(field) && !next[field]) next[field] = t(issue.message);
      }
      setErrors(next);
      return;
    }
    try {
      // The raw strings: the API trims, lower-cases the e-mail and turns '' into "cleared".
      await save.mutateAsync(values satisfies ClientInput);
      toast.success(t(client ? 'toast.updated' : 'toast.created'));
      onClose();
    } catch (error) {
      const next: Errors = {};
      if (error instanceof ApiError) {
        if (error.code === 'client_email_taken') next.email = error.message || t('validation.emailTaken');
        for (const field of error.fields) {
          const path = field.path as keyof Values;
          if (FIELDS.includes(path)) next[path] = field.message || t(field.key);
        }
      }
      setErrors(next);
      const description = Object.keys(next).length
        ? undefined
        : error instanceof Error
          ? error.message
          : undefined;
      toast.error(
        t(client ? 'toast.updateFailed' : 'toast.createFailed'),
        description ? { description } : undefined,
      );
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(client ? 'form.editTitle' : 'form.createTitle')}
      description={t('form.description')}
      className="max-w-lg"
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Field
          label={t('form.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
        />
        <Field
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        {emailChanges ? (
          <p
            role="note"
            className="-mt-2 flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm text-warning"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('form.emailChangeNote', { name: client.name })}</span>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('form.company')}
            name="company"
            value={values.company}
            onChange={set('company')}
            error={errors.company}
            hint={t('form.optional')}
          />
          <Field
            label={t('form.phone')}
            name="phone"
            type="tel"
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
            hint={t('form.optional')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('form.portal')}
            name="portalId"
            value={values.portalId}
            onChange={set('portalId')}
            error={errors.portalId}
            options={portals.map((portal) => ({ value: portal.id, label: portal.portalName }))}
          />
          <SelectField
            label={t('form.language')}
            name="language"
            value={values.language}
            onChange={set('language')}
            error={errors.language}
            options={[
              { value: 'en', label: t('languages.en') },
              { value: 'de', label: t('languages.de') },
            ]}
          />
        </div>
        <TextareaField
          label={t('form.notes')}
          name="notes"
          rows={3}
          value={values.notes}
          onChange={set('notes')}
          error={errors.notes}
          hint={t('form.optional')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(client ? 'form.save' : 'form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
