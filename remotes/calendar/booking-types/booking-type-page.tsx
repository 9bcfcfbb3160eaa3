import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type BookingType,
  BookingTypeCreate,
  BookingTypeUpdate,
  type Weekday,
} from '../../../shared/contracts/booking-types';
import { timeZoneOptions } from '../../../shared/contracts/time-zone';
import { Link, useNavigate, useParams } from '../../../shared/router';
import { Button, buttonClass } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { DeleteDialog } from '../../../shared/ui/delete-dialog';
import { DetailPage } from '../../../shared/ui/detail-page';
import { useEntityForm } from '../../../shared/ui/entity-form-dialog';
import { Field } from '../../../shared/ui/field';
import { useKitTexts } from '../../../shared/ui/kit-texts';
import { DetailHeader } from '../../../shared/ui/page-header';
import { SelectField } from '../../../shared/ui/select-field';
import { TextareaField } from '../../../shared/ui/textarea-field';
import { toast } from '../../../shared/ui/toaster';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { useBookingType, useDeleteBookingType, useSaveBookingType } from './api';
import { BOOKING_TYPES_BASE } from './base';
import { ClientChooser } from './client-chooser';
import {
  dayProblems,
  FIELDS,
  NUMBER_FIELDS,
  toBody,
  toValues,
  type Values,
  weekdayOfPath,
} from './form-values';
import { OverridesCard } from './overrides-card';
import { useBookingTexts } from './texts';
import { WeeklyHoursEditor } from './weekly-hours-editor';

/** A booking type's page: `new` makes one, `:bookingTypeId` edits it (with its date overrides). */
export default function BookingTypePage() {
  const { bookingTypeId } = useParams();
  const { t } = useBookingTexts();
  const editing = bookingTypeId !== undefined && bookingTypeId !== 'new';
  const query = useBookingType(editing ? bookingTypeId : undefined);
  if (!editing)
    return (
      <div className="grid gap-6">
        <BookingTypeForm />
      </div>
    );
  return (
    <DetailPage query={query} t={t}>
      {(type) => <BookingTypeForm key={type.id} type={type} />}
    </DetailPage>
  );
}

