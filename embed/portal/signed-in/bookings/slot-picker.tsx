import type { Slot } from '../../../../shared/contracts/bookings';
import { cn } from '../../../../shared/ui/cn';
import { useI18n } from '../../i18n/i18n-context';

/** The calendar day ("YYYY-MM-DD") of an instant in a zone. */
export function dayIn(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
  return parts.slice(0, 10);
}

/** "14:30" / "2:30 PM" in the reader's language and zone. */
export function timeIn(iso: string, zone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** "Mon, 14 Dec" in the reader's language and zone. */
export function dayLabel(iso: string, zone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));
}

/** Groups slots by their day in the zone, in order. */
export function slotsByDay(slots: readonly Slot[], zone: string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = dayIn(slot.startsAt, zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

/** The days with free slots (a row of buttons) and the chosen day's times (a grid of buttons). */
export function SlotPicker({
  slots,
  zone,
  day,
  onDay,
  chosen,
  onChoose,
}: {
  slots: readonly Slot[];
  zone: string;
  day: string | null;
  onDay: (day: string) => void;
  chosen: string | null;
  onChoose: (startsAt: string) => void;
}) {
  const { t, lang } = useI18n();
  const days = slotsByDay(slots, zone);
  const current = days.find(([d]) => d === day) ?? days[0];
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('bookings.day')}</legend>
        <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          {days.map(([d, list]) => {
            const selected = current?.[0] === d;
            return (
              <button
                key={d}
                type="button"
                aria-pressed={selected}
                onClick={() => onDay(d)}
                className={cn(
                  'grid min-w-20 shrink-0 justify-items-center rounded-lg border px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none',
                  selected
                    ? 'border-primary bg-primary-soft font-semibold text-primary'
                    : 'border-line bg-canvas hover:border-primary/40',
                )}
              >
                <span>{dayLabel(list[0]?.startsAt ?? '', zone, lang)}</span>
                <span className="text-xs text-muted">{t('bookings.times', { count: list.length })}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      {current ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('bookings.time')}</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
            {current[1].map((slot) => {
              const selected = chosen === slot.startsAt;
              return (
                <button
                  key={slot.startsAt}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onChoose(slot.startsAt)}
                  className={cn(
                    'h-10 rounded-lg border text-sm tabular-nums focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none',
                    selected
                      ? 'border-primary bg-primary font-semibold text-on-primary'
                      : 'border-line bg-canvas hover:border-primary/40',
                  )}
                >
                  {timeIn(slot.startsAt, zone, lang)}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
