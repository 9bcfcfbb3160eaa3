import { Copy } from 'lucide-react';
import { useId } from 'react';
import {
  type TimeRange,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '../../../shared/contracts/booking-types';
import { Button } from '../../../shared/ui/button';
import { DayRanges } from './day-ranges';
import { useBookingTexts } from './texts';

const WORKDAYS: readonly Weekday[] = ['tue', 'wed', 'thu', 'fri'];

/**
 * The weekly availability: per weekday a switch (available or not) and its time ranges; "Copy Monday to
 * weekdays" gives Tuesday to Friday Monday's ranges. `errors` are the days' translated problems.
 */
export function WeeklyHoursEditor({
  value,
  onChange,
  errors,
}: {
  value: WeeklyHours;
  onChange: (value: WeeklyHours) => void;
  errors: Partial<Record<Weekday, string>>;
}) {
  const { t } = useBookingTexts();
  const id = useId();
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...value, [day]: ranges });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">{t('hours.hint')}</p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange({
              ...value,
              ...Object.fromEntries(WORKDAYS.map((day) => [day, value.mon.map((r) => [...r] as TimeRange)])),
            })
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          {t('hours.copyMonday')}
        </Button>
      </div>
      <ul className="grid divide-y divide-line rounded-xl border border-line">
        {WEEKDAYS.map((day) => {
          const on = value[day].length > 0;
          const dayName = t(`weekdays.${day}`);
          return (
            <li key={day} className="grid gap-2 p-3 sm:grid-cols-[9rem_1fr] sm:items-start" data-day={day}>
              <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={on}
                  onChange={(e) => setDay(day, e.target.checked ? [['09:00', '17:00']] : [])}
                />
                {dayName}
              </label>
              {on ? (
                <DayRanges
                  label={dayName}
                  ranges={value[day]}
                  onChange={(ranges) => setDay(day, ranges)}
                  error={errors[day]}
                  errorId={`${id}-${day}-error`}
                />
              ) : (
                <p className="flex min-h-10 items-center text-sm text-subtle">{t('hours.unavailable')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
