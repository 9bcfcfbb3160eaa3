import type { BookingType } from '../../../shared/contracts/booking-types';
import type { T } from './texts';

/** "30 min", "1 h 30 min". */
export function durationText(t: T, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('units.minutesShort', { count: rest });
  if (rest === 0) return t('units.hoursShort', { count: hours });
  return `${t('units.hoursShort', { count: hours })} ${t('units.minutesShort', { count: rest })}`;
}

/** Who may book it: "All clients", or the chosen ones' names (a count past three). */
export function whoText(t: T, type: Pick<BookingType, 'clientScope' | 'clients'>): string {
  if (type.clientScope === 'all') return t('scope.all');
  const names = type.clients.map((c) => c.name);
  return names.length <= 3 ? names.join(', ') : t('scope.chosenCount', { count: names.length });
}
