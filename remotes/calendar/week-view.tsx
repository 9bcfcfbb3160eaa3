import { useEffect, useRef, useState } from 'react';
import type { CalendarEntry } from '../../shared/contracts/calendar';
import { Button } from '../../shared/ui/button';
import { cn } from '../../shared/ui/cn';
import { useMediaQuery } from '../../shared/ui/use-media-query';
import { addDays, dayShort, daysCovered, todayDay, weekdayShort } from './dates';
import { EntryItem, type OpenEntry } from './entry-item';
import { useCalendarTexts } from './i18n';

/** One hour's height in the grid. */
const HOUR_PX = 48;
/** The shortest an entry is drawn (half an hour), so its label stays readable. */
const MIN_MINUTES = 30;
/** Where the grid opens when nothing is earlier: the working day, not midnight. */
const OPEN_AT_HOUR = 7;

/** A timed entry's part within one day, in minutes from that day's local midnight, and its lane. */
interface Segment {
  entry: CalendarEntry;
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

const midnight = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
};

/**
 * The day's timed entries as segments side by side where they overlap: each group of entries that overlap
 * one another shares the column's width, an entry in the first lane free when it starts.
 */
export function layoutDay(day: string, entries: CalendarEntry[]): Segment[] {
  const from = midnight(day);
  const to = midnight(addDays(day, 1));
  const segments = entries
    .filter((e) => !e.allDay && e.startsAt && e.endsAt)
    .flatMap((entry) => {
      const s = Math.max(new Date(entry.startsAt as string).getTime(), from);
      const e = Math.min(new Date(entry.endsAt as string).getTime(), to);
      // Not on this day (an entry of no length still shows at its time).
      if (s > e || s === to) return [];
      const start = Math.round((s - from) / 60_000);
      const end = Math.max(Math.round((e - from) / 60_000), start + MIN_MINUTES);
      return [{ entry, start, end, lane: 0, lanes: 1 }];
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let group: Segment[] = [];
  let groupEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...group.map((s) => s.lane + 1));
    for (const s of group) s.lanes = lanes;
    group = [];
  };
  for (const segment of segments) {
    if (segment.start >= groupEnd) close();
    const taken = new Set(group.filter((s) => s.end > segment.start).map((s) => s.lane));
    let lane = 0;
    while (taken.has(lane)) lane++;
    segment.lane = lane;
    group.push(segment);
    groupEnd = Math.max(groupEnd, segment.end);
  }
  close();
  return segments;
}

const isAllDayRow = (entry: CalendarEntry) => entry.allDay || !entry.startsAt || !entry.endsAt;

/**
 * Seven days from `start` (a Monday). On wider screens an hour grid: the day headings with "+", a row of
 * all-day entries (all-day events, project and due days), then the hours with each timed event or booking
 * placed at its time in the browser's zone (overlaps side by side, a line at the current time); a click on
 * an empty hour starts an event there. On phones a list of days with their entries.
 */
export function WeekView({
  start,
  entries,
  onCreate,
  onOpen,
}: {
  start: string;
  entries: CalendarEntry[];
  onCreate: (day: string, hour?: number) => void;
  onOpen: OpenEntry;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return wide ? (
    <HourGrid days={days} entries={entries} onCreate={onCreate} onOpen={onOpen} />
  ) : (
    <DayList days={days} entries={entries} onCreate={onCreate} onOpen={onOpen} />
  );
}

interface ViewProps {
  days: string[];
  entries: CalendarEntry[];
  onCreate: (day: string, hour?: number) => void;
  onOpen: OpenEntry;
}

function DayHeading({ day, onCreate }: { day: string; onCreate: (day: string) => void }) {
  const { t, lang } = useCalendarTexts();
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className={cn('text-sm font-medium', day === todayDay() && 'text-primary')}>
        <span>{weekdayShort(day, lang)}</span> <span className="tabular-nums">{dayShort(day, lang)}</span>
      </h3>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={() => onCreate(day)}
        aria-label={t('week.addOn', { day: dayShort(day, lang) })}
      >
        +
      </Button>
    </div>
  );
}

function DayList({ days, entries, onCreate, onOpen }: ViewProps) {
  return (
    <ol className="grid gap-2">
      {days.map((day) => (
        <li
          key={day}
          aria-label={day}
          className="grid content-start gap-1.5 rounded-xl border border-line bg-canvas p-2"
        >
          <DayHeading day={day} onCreate={onCreate} />
          {entries
            .filter((entry) => daysCovered(entry, [day]).length > 0)
            .map((entry) => (
              <EntryItem key={entry.key} entry={entry} onOpen={onOpen} variant="block" />
            ))}
        </li>
      ))}
    </ol>
  );
}

