import { useId, useState } from 'react';
import { type CalendarEntry, type CalendarEvent, CalendarEventCreate } from '../../shared/contracts/calendar';
import { browserTimeZone, timeZoneOptions } from '../../shared/contracts/time-zone';
import { Button } from '../../shared/ui/button';
import { DateField } from '../../shared/ui/date-field';
import { EntityFormDialog, entityFormTexts, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { SelectField } from '../../shared/ui/select-field';
import { TextareaField } from '../../shared/ui/textarea-field';
import { useEventMutations, usePickers } from './api';
import { addDays, dateOf } from './dates';
import { useCalendarTexts } from './i18n';
import { REPEATS, type Repeat, repeatOf, ruleOf } from './repeat';

/** What the dialog edits: a new event on a day, or an event (opened from one of its occurrences). */
export type EventDialogMode =
  | { kind: 'create'; day: string /** The hour clicked in the week's grid (`HH:00`). */; hour?: number }
  | { kind: 'edit'; event: CalendarEvent; occurrence: CalendarEntry | null };

const FIELDS = [
  'title',
  'start',
  'end',
  'timeZone',
  'clientId',
  'projectId',
  'location',
  'videoUrl',
  'notes',
  'rrule',
] as const;

/** `YYYY-MM-DD` and `HH:mm` of an instant in a zone. */
function wallClockIn(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** What a change of a recurring event's occurrence applies to. */
type Scope = 'occurrence' | 'following' | 'series';

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const daysBetween = (a: string, b: string) =>
  Math.round((dateOf(b).getTime() - dateOf(a).getTime()) / 86_400_000);

function initialValues(mode: EventDialogMode) {
  if (mode.kind === 'create') {
    return {
      title: '',
      allDay: false,
      startDate: mode.day,
      startTime: hourText(mode.hour ?? 9),
      endDate: mode.hour === 23 ? addDays(mode.day, 1) : mode.day,
      endTime: hourText(((mode.hour ?? 9) + 1) % 24),
      timeZone: browserTimeZone(),
      clientId: '',
      projectId: '',
      location: '',
      videoUrl: '',
      notes: '',
      repeat: 'none' as Repeat,
      until: '',
      scope: 'series' as Scope,
    };
  }
  const { event, occurrence } = mode;
  const [startDate = '', startTime = ''] = event.start.split('T');
  const [endDate = '', endTime = ''] = event.end.split('T');
  let times = { startDate, startTime, endDate, endTime };
  if (occurrence?.startsAt && occurrence.endsAt) {
    if (event.allDay) times = { ...times, startDate: occurrence.startDay, endDate: occurrence.endDay };
    else {
      const s = wallClockIn(occurrence.startsAt, event.timeZone);
      const e = wallClockIn(occurrence.endsAt, event.timeZone);
      times = { startDate: s.date, startTime: s.time, endDate: e.date, endTime: e.time };
    }
  }
  const repeat = repeatOf(event.rrule, event.timeZone);
  return {
    title: event.title,
    allDay: event.allDay,
    ...times,
    startTime: times.startTime || '09:00',
    endTime: times.endTime || '10:00',
    timeZone: event.timeZone,
    clientId: event.clientId ?? '',
    projectId: event.projectId ?? '',
    location: event.location ?? '',
    videoUrl: event.videoUrl ?? '',
    notes: event.notes ?? '',
    repeat: repeat.repeat,
    until: repeat.until,
    scope: (event.rrule && occurrence ? 'occurrence' : 'series') as Scope,
  };
}

/**
 * Creating or editing an event: title, all-day or times (date fields in the app's language), zone, client
 * and project, location, video link, notes, and how it repeats (until an optional day). A recurring event
 * opened from one occurrence asks whether the change is for that occurrence or the whole series; the
 * series keeps its first day and takes the times of day. The contract checks the form before it is sent.
 */
export function EventDialog({
  mode,
  onClose,
  onDelete,
}: {
  mode: EventDialogMode;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t, lang } = useCalendarTexts();
  const editing = mode.kind === 'edit';
  const texts = entityFormTexts(t, editing);
  const form = useEntityForm({
    initial: () => initialValues(mode),
    fields: FIELDS,
    errorOf: { startDate: 'start', endDate: 'end', repeat: 'rrule' },
    t,
  });
  const { create, update } = useEventMutations();
  const { clients, projects } = usePickers();
  const [zones] = useState(() => timeZoneOptions(form.values.timeZone));
  const ids = { allDay: useId(), scope: useId() };
  const v = form.values;
  const recurring = mode.kind === 'edit' && !!mode.event.rrule && !!mode.occurrence;
  const occurrenceOnly = recurring && v.scope === 'occurrence';
  const following = recurring && v.scope === 'following';

  async function submit() {
    let startDate = v.startDate;
    let endDate = v.endDate;
    if (mode.kind === 'edit' && recurring && v.scope === 'series') {
      // The whole series: it keeps its first day; the times (and the length in days) come from the form.
      startDate = mode.event.start.slice(0, 10);
      endDate = addDays(startDate, daysBetween(v.startDate, v.endDate));
    }
    const start = v.allDay ? startDate : `${startDate}T${v.startTime}`;
    const end = v.allDay ? endDate : `${endDate}T${v.endTime}`;
    const rrule =
      occurrenceOnly || v.repeat === 'none'
        ? null
        : v.repeat === 'custom' && mode.kind === 'edit'
          ? mode.event.rrule
          : v.repeat === 'custom'
            ? null
            : ruleOf(v.repeat, startDate, v.until);
    const body = form.check(CalendarEventCreate, {
      title: v.title,
      allDay: v.allDay,
      start,
      end,
      timeZone: v.timeZone,
      clientId: v.clientId || null,
      projectId: v.projectId || null,
      location: v.location.trim() || null,
      videoUrl: v.videoUrl.trim() || null,
      notes: v.notes.trim() || null,
      rrule,
    });
    if (!body) return false;
    if (mode.kind === 'create') return create.mutateAsync(body);
    const occurrence = occurrenceOnly || following ? (mode.occurrence?.startsAt ?? undefined) : undefined;
    const { rrule: rule, ...single } = body;
    return update.mutateAsync({
      eventId: mode.event.id,
      body: !occurrence
        ? { ...single, rrule: rule }
        : following
          ? // A rule the form cannot say stays the server's: the series' own, its COUNT shared out.
            { ...single, ...(v.repeat === 'custom' ? {} : { rrule: rule }), occurrence, following: true }
          : { ...single, occurrence },
    });
  }

  const clientOptions = [
    { value: '', label: t('form.none') },
    ...(clients.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const projectOptions = [
    { value: '', label: t('form.none') },
    ...(projects.data ?? [])
      .filter((p) => !v.clientId || p.client.id === v.clientId)
      .map((p) => ({ value: p.id, label: p.name })),
  ];

  return (
    <EntityFormDialog form={form} {...texts} onSubmit={submit} onClose={onClose} className="max-w-xl">
      {recurring ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('form.scope')}</legend>
          {(['occurrence', 'following', 'series'] as const).map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={ids.scope}
                value={scope}
                checked={v.scope === scope}
                onChange={() => form.setValue('scope', scope)}
                className="size-4 accent-primary"
              />
              {t(`form.scope_${scope}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field label={t('form.title')} {...form.field('title')} required autoComplete="off" />
      <div className="flex items-center gap-2">
        <input
          id={ids.allDay}
          type="checkbox"
          checked={v.allDay}
          onChange={(event) => form.setValue('allDay', event.target.checked)}
          className="size-4 accent-primary"
        />
        <label htmlFor={ids.allDay} className="text-sm font-medium">
          {t('form.allDay')}
        </label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField
          label={t('form.startDate')}
          name="startDate"
          lang={lang}
          value={v.startDate}
          onChange={(day) => {
            const shift = daysBetween(v.startDate, v.endDate);
            form.setValue('startDate', day);
            if (/^\d{4}-\d{2}-\d{2}$/.test(day) && shift >= 0) form.setValue('endDate', addDays(day, shift));
          }}
          error={form.error('startDate')}
        />
        {v.allDay ? null : (
          <Field
            label={t('form.startTime')}
            name="startTime"
            type="time"
            value={v.startTime}
            onChange={form.set('startTime')}
          />
        )}
        <DateField
          label={t(v.allDay ? 'form.lastDay' : 'form.endDate')}
          name="endDate"
          lang={lang}
          value={v.endDate}
          onChange={(day) => form.setValue('endDate', day)}
          error={form.error('endDate')}
        />
        {v.allDay ? null : (
          <Field
            label={t('form.endTime')}
            name="endTime"
            type="time"
            value={v.endTime}
            onChange={form.set('endTime')}
          />
        )}
      </div>
      <SelectField
        label={t('form.timeZone')}
        {...form.field('timeZone')}
        options={zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
      />
      {occurrenceOnly ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('form.repeat')}
            name="repeat"
            value={v.repeat}
            onChange={(event) => form.setValue('repeat', event.target.value as Repeat)}
            error={form.error('repeat')}
            options={REPEATS.filter((r) => r !== 'custom' || v.repeat === 'custom').map((r) => ({
              value: r,
              label: t(`repeat.${r}`),
            }))}
          />
          {v.repeat !== 'none' && v.repeat !== 'custom' ? (
            <DateField
              label={t('form.until')}
              name="until"
              lang={lang}
              value={v.until}
              onChange={(day) => form.setValue('until', day)}
              hint={t('form.untilHint')}
            />
          ) : null}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('form.client')}
          {...form.field('clientId')}
          onChange={(event) => {
            form.setValue('clientId', event.target.value);
            form.setValue('projectId', '');
          }}
          options={clientOptions}
        />
        <SelectField label={t('form.project')} {...form.field('projectId')} options={projectOptions} />
      </div>
      <Field label={t('form.location')} {...form.field('location')} autoComplete="off" />
      <Field
        label={t('form.videoUrl')}
        {...form.field('videoUrl')}
        type="url"
        inputMode="url"
        placeholder="https://"
      />
      <TextareaField label={t('form.notes')} {...form.field('notes')} rows={3} />
      {editing ? (
        <div>
          <Button variant="ghost" className="text-danger" onClick={onDelete}>
            {t('form.delete')}
          </Button>
        </div>
      ) : null}
    </EntityFormDialog>
  );
}
