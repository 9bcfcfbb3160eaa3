import type { CalendarEntry } from '../../shared/contracts/calendar';
import { addDays, dayLong, daysCovered, todayDay } from './dates';
import { EntryItem, type OpenEntry } from './entry-item';
import { useCalendarTexts } from './i18n';

/** The agenda: the days from the URL's date on (`days` of them) that have entries, each with its list. */
export function AgendaView({
  start,
  days: count,
  entries,
  onOpen,
}: {
  start: string;
  days: number;
  entries: CalendarEntry[];
  onOpen: OpenEntry;
}) {
  const { t, lang } = useCalendarTexts();
  const days = Array.from({ length: count }, (_, i) => addDays(start, i));
  const today = todayDay();
  const groups = days
    .map((day) => ({ day, list: entries.filter((entry) => daysCovered(entry, [day]).length > 0) }))
    .filter((group) => group.list.length > 0);
  if (!groups.length)
    return (
      <p className="rounded-xl border border-line bg-canvas p-6 text-sm text-muted">{t('agenda.empty')}</p>
    );
  return (
    <div className="grid gap-4">
      {groups.map(({ day, list }) => (
        <section key={day} aria-label={dayLong(day, lang)} className="grid gap-2">
          <h2 className="text-sm font-semibold">
            {dayLong(day, lang)}
            {day === today ? <span className="ml-2 text-primary">{t('toolbar.today')}</span> : null}
          </h2>
          <div className="grid gap-1.5">
            {list.map((entry) => (
              <EntryItem key={entry.key} entry={entry} onOpen={onOpen} variant="row" />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