/** Minutes since local midnight now. */
function minutesNow() {
  const now = new Date();
  return now.getHours() * 60 + now.getMinutes();
}

/** `minutesNow()`, refreshed every minute (the line at the current time). */
function useNowMinutes() {
  const [minutes, setMinutes] = useState(minutesNow);
  useEffect(() => {
    const timer = setInterval(() => setMinutes(minutesNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return minutes;
}

const COLUMNS = 'grid grid-cols-[4rem_repeat(7,minmax(0,1fr))]';

function HourGrid({ days, entries, onCreate, onOpen }: ViewProps) {
  const { t } = useCalendarTexts();
  const today = todayDay();
  const nowMinutes = useNowMinutes();
  const scroller = useRef<HTMLDivElement>(null);
  const perDay = days.map((day) => ({
    day,
    allDay: entries.filter((e) => isAllDayRow(e) && daysCovered(e, [day]).length > 0),
    segments: layoutDay(day, entries),
  }));
  const earliest = Math.min(...perDay.flatMap((d) => d.segments.map((s) => s.start)), OPEN_AT_HOUR * 60);
  const firstDay = days[0];
  // Opens on the working day, or earlier when the week has something earlier; again for each new week.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the week changes, not on every refetch
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = Math.max(0, Math.floor(earliest / 60) * HOUR_PX - 16);
  }, [firstDay]);
  const hours = Array.from({ length: 24 }, (_, h) => h);
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-canvas">
      <div className={cn(COLUMNS, 'border-b border-line')}>
        <div />
        {days.map((day) => (
          <div key={day} className="border-l border-line px-2 py-1.5">
            <DayHeading day={day} onCreate={onCreate} />
          </div>
        ))}
      </div>
      <div className={cn(COLUMNS, 'border-b border-line')}>
        <div className="self-center px-1 text-right text-xs text-muted">{t('week.allDay')}</div>
        {perDay.map(({ day, allDay }) => (
          <ul
            key={day}
            aria-label={`${day} ${t('week.allDay')}`}
            className="grid content-start gap-1 border-l border-line p-1"
          >
            {allDay.map((entry) => (
              <li key={entry.key} className="min-w-0">
                <EntryItem entry={entry} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        ))}
      </div>
      <div ref={scroller} className="max-h-[36rem] overflow-y-auto" data-testid="week-hours">
        <div className={COLUMNS} style={{ height: 24 * HOUR_PX }}>
          <div className="relative" aria-hidden="true">
            {hours.slice(1).map((h) => (
              <span
                key={h}
                className="absolute right-1 -translate-y-1/2 text-xs tabular-nums text-muted"
                style={{ top: h * HOUR_PX }}
              >
                {`${String(h).padStart(2, '0')}:00`}
              </span>
            ))}
          </div>
          {perDay.map(({ day, segments }) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut to a time; the keyboard has the day's "+"
            <ul
              key={day}
              aria-label={day}
              className="relative border-l border-line"
              style={{
                backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, var(--color-line) ${HOUR_PX - 1}px, var(--color-line) ${HOUR_PX}px)`,
              }}
              onClick={(event) => {
                if (event.target !== event.currentTarget) return;
                const offset = event.clientY - event.currentTarget.getBoundingClientRect().top;
                onCreate(day, Math.min(23, Math.max(0, Math.floor(offset / HOUR_PX))));
              }}
            >
              {segments.map((s) => (
                <li
                  key={s.entry.key}
                  className="absolute px-0.5"
                  style={{
                    top: (s.start / 60) * HOUR_PX,
                    height: ((s.end - s.start) / 60) * HOUR_PX,
                    left: `${(s.lane / s.lanes) * 100}%`,
                    width: `${100 / s.lanes}%`,
                  }}
                >
                  <EntryItem
                    entry={s.entry}
                    onOpen={onOpen}
                    variant="block"
                    className="h-full overflow-hidden"
                    lines={Math.max(1, Math.floor((((s.end - s.start) / 60) * HOUR_PX - 8) / 16))}
                  />
                </li>
              ))}
              {day === today ? (
                <li
                  aria-label={t('week.now')}
                  className="pointer-events-none absolute inset-x-0 border-t-2 border-danger"
                  style={{ top: (nowMinutes / 60) * HOUR_PX }}
                />
              ) : null}
            </ul>
          ))}
        </div>
      </div>
    </div>
  );
}
