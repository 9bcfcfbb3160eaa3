import { Plus, X } from 'lucide-react';
import type { TimeRange } from '../../../shared/contracts/booking-types';
import { BOOKING_LIMITS, minutesOf, timeOfMinutes } from '../../../shared/contracts/booking-types';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useBookingTexts } from './texts';

/** The range a new one starts as: an hour after the day's last range, or 09:00–17:00 on an empty day. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return ['09:00', '17:00'];
  const end = minutesOf(last[1]);
  const start = Number.isNaN(end) ? 12 * 60 : Math.min(end + 60, 23 * 60);
  return [timeOfMinutes(start), timeOfMinutes(Math.min(start + 60, 24 * 60))];
}

/**
 * One day's time ranges as "HH:MM" text fields ("24:00" is the day's end, which `<input type="time">`
 * cannot say), each removable, and a button that adds one. `label` names the day for screen readers.
 */
export function DayRanges({
  label,
  ranges,
  onChange,
  error,
  errorId,
}: {
  label: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  error?: string | undefined;
  errorId: string;
}) {
  const { t } = useBookingTexts();
  const set = (index: number, part: 0 | 1, value: string) =>
    onChange(
      ranges.map((r, i) => (i === index ? ((part === 0 ? [value, r[1]] : [r[0], value]) as TimeRange) : r)),
    );
  /** One end of a range: its text as typed (checked on save), named for screen readers by day and place. */
  const timeInput = (index: number, part: 0 | 1, value: string) => (
    <div className="w-24">
      <Input
        className="text-center tabular-nums"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        placeholder={part === 0 ? '09:00' : '17:00'}
        aria-label={t(part === 0 ? 'hours.from' : 'hours.to', { day: label, n: index + 1 })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(e) => set(index, part, e.target.value.trim())}
      />
    </div>
  );
  return (
    <div className="grid gap-2">
      {ranges.map((range, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place while edited
        <div key={index} className="flex items-center gap-2">
          {timeInput(index, 0, range[0])}
          <span aria-hidden="true" className="text-muted">
            –
          </span>
          {timeInput(index, 1, range[1])}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('hours.remove', { day: label, n: index + 1 })}
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      {ranges.length < BOOKING_LIMITS.rangesPerDay ? (
        <div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange([...ranges, nextRange(ranges)])}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('hours.add')}
            <span className="sr-only">{` (${label})`}</span>
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
