import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { CalendarEntry } from '../../shared/contracts/calendar';
import { cn } from '../../shared/ui/cn';
import { addDays, dateOf, dayLong, daysCovered, monthGrid, todayDay, weekdayShort } from './dates';
import { EntryItem, type OpenEntry } from './entry-item';
import { useCalendarTexts } from './i18n';

const KEYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month as a 6 × 7 grid (ARIA grid): the focused day is the URL's date; arrow keys move it (into the
 * next or previous month too), Home/End to the week's ends, Enter opens a new event on it. Each day lists
 * its entries (three, then "+n more"); on a phone the grid shows dots and the chosen day's entries follow
 * below it.
 */
export function MonthView({
  date,
  entries,
  onDate,
  onCreate,
  onOpen,
}: {
  date: string;
  entries: CalendarEntry[];
  onDate: (day: string) => void;
  onCreate: (day: string) => void;
  onOpen: OpenEntry;
}) {
  const { t, lang } = useCalendarTexts();
  const days = monthGrid(date);
  const month = date.slice(0, 7);
  const today = todayDay();
  const grid = useRef<HTMLTableElement>(null);
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of entries) {
    for (const day of daysCovered(entry, days)) byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }
  const focusWithin = useRef(false);
  useEffect(() => {
    if (focusWithin.current) grid.current?.querySelector<HTMLElement>(`[data-day="${date}"]`)?.focus();
  }, [date]);

  function onKeyDown(event: KeyboardEvent<HTMLTableCellElement>, day: string) {
    if (event.target !== event.currentTarget) return;
    const weekday = (dateOf(day).getDay() + 6) % 7;
    const step =
      KEYS[event.key] ?? (event.key === 'Home' ? -weekday : event.key === 'End' ? 6 - weekday : undefined);
    if (step !== undefined) {
      event.preventDefault();
      focusWithin.current = true;
      onDate(addDays(day, step));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onCreate(day);
    }
  }

  const selected = byDay.get(date) ?? [];
  return (
    <div className="grid gap-4">
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern (arrow keys move between days) on a table
        role="grid"
        aria-label={t('views.month')}
        className="w-full table-fixed border-separate border-spacing-0 overflow-hidden rounded-xl border border-line bg-canvas"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) focusWithin.current = false;
        }}
      >
        <thead>
          <tr className="bg-surface">
            {days.slice(0, 7).map((day) => (
              <th
                key={day}
                scope="col"
                className="border-b border-line px-2 py-1.5 text-center text-xs font-medium text-muted"
              >
                {weekdayShort(day, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[0, 1, 2, 3, 4, 5].map((week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((day) => {
                const list = byDay.get(day) ?? [];
                const isSelected = day === date;
                return (
                  <td
                    key={day}
                    data-day={day}
                    tabIndex={isSelected ? 0 : -1}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    onClick={(event) => {
                      if (event.target === event.currentTarget) onDate(day);
                    }}
                    onDoubleClick={(event) => {
                      if (event.target === event.currentTarget) onCreate(day);
                    }}
                    className={cn(
                      'h-14 border-r border-b border-line p-1 align-top last:border-r-0 sm:h-28',
                      'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
                      week === 5 && 'border-b-0',
                      day.slice(0, 7) !== month && 'bg-surface/60 text-subtle',
                      isSelected && 'bg-primary/5',
                    )}
                  >
                    <div className="pointer-events-none flex justify-end">
                      <span
                        className={cn(
                          'rounded-full px-1.5 text-xs tabular-nums',
                          day === today && 'bg-primary font-semibold text-on-primary',
                        )}
                      >
                        <span aria-hidden="true">{Number(day.slice(8))}</span>
                        <span className="sr-only">{dayLong(day, lang)}</span>
                      </span>
                    </div>
                    <div className="mt-1 hidden gap-0.5 sm:grid">
                      {list.slice(0, 3).map((entry) => (
                        <EntryItem key={entry.key} entry={entry} onOpen={onOpen} />
                      ))}
                      {list.length > 3 ? (
                        <button
                          type="button"
                          className="text-left text-xs text-muted hover:text-ink"
                          onClick={() => onDate(day)}
                        >
                          {t('month.more', { count: list.length - 3 })}
                        </button>
                      ) : null}
                    </div>
                    {list.length ? (
                      <span className="sr-only sm:hidden">{t('month.entries', { count: list.length })}</span>
                    ) : null}
                    {list.length ? (
                      <span
                        aria-hidden="true"
                        className="pointer-events-none mt-1 flex justify-center gap-0.5 sm:hidden"
                      >
                        {list.slice(0, 3).map((entry) => (
                          <span key={entry.key} className="size-1.5 rounded-full bg-primary" />
                        ))}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="calendar-selected-day" className="grid gap-2 sm:hidden">
        <h2 id="calendar-selected-day" className="text-sm font-semibold">
          {dayLong(date, lang)}
        </h2>
        {selected.length ? (
          selected.map((entry) => <EntryItem key={entry.key} entry={entry} onOpen={onOpen} variant="row" />)
        ) : (
          <p className="text-sm text-muted">{t('agenda.nothing')}</p>
        )}
      </section>
    </div>
  );
}
