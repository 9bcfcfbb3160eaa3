import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import { ClientCreateInput, ClientUpdateInput } from '../../shared/contracts/clients';
import { countryOptions } from '../../shared/ui/country-options';
import { EntityFormDialog, entityFormTexts, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { SelectField } from '../../shared/ui/select-field';
import { TextareaField } from '../../shared/ui/textarea-field';
import { type ClientInput, type ClientListItem, type PortalSummary, useSaveClient } from './api';
import { useClientTexts } from './i18n';

const FIELDS = [
  'name',
  'email',
  'company',
  'phone',
  'notes',
  'portalId',
  'language',
  'billingStreet',
  'billingPostcode',
  'billingCity',
  'billingCountry',
  'vatId',
  'buyerReference',
] as const;

/**
 * Create or edit a client (spec §5: name and e-mail required), in the kit's entity form dialog: checked
 * with the API's own zod contract (messages are i18n keys), then the server's field errors (already
 * translated) and a 409 `client_email_taken` at the e-mail field. Default export: loaded lazily with the
 * dialog.
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
  > &
    Partial<
      Pick<
        ClientListItem,
        'billingStreet' | 'billingPostcode' | 'billingCity' | 'billingCountry' | 'vatId' | 'buyerReference'
      >
    >;
  portals: Pick<PortalSummary, 'id' | 'portalName'>[];
  defaultPortalId?: string;
  onClose: () => void;
}) {
  const { t, lang } = useClientTexts();
  const save = useSaveClient(client?.id);
  const form = useEntityForm({
    initial: () => ({
      name: client?.name ?? '',
      email: client?.email ?? '',
      company: client?.company ?? '',
      phone: client?.phone ?? '',
      notes: client?.notes ?? '',
      portalId: client?.portal.id ?? (defaultPortalId || portals[0]?.id || ''),
      language: client?.language ?? ((lang.startsWith('de') ? 'de' : 'en') as 'en' | 'de'),
      billingStreet: client?.billingStreet ?? '',
      billingPostcode: client?.billingPostcode ?? '',
      billingCity: client?.billingCity ?? '',
      billingCountry: client?.billingCountry ?? '',
      vatId: client?.vatId ?? '',
      buyerReference: client?.buyerReference ?? '',
    }),
    fields: FIELDS,
    t,
  });
  const { values } = form;
  const countries = useMemo(() => countryOptions(lang, t('form.noCountry')), [lang, t]);
  // The API ends the client's portal access when the address changes (sessions, links, password): say so
  // before saving. Compared as the API stores addresses (trimmed, lower case).
  const emailChanges =
    client !== undefined && values.email.trim() !== '' && values.email.trim().toLowerCase() !== client.email;

  return (
    <EntityFormDialog
      form={form}
      {...entityFormTexts(t, Boolean(client))}
      errorCodes={{ client_email_taken: 'email' }}
      className="max-w-lg"
      onClose={onClose}
      onSubmit={async () => {
        if (!form.check(client ? ClientUpdateInput : ClientCreateInput, values)) return false;
        // The raw strings: the API trims, lower-cases the e-mail and turns '' into "cleared".
        await save.mutateAsync(values satisfies ClientInput);
      }}
    >
      <Field label={t('form.name')} {...form.field('name')} autoComplete="off" required />
      <Field label={t('form.email')} {...form.field('email')} type="email" autoComplete="off" required />
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
        <Field label={t('form.company')} {...form.field('company')} hint={t('form.optional')} />
        <Field label={t('form.phone')} {...form.field('phone')} type="tel" hint={t('form.optional')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('form.portal')}
          {...form.field('portalId')}
          options={portals.map((portal) => ({ value: portal.id, label: portal.portalName }))}
        />
        <SelectField
          label={t('form.language')}
          {...form.field('language')}
          options={[
            { value: 'en', label: t('languages.en') },
            { value: 'de', label: t('languages.de') },
          ]}
        />
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-ink">{t('form.billing')}</legend>
        <p className="text-sm text-muted">{t('form.billingHint')}</p>
        <Field label={t('form.billingStreet')} {...form.field('billingStreet')} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('form.billingPostcode')} {...form.field('billingPostcode')} autoComplete="off" />
          <Field label={t('form.billingCity')} {...form.field('billingCity')} autoComplete="off" />
          <SelectField
            label={t('form.billingCountry')}
            {...form.field('billingCountry')}
            options={countries}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('form.vatId')}
            {...form.field('vatId')}
            autoComplete="off"
            hint={t('form.vatIdHint')}
          />
          <Field
            label={t('form.buyerReference')}
            {...form.field('buyerReference')}
            autoComplete="off"
            hint={t('form.buyerReferenceHint')}
          />
        </div>
      </fieldset>
      <TextareaField label={t('form.notes')} {...form.field('notes')} rows={3} hint={t('form.optional')} />
    </EntityFormDialog>
  );
}
