import { type FormEvent, useState } from 'react';
import { describeFailure, fieldErrorsOf } from '../../../shared/api/describe';
import { type Portal, PortalCreateInput, PortalUpdateInput } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Link, useNavigate } from '../../../shared/router';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { toast } from '../../../shared/ui/toaster';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { revalidateField, validateForm } from '../../lib/form-errors';
import { ColorField, validHex } from './color-field';
import { DeletePortal } from './delete-portal';
import { LogoEditor, StagedLogo, type StagedLogoState } from './logo-editor';
import { addDraftOrigin, OriginsField, type OriginsState } from './origins-field';
import { PortalPreview } from './portal-preview';
import { platformAddress, portalAddress } from './portal-url';
import { useCreatePortal, useUpdatePortal } from './portals-api';
import { ShareCard } from './share-card';
import { SingleSignOnCard } from './single-sign-on-card';
import { BackLink, SectionCard } from './ui';
import { WidgetCard } from './widget-card';

/** The contract's defaults for a new portal. */
const NEW_PORTAL = { portalName: '', primaryColor: '#2563eb', secondaryColor: '#64748b' };
const FORM_ID = 'portal-form';

type Values = typeof NEW_PORTAL;

/** After a failed check, focus moves to the first field marked invalid (once React has marked it). */
function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
}

/**
 * Create or edit a portal (spec §3 portals, issue 4): name, logo, colours with the readability warning,
 * the website origins allowed to embed it, and a live preview; when editing also its address, custom
 * domain and deletion. Name, colours and origins are saved together; a logo is uploaded as soon as it is
 * picked (when creating: right after the portal exists).
 */
