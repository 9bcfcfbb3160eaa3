import { CalendarCog, CalendarRange, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CalendarEntry, CalendarEvent } from '../../shared/contracts/calendar';
import { browserTimeZone } from '../../shared/contracts/time-zone';
import { Link, Route, Routes, useSearchParams } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { cn } from '../../shared/ui/cn';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { PageHeader } from '../../shared/ui/page-header';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { AgendaView } from './agenda-view';
import { useCalendarEvent, useEntries } from './api';
import { BookingDialog } from './booking-dialog';
import { addDays, addMonths, dayShort, isDay, monthGrid, monthLabel, startOfWeek, todayDay } from './dates';
import { DeleteEvent } from './delete-event';
import { EventDialog, type EventDialogMode } from './event-dialog';
import { CalendarSettings } from './feed-settings';
import { useCalendarTexts } from './i18n';
import { MonthView } from './month-view';
import { WeekView } from './week-view';

const VIEWS = ['month', 'week', 'agenda'] as const;
type View = (typeof VIEWS)[number];
/** Days the agenda shows from its date on. */
const AGENDA_DAYS = 30;

/** The calendar section's pages: the views at its root, the settings (the private feed) at `settings`. */
export default function CalendarPage() {
  return (
    <Routes>
      <Route path="settings" element={<CalendarSettings />} />
      <Route path="*" element={<CalendarViews />} />
    </Routes>
  );
}

/** The URL's view and date (`?view=&date=`): a phone opens on the agenda, a wider screen on the month. */
function useViewParams() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('view');
  const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches;
  const view: View = VIEWS.includes(asked as View) ? (asked as View) : narrow ? 'agenda' : 'month';
  const dateParam = search.get('date');
  const date = isDay(dateParam) ? dateParam : todayDay();
  const set = (next: { view?: View; date?: string }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('view', next.view ?? view);
        params.set('date', next.date ?? date);
        return params;
      },
      { replace: true },
    );
  return { view, date, set };
}

/** The window a view reads. */
function windowOf(view: View, date: string) {
  if (view === 'month') {
    const days = monthGrid(date);
    return { from: days[0] ?? date, to: days[days.length - 1] ?? date };
  }
  if (view === 'week') {
    const start = startOfWeek(date);
    return { from: start, to: addDays(start, 6) };
  }
  return { from: date, to: addDays(date, AGENDA_DAYS - 1) };
}

type Open =
  | { kind: 'event'; mode: EventDialogMode }
  | { kind: 'load'; entry: CalendarEntry }
  | { kind: 'booking'; entry: CalendarEntry }
  | { kind: 'delete'; entry: CalendarEntry | null; eventId: string }
  | null;

/**
 * Month, week and agenda views of everything dated (the provider's events, bookings, project days, open
 * invoices' due days) in the browser's zone, with today / previous / next and the view in the URL. Events
 * open their dialog (create, edit, move by changing the times, delete; a recurring one per occurrence or
 * for the whole series); bookings show who booked; project and invoice days link to their pages.
 */
