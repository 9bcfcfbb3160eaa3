import type { CalendarEntry } from '../../shared/contracts/calendar';
import { Button } from '../../shared/ui/button';
import { cn } from '../../shared/ui/cn';
import { addDays, dayShort, daysCovered, todayDay, weekdayShort } from './dates';
import { EntryItem, type OpenEntry } from './entry-item';
import { useCalendarTexts } from './i18n';

/**
 * The week (Monday to Sunday) as seven columns: each day's all-day entries first, then the timed ones by
 * start; a button per day adds an event on it. On a phone the days stack.
 */
export function WeekView({
  start,
  entries,
  onCreate,
  onOpen,
}: {
  start: string;
  entries: CalendarEntry[];
  onCreate: (day: string) => void;
  onOpen: OpenEntry;
}) {
  const { t, lang } = useCalendarTexts();
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const today = todayDay();
  return (
    <ol className="grid gap-2 md:grid-cols-7 md:gap-0 md:overflow-hidden md:rounded-xl md:border md:border-line">
      {days.map((day) => {
        const list = entries.filter((entry) => daysCovered(entry, [day]).length > 0);
        return (
          <li
            key={day}
            aria-label={day}
            className="grid content-start gap-1.5 rounded-xl border border-line bg-canvas p-2 md:min-h-80 md:rounded-none md:border-0 md:border-r md:last:border-r-0"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className={cn('text-sm font-medium', day === today && 'text-primary')}>
                <span>{weekdayShort(day, lang)}</span>{' '}
                <span className="tabular-nums">{dayShort(day, lang)}</span>
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
            {list.map((entry) => (
              <EntryItem key={entry.key} entry={entry} onOpen={onOpen} variant="block" />
            ))}
          </li>
        );
      })}
    </ol>
  );
}