export function PortalEditor({ portal }: { portal?: Portal }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() =>
    portal
      ? {
          portalName: portal.portalName,
          primaryColor: portal.primaryColor,
          secondaryColor: portal.secondaryColor,
        }
      : NEW_PORTAL,
  );
  // The last complete colours: the preview and the pickers keep them while a hex is being typed.
  const [shown, setShown] = useState({ primary: values.primaryColor, secondary: values.secondaryColor });
  const [origins, setOrigins] = useState<OriginsState>({
    list: portal?.allowedOrigins ?? [],
    draft: '',
    problem: null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [staged, setStaged] = useState<StagedLogoState>({ file: null, error: null });
  const [logoSrc, setLogoSrc] = useState<string | null>(portal?.logoUrl ?? null);
  const create = useCreatePortal();
  const update = useUpdatePortal(portal?.id ?? '');
  const saving = create.isPending || update.isPending;
  const schema = portal ? PortalUpdateInput : PortalCreateInput;

  const title = portal ? portal.portalName : t('portals:editor.createTitle');
  useDocumentTitle(title);

  /** Sets one field; a message shown for it follows the edit (gone once the value is valid again). */
  const setField = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((e) => revalidateField(schema, next, field, e, t));
  };

  const changeOrigins = (next: OriginsState) => {
    setOrigins(next);
    setErrors((e) =>
      revalidateField(schema, { ...values, allowedOrigins: next.list }, 'allowedOrigins', e, t),
    );
  };

  const setColor = (field: 'primaryColor' | 'secondaryColor') => (value: string) => {
    setField(field, value);
    const hex = validHex(value);
    if (hex) setShown((s) => ({ ...s, [field === 'primaryColor' ? 'primary' : 'secondary']: hex }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const withDraft = addDraftOrigin(origins, t);
    setOrigins(withDraft);
    if (withDraft.problem) {
      focusFirstInvalid();
      return;
    }
    const body = { ...values, allowedOrigins: withDraft.list };
    const result = validateForm(schema, body, t);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    if (portal) {
      update.mutate(body, {
        onSuccess: (saved) => {
          setValues({
            portalName: saved.portalName,
            primaryColor: saved.primaryColor,
            secondaryColor: saved.secondaryColor,
          });
          toast.success(t('portals:toast.updated'));
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(t, error));
          toast.error(t('portals:toast.updateFailed'), { description: describeFailure(t, error) });
        },
      });
      return;
    }
    create.mutate(
      { body, logo: staged.file },
      {
        onSuccess: ({ portal: created, logoError }) => {
          toast.success(t('portals:toast.created'));
          if (logoError)
            toast.error(t('portals:logo.failed'), { description: describeFailure(t, logoError) });
          navigate(`/dashboard/portals/${created.id}`, { replace: true });
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(t, error));
          toast.error(t('portals:toast.createFailed'), { description: describeFailure(t, error) });
        },
      },
    );
  }

  const previewAddress = portal ? portalAddress(portal) : `${window.location.origin}/portal/…/login`;
  const col1 = 'min-w-0 lg:col-start-1';

  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <BackLink to="/dashboard/portals">{t('portals:editor.back')}</BackLink>
        <h1 className="text-2xl font-semibold break-words">{title}</h1>
        <p className="text-sm text-muted">
          {portal ? t('portals:editor.editSubtitle') : t('portals:editor.createSubtitle')}
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_21rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <aside className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-6 lg:row-start-1 max-lg:order-2">
          <PortalPreview
            name={values.portalName.trim()}
            logoSrc={logoSrc}
            primary={shown.primary}
            secondary={shown.secondary}
            address={portal ? platformAddress(portal) : previewAddress}
          />
        </aside>

        <form id={FORM_ID} noValidate onSubmit={submit} className={`${col1} max-lg:order-1`}>
          <SectionCard
            id="branding"
            title={t('portals:editor.branding')}
            description={t('portals:editor.brandingDescription')}
          >
            <Field
              label={t('portals:fields.name')}
              name="portalName"
              autoComplete="organization"
              value={values.portalName}
              onChange={(event) => setField('portalName', event.target.value)}
              error={errors.portalName}
              hint={t('portals:fields.nameHint')}
              maxLength={80}
            />
            {portal ? (
              <LogoEditor portal={portal} onPreview={setLogoSrc} />
            ) : (
              <StagedLogo state={staged} onChange={setStaged} onPreview={setLogoSrc} />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                label={t('portals:colors.primary')}
                name="primaryColor"
                value={values.primaryColor}
                fallback={shown.primary}
                onChange={setColor('primaryColor')}
                error={errors.primaryColor}
                hint={t('portals:colors.primaryHint')}
              />
              <ColorField
                label={t('portals:colors.secondary')}
                name="secondaryColor"
                value={values.secondaryColor}
                fallback={shown.secondary}
                onChange={setColor('secondaryColor')}
                error={errors.secondaryColor}
                hint={t('portals:colors.secondaryHint')}
              />
            </div>
          </SectionCard>
        </form>

        <div className={`${col1} max-lg:order-3`}>
          <SectionCard
            id="embedding"
            title={t('portals:origins.title')}
            description={t('portals:origins.description')}
          >
            <OriginsField state={origins} onChange={changeOrigins} error={errors.allowedOrigins} />
          </SectionCard>
        </div>

        <div className={`${col1} flex flex-wrap items-center justify-end gap-2 max-lg:order-4`}>
          {portal ? null : (
            <Link to="/dashboard/portals" className={buttonClass('ghost')}>
              {t('portals:editor.cancel')}
            </Link>
          )}
          <Button type="submit" form={FORM_ID} loading={saving}>
            {portal
              ? saving
                ? t('portals:editor.saving')
                : t('portals:editor.save')
              : saving
                ? t('portals:editor.creating')
                : t('portals:editor.create')}
          </Button>
        </div>

        {portal ? (
          <>
            <div className={`${col1} max-lg:order-5`}>
              <ShareCard portal={portal} />
            </div>
            <div className={`${col1} max-lg:order-5`}>
              <WidgetCard portal={portal} />
            </div>
            <div className={`${col1} max-lg:order-5`}>
              <SingleSignOnCard portal={portal} />
            </div>
            <div className={`${col1} max-lg:order-6`}>
              <DeletePortal portal={portal} />
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