function CalendarViews() {
  const { t, lang } = useCalendarTexts();
  useDocumentTitle(t('title'));
  const { view, date, set } = useViewParams();
  const zone = browserTimeZone();
  const range = windowOf(view, date);
  const entries = useEntries(range.from, range.to, zone);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const step = (direction: 1 | -1) =>
    set({
      date:
        view === 'month'
          ? addMonths(date, direction)
          : addDays(date, direction * (view === 'week' ? 7 : AGENDA_DAYS)),
    });
  const label =
    view === 'month'
      ? monthLabel(date, lang)
      : view === 'week'
        ? `${dayShort(range.from, lang)} – ${dayShort(range.to, lang)} ${range.to.slice(0, 4)}`
        : `${dayShort(range.from, lang)} – ${dayShort(range.to, lang)} ${range.to.slice(0, 4)}`;

  const openEntry = (entry: CalendarEntry) =>
    setOpen(entry.kind === 'booking' ? { kind: 'booking', entry } : { kind: 'load', entry });
  const create = (day: string, hour?: number) =>
    setOpen({
      kind: 'event',
      mode: hour === undefined ? { kind: 'create', day } : { kind: 'create', day, hour },
    });

  return (
    <div className="grid gap-4">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <Link to="/dashboard/calendar/booking-types" className={buttonClass('secondary', 'sm')}>
              <CalendarRange aria-hidden="true" className="size-4" />
              {t('links.bookingTypes')}
            </Link>
            <Link to="/dashboard/calendar/settings" className={buttonClass('secondary', 'sm')}>
              <CalendarCog aria-hidden="true" className="size-4" />
              {t('links.settings')}
            </Link>
            <Button size="sm" onClick={() => create(date)}>
              <Plus aria-hidden="true" className="size-4" />
              {t('add')}
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" onClick={() => set({ date: todayDay() })}>
            {t('toolbar.today')}
          </Button>
          <Button variant="ghost" size="icon" aria-label={t('toolbar.previous')} onClick={() => step(-1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={t('toolbar.next')} onClick={() => step(1)}>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
          <h2 className="ml-1 text-base font-semibold capitalize" aria-live="polite">
            {label}
          </h2>
        </div>
        <fieldset className="inline-flex rounded-lg border border-line p-0.5">
          <legend className="sr-only">{t('views.label')}</legend>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => set({ view: v })}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium',
                view === v ? 'bg-primary text-on-primary' : 'text-muted hover:text-ink',
              )}
            >
              {t(`views.${v}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {entries.isError ? (
        <LoadFailedPanel
          title={t('error.title')}
          retrying={entries.isFetching}
          onRetry={() => void entries.refetch()}
        />
      ) : (
        <div aria-busy={entries.isPending} className={cn(entries.isPending && 'opacity-60')}>
          {view === 'month' ? (
            <MonthView
              date={date}
              entries={entries.data ?? []}
              onDate={(day) => set({ date: day })}
              onCreate={create}
              onOpen={openEntry}
            />
          ) : view === 'week' ? (
            <WeekView start={range.from} entries={entries.data ?? []} onCreate={create} onOpen={openEntry} />
          ) : (
            <AgendaView
              start={range.from}
              days={AGENDA_DAYS}
              entries={entries.data ?? []}
              onOpen={openEntry}
            />
          )}
        </div>
      )}
      <p className="text-xs text-subtle">{t('zone', { zone })}</p>
      {open?.kind === 'event' ? (
        <EventDialog
          mode={open.mode}
          onClose={close}
          onDelete={() =>
            open.mode.kind === 'edit' &&
            setOpen({ kind: 'delete', entry: open.mode.occurrence, eventId: open.mode.event.id })
          }
        />
      ) : null}
      {open?.kind === 'load' && open.entry.eventId ? (
        <LoadEvent
          eventId={open.entry.eventId}
          onLoaded={(event) =>
            setOpen({ kind: 'event', mode: { kind: 'edit', event, occurrence: open.entry } })
          }
          onFailed={close}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteLoaded eventId={open.eventId} entry={open.entry} onClose={close} />
      ) : null}
      {open?.kind === 'booking' ? <BookingDialog entry={open.entry} onClose={close} /> : null}
    </div>
  );
}

/** Reads an event before its dialog opens (the entries carry only what the views show). */
function LoadEvent({
  eventId,
  onLoaded,
  onFailed,
}: {
  eventId: string;
  onLoaded: (event: CalendarEvent) => void;
  onFailed: () => void;
}) {
  const { t } = useCalendarTexts();
  const event = useCalendarEvent(eventId);
  useEffect(() => {
    if (event.data && event.isFetchedAfterMount) onLoaded(event.data);
    else if (event.isError) {
      toast.error(t('error.title'));
      onFailed();
    }
  }, [event.data, event.isFetchedAfterMount, event.isError, onLoaded, onFailed, t]);
  return event.isPending ? (
    <span className="sr-only" role="status">
      {t('loading')}
    </span>
  ) : null;
}

function DeleteLoaded({
  eventId,
  entry,
  onClose,
}: {
  eventId: string;
  entry: CalendarEntry | null;
  onClose: () => void;
}) {
  const event = useCalendarEvent(eventId);
  if (!event.data || !event.isFetchedAfterMount) return null;
  return <DeleteEvent event={event.data} occurrence={entry} onDone={onClose} onCancel={onClose} />;
}
