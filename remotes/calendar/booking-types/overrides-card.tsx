import { CalendarOff, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  type BookingOverride,
  BookingOverrideCreate,
  BookingOverrideUpdate,
  type TimeRange,
} from '../../../shared/contracts/booking-types';
import { formatLanguage } from '../../../shared/format/locale';
import { Button } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { DateField } from '../../../shared/ui/date-field';
import { useEntityForm } from '../../../shared/ui/entity-form-dialog';
import { Field } from '../../../shared/ui/field';
import { useKitTexts } from '../../../shared/ui/kit-texts';
import { SelectField } from '../../../shared/ui/select-field';
import { toast } from '../../../shared/ui/toaster';
import { useDeleteOverride, useOverrides, useSaveOverride } from './api';
import { DayRanges } from './day-ranges';
import { type T, useBookingTexts } from './texts';

type OverrideValues = {
  day: string;
  off: boolean;
  hours: TimeRange[];
  label: string;
  forType: 'all' | 'this';
};
const OVERRIDE_FIELDS = ['day', 'hours', 'label', 'bookingTypeId'] as const;

/** Today in the browser's calendar, `YYYY-MM-DD`. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Thu, 24 Dec 2026" / "Do., 24. Dez. 2026". */
function dayText(day: string, lang: string) {
  return new Intl.DateTimeFormat(formatLanguage(lang), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

const hoursText = (t: T, o: BookingOverride) =>
  o.hours.length === 0 ? t('overrides.dayOff') : o.hours.map(([from, to]) => `${from}–${to}`).join(', ');

const blank = (typeId: string | null): OverrideValues => ({
  day: '',
  off: true,
  hours: [['09:00', '13:00']],
  label: '',
  forType: typeId ? 'this' : 'all',
});

/**
 * Date overrides and holidays from today on: a day off, or other hours that day, for every booking type
 * or (on a type's page, `typeId`) for this one. Add, edit in place, delete.
 */
export function OverridesCard({ typeId, typeName }: { typeId: string | null; typeName?: string }) {
  const { t, lang } = useBookingTexts();
  const kit = useKitTexts();
  const list = useOverrides(typeId, today());
  const save = useSaveOverride();
  const remove = useDeleteOverride();
  const [editing, setEditing] = useState<BookingOverride | null>(null);
  const [formKey, setFormKey] = useState(0);
  const form = useEntityForm<OverrideValues, (typeof OVERRIDE_FIELDS)[number]>({
    initial: () => blank(typeId),
    fields: OVERRIDE_FIELDS,
    errorOf: { off: 'hours', forType: 'bookingTypeId' },
    t,
  });
  const { values } = form;

  function reset(next: BookingOverride | null) {
    setEditing(next);
    const v = next
      ? {
          day: next.day,
          off: next.hours.length === 0,
          hours: next.hours.length ? (next.hours as TimeRange[]) : blank(typeId).hours,
          label: next.label ?? '',
          forType: next.bookingTypeId ? ('this' as const) : ('all' as const),
        }
      : blank(typeId);
    for (const key of Object.keys(v) as (keyof OverrideValues)[]) form.setValue(key, v[key] as never);
    setFormKey((k) => k + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      day: values.day,
      hours: values.off ? [] : values.hours,
      label: values.label || null,
      bookingTypeId: values.forType === 'this' ? typeId : null,
    };
    if (!form.check(editing ? BookingOverrideUpdate : BookingOverrideCreate, body)) return;
    try {
      await save.mutateAsync({ ...(editing ? { id: editing.id } : {}), body });
      toast.success(t(editing ? 'overrides.updated' : 'overrides.created'));
      reset(null);
    } catch (error) {
      if (!form.showServerErrors(error, { booking_override_exists: 'day' }))
        toast.error(t('overrides.saveFailed'), { description: (error as Error).message });
    }
  }

  async function drop(o: BookingOverride) {
    try {
      await remove.mutateAsync(o.id);
      toast.success(t('overrides.deleted'));
      if (editing?.id === o.id) reset(null);
    } catch (error) {
      toast.error(t('overrides.deleteFailed'), { description: (error as Error).message });
    }
  }

  const items = list.items ?? [];
  return (
    <TitledCard title={t(typeId ? 'overrides.titleType' : 'overrides.titleAll')}>
      <p className="text-sm text-muted">{t(typeId ? 'overrides.introType' : 'overrides.introAll')}</p>
      {list.isError ? (
        <p className="text-sm text-danger">{t('overrides.loadFailed')}</p>
      ) : items.length === 0 && list.items ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarOff aria-hidden="true" className="size-4" />
          {t('overrides.empty')}
        </p>
      ) : (
        <ul
          className="grid divide-y divide-line rounded-xl border border-line"
          aria-label={t('overrides.listLabel')}
        >
          {items.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="grid min-w-0 gap-0.5">
                <span className="text-sm font-medium">
                  {dayText(o.day, lang)}
                  {o.label ? <span className="font-normal text-muted">{` · ${o.label}`}</span> : null}
                </span>
                <span className="text-xs text-muted">
                  {hoursText(t, o)} · {o.bookingTypeName ?? t('overrides.allTypes')}
                </span>
              </div>
              <div className="flex gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('overrides.edit', { day: dayText(o.day, lang) })}
                  onClick={() => reset(o)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('overrides.delete', { day: dayText(o.day, lang) })}
                  onClick={() => void drop(o)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <form
        key={formKey}
        ref={form.ref}
        noValidate
        onSubmit={(e) => void submit(e)}
        className="grid gap-4 rounded-xl bg-surface p-4"
        aria-label={t(editing ? 'overrides.editTitle' : 'overrides.addTitle')}
      >
        <h3 className="text-sm font-semibold">{t(editing ? 'overrides.editTitle' : 'overrides.addTitle')}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label={t('overrides.day')}
            name="day"
            lang={lang}
            value={values.day}
            onChange={(day) => form.setValue('day', day)}
            error={form.error('day')}
          />
          <Field
            label={t('overrides.label')}
            {...form.field('label')}
            placeholder={t('overrides.labelPlaceholder')}
          />
          {typeId ? (
            <SelectField
              label={t('overrides.appliesTo')}
              {...form.field('forType')}
              options={[
                { value: 'this', label: t('overrides.onlyType', { name: typeName ?? '' }) },
                { value: 'all', label: t('overrides.allTypes') },
              ]}
            />
          ) : null}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('overrides.that')}</legend>
          {([true, false] as const).map((off) => (
            <label key={String(off)} className="flex min-h-10 items-center gap-3 text-sm">
              <input
                type="radio"
                name="off"
                className="size-4 accent-primary"
                checked={values.off === off}
                onChange={() => form.setValue('off', off)}
              />
              {t(off ? 'overrides.dayOffOption' : 'overrides.otherHoursOption')}
            </label>
          ))}
        </fieldset>
        {values.off ? null : (
          <DayRanges
            label={t('overrides.that')}
            ranges={values.hours}
            onChange={(hours) => form.setValue('hours', hours)}
            error={form.error('off')}
            errorId={`override-hours-error-${formKey}`}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {editing ? (
            <Button type="button" variant="secondary" onClick={() => reset(null)}>
              {kit('cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant={editing ? 'primary' : 'secondary'} loading={save.isPending}>
            {t(editing ? 'overrides.save' : 'overrides.add')}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
