import {
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointCreateInput,
  WebhookEndpointUpdateInput,
} from '../../../shared/contracts/webhooks';
import { EntityFormDialog, useEntityForm } from '../../../shared/ui/entity-form-dialog';
import { Field } from '../../../shared/ui/field';
import {
  type EndpointInput,
  useSaveEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from './api';
import { useWebhookTexts } from './i18n';

const FIELDS = ['url', 'description', 'eventTypes', 'enabled'] as const;

/**
 * Add or edit an endpoint: URL, description, the events it receives (checkboxes) and whether it is on,
 * checked with the API's own contract, then the server's reasons (an internal address, https required,
 * the endpoint limit) at their fields. A new endpoint's answer carries its secret: `onCreated` shows it.
 */
export function EndpointFormDialog({
  endpoint,
  onCreated,
  onClose,
}: {
  endpoint?: WebhookEndpoint;
  onCreated: (created: WebhookEndpointCreated) => void;
  onClose: () => void;
}) {
  const { t } = useWebhookTexts();
  const save = useSaveEndpoint(endpoint?.id);
  const form = useEntityForm({
    initial: () => ({
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      eventTypes: (endpoint?.eventTypes ?? []) as string[],
      enabled: endpoint?.enabled ?? true,
    }),
    fields: FIELDS,
    t,
  });
  const { values } = form;
  const toggle = (type: string) =>
    form.setValue(
      'eventTypes',
      values.eventTypes.includes(type)
        ? values.eventTypes.filter((e) => e !== type)
        : [...values.eventTypes, type],
    );

  return (
    <EntityFormDialog
      form={form}
      title={t(endpoint ? 'form.editTitle' : 'form.createTitle')}
      description={t('form.description')}
      submitLabel={t(endpoint ? 'form.save' : 'form.create')}
      doneMessage={t(endpoint ? 'toast.updated' : 'toast.created')}
      failedTitle={t(endpoint ? 'toast.updateFailed' : 'toast.createFailed')}
      errorCodes={{ webhook_endpoint_limit: 'url' }}
      className="max-w-lg"
      onClose={onClose}
      onSubmit={async () => {
        const body = { ...values, description: values.description };
        if (!form.check(endpoint ? WebhookEndpointUpdateInput : WebhookEndpointCreateInput, body))
          return false;
        const saved = await save.mutateAsync(body as EndpointInput);
        if ('secret' in saved) onCreated(saved);
      }}
    >
      <Field
        label={t('form.url')}
        {...form.field('url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        hint={t('form.urlHint')}
        required
      />
      <Field label={t('form.descriptionField')} {...form.field('description')} hint={t('form.optional')} />
      <fieldset className="grid gap-2" aria-invalid={form.error('eventTypes') ? true : undefined}>
        <legend className="mb-1 text-sm font-medium text-ink">{t('form.events')}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={values.eventTypes.includes(type)}
                onChange={() => toggle(type)}
              />
              <span>
                {t(`events.${type}`)}
                <code className="block text-xs text-muted">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {form.error('eventTypes') ? (
          <p role="alert" className="text-sm text-danger">
            {form.error('eventTypes')}
          </p>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.enabled}
          onChange={(event) => form.setValue('enabled', event.target.checked)}
        />
        {t('form.enabled')}
      </label>
    </EntityFormDialog>
  );
}