function BookingTypeForm({ type }: { type?: BookingType }) {
  const { t } = useBookingTexts();
  const kit = useKitTexts();
  const navigate = useNavigate();
  const save = useSaveBookingType();
  const remove = useDeleteBookingType();
  const [deleting, setDeleting] = useState(false);
  const [dayErrors, setDayErrors] = useState<Partial<Record<Weekday, string>>>({});
  const form = useEntityForm<Values, (typeof FIELDS)[number]>({
    initial: () => toValues(type),
    fields: FIELDS,
    t,
  });
  const title = type ? type.name : t('form.createTitle');
  useDocumentTitle(title);
  const { values } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = toBody(values);
    const days = dayProblems(values.weeklyHours);
    setDayErrors(Object.fromEntries(Object.entries(days).map(([day, key]) => [day, t(key)])));
    const parsed = form.check(type ? BookingTypeUpdate : BookingTypeCreate, body);
    if (!parsed || Object.keys(days).length > 0) return;
    try {
      const saved = await save.mutateAsync({ ...(type ? { id: type.id } : {}), body });
      toast.success(t(type ? 'toast.updated' : 'toast.created'));
      if (!type) navigate(`${BOOKING_TYPES_BASE}/${saved.id}`, { replace: true });
    } catch (error) {
      const fields = (error as { fields?: { path: string; key: string; message?: string }[] }).fields ?? [];
      const serverDays: Partial<Record<Weekday, string>> = {};
      for (const f of fields) {
        const day = weekdayOfPath(f.path);
        if (day) serverDays[day] = f.message || t(f.key);
      }
      setDayErrors(serverDays);
      const landed = form.showServerErrors(error) || Object.keys(serverDays).length > 0;
      toast.error(t(type ? 'toast.updateFailed' : 'toast.createFailed'), {
        description: landed ? t('form.fixFields') : (error as Error).message,
      });
    }
  }

  const zones = timeZoneOptions(values.timeZone);
  return (
    <>
      <DetailHeader
        back={{ label: t('detail.back'), to: BOOKING_TYPES_BASE }}
        title={title}
        meta={<p className="text-sm text-muted">{t('form.description')}</p>}
        actions={
          type
            ? [
                {
                  label: t('delete.action'),
                  icon: Trash2,
                  variant: 'danger',
                  onClick: () => setDeleting(true),
                },
              ]
            : []
        }
      />
      <form ref={form.ref} noValidate onSubmit={(e) => void submit(e)} className="grid gap-6">
        <TitledCard title={t('form.basics')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('form.name')} {...form.field('name')} required maxLength={120} />
            <Field
              label={t('form.duration')}
              {...form.field('durationMinutes')}
              type="number"
              inputMode="numeric"
              min={5}
              max={480}
              step={5}
              hint={t('units.minutes')}
            />
            <div className="sm:col-span-2">
              <TextareaField label={t('form.descriptionField')} {...form.field('description')} rows={3} />
            </div>
            <SelectField
              label={t('form.locationKind')}
              {...form.field('locationKind')}
              options={(['video', 'phone', 'in_person'] as const).map((kind) => ({
                value: kind,
                label: t(`location.${kind}`),
              }))}
            />
            <Field
              label={t(`form.location.${values.locationKind}`)}
              {...form.field('location')}
              type={values.locationKind === 'video' ? 'url' : 'text'}
              placeholder={t(`form.locationPlaceholder.${values.locationKind}`)}
              hint={t('form.locationHint')}
            />
          </div>
        </TitledCard>

        <TitledCard title={t('form.availability')}>
          <SelectField
            label={t('form.timeZone')}
            {...form.field('timeZone')}
            hint={t('form.timeZoneHint')}
            options={[
              ...(type ? [] : [{ value: '', label: t('form.profileZone') }]),
              ...zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
            ]}
          />
          <WeeklyHoursEditor
            value={values.weeklyHours}
            onChange={(weeklyHours) => {
              form.setValue('weeklyHours', weeklyHours);
              setDayErrors({});
            }}
            errors={dayErrors}
          />
        </TitledCard>

        <TitledCard title={t('form.rules')}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {NUMBER_FIELDS.map(([name, unit]) => (
              <Field
                key={name}
                label={t(`form.${name}`)}
                {...form.field(name)}
                type="number"
                inputMode="numeric"
                min={0}
                hint={`${t(`units.${unit}`)} · ${t(`form.${name}Hint`)}`}
              />
            ))}
          </div>
        </TitledCard>

        <TitledCard title={t('form.who')}>
          <fieldset className="grid gap-2">
            <legend className="sr-only">{t('form.who')}</legend>
            {(['all', 'chosen'] as const).map((scope) => (
              <label key={scope} className="flex min-h-10 items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="clientScope"
                  value={scope}
                  className="size-4 accent-primary"
                  checked={values.clientScope === scope}
                  onChange={() => form.setValue('clientScope', scope)}
                />
                {t(`scope.${scope}Option`)}
              </label>
            ))}
          </fieldset>
          {values.clientScope === 'chosen' ? (
            <ClientChooser
              value={values.clientIds}
              onChange={(ids) => form.setValue('clientIds', ids)}
              known={type?.clients ?? []}
              error={form.error('clientIds')}
            />
          ) : null}
          <label className="flex min-h-10 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.active}
              onChange={(e) => form.setValue('active', e.target.checked)}
            />
            {t('form.active')}
          </label>
        </TitledCard>

        <div className="flex flex-wrap justify-end gap-2">
          <Link to={BOOKING_TYPES_BASE} className={buttonClass('secondary')}>
            {kit('cancel')}
          </Link>
          <Button type="submit" loading={save.isPending}>
            {t(type ? 'form.save' : 'form.create')}
          </Button>
        </div>
      </form>

      {type ? (
        <OverridesCard typeId={type.id} typeName={type.name} />
      ) : (
        <p className="text-sm text-muted">{t('overrides.afterSave')}</p>
      )}

      {type ? (
        <DeleteDialog
          t={t}
          name={type.name}
          open={deleting}
          onOpenChange={setDeleting}
          remove={() => remove.mutateAsync(type.id)}
          onDeleted={() => navigate(BOOKING_TYPES_BASE, { replace: true })}
        />
      ) : null}
    </>
  );
}
