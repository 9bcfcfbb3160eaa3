import {
  type BookingClientScope,
  type BookingType,
  DayHours,
  type LocationKind,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from '../../../shared/contracts/booking-types';

/** The form's values: numbers as typed (the contract says what is wrong with them). */
export type Values = {
  name: string;
  description: string;
  durationMinutes: string;
  locationKind: LocationKind;
  location: string;
  /** '' on a new type: the profile's zone. */
  timeZone: string;
  weeklyHours: WeeklyHours;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minNoticeMinutes: string;
  horizonDays: string;
  dailyCap: string;
  slotIntervalMinutes: string;
  changeNoticeMinutes: string;
  clientScope: BookingClientScope;
  clientIds: string[];
  active: boolean;
};

export const FIELDS = [
  'name',
  'description',
  'durationMinutes',
  'locationKind',
  'location',
  'timeZone',
  'weeklyHours',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
  'minNoticeMinutes',
  'horizonDays',
  'dailyCap',
  'slotIntervalMinutes',
  'changeNoticeMinutes',
  'clientScope',
  'clientIds',
  'active',
] as const;
export type FieldName = (typeof FIELDS)[number];

/** The number fields with their unit (the unit's text key under `units.`). */
export const NUMBER_FIELDS = [
  ['bufferBeforeMinutes', 'minutes'],
  ['bufferAfterMinutes', 'minutes'],
  ['minNoticeMinutes', 'minutes'],
  ['horizonDays', 'days'],
  ['dailyCap', 'perDay'],
  ['slotIntervalMinutes', 'minutes'],
  ['changeNoticeMinutes', 'minutes'],
] as const satisfies readonly (readonly [FieldName, string])[];

const WEEKDAY_HOURS: WeeklyHours = {
  mon: [['09:00', '17:00']],
  tue: [['09:00', '17:00']],
  wed: [['09:00', '17:00']],
  thu: [['09:00', '17:00']],
  fri: [['09:00', '17:00']],
  sat: [],
  sun: [],
};

export function toValues(type: BookingType | undefined): Values {
  if (!type)
    return {
      name: '',
      description: '',
      durationMinutes: '30',
      locationKind: 'video',
      location: '',
      timeZone: '',
      weeklyHours: WEEKDAY_HOURS,
      bufferBeforeMinutes: '0',
      bufferAfterMinutes: '0',
      minNoticeMinutes: '240',
      horizonDays: '60',
      dailyCap: '',
      slotIntervalMinutes: '30',
      changeNoticeMinutes: '1440',
      clientScope: 'all',
      clientIds: [],
      active: true,
    };
  return {
    name: type.name,
    description: type.description ?? '',
    durationMinutes: String(type.durationMinutes),
    locationKind: type.locationKind,
    location: type.location ?? '',
    timeZone: type.timeZone,
    weeklyHours: type.weeklyHours as WeeklyHours,
    bufferBeforeMinutes: String(type.bufferBeforeMinutes),
    bufferAfterMinutes: String(type.bufferAfterMinutes),
    minNoticeMinutes: String(type.minNoticeMinutes),
    horizonDays: String(type.horizonDays),
    dailyCap: type.dailyCap === null ? '' : String(type.dailyCap),
    slotIntervalMinutes: String(type.slotIntervalMinutes),
    changeNoticeMinutes: String(type.changeNoticeMinutes),
    clientScope: type.clientScope,
    clientIds: type.clients.map((c) => c.id),
    active: type.active,
  };
}

/** A typed number ('' stays not a number, so the contract names the field). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The request body of the values (what the contract checks and the API receives). */
export function toBody(values: Values) {
  return {
    name: values.name,
    description: values.description || null,
    durationMinutes: numberOf(values.durationMinutes),
    locationKind: values.locationKind,
    location: values.location || null,
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
    weeklyHours: values.weeklyHours,
    bufferBeforeMinutes: numberOf(values.bufferBeforeMinutes),
    bufferAfterMinutes: numberOf(values.bufferAfterMinutes),
    minNoticeMinutes: numberOf(values.minNoticeMinutes),
    horizonDays: numberOf(values.horizonDays),
    dailyCap: values.dailyCap.trim() === '' ? null : numberOf(values.dailyCap),
    slotIntervalMinutes: numberOf(values.slotIntervalMinutes),
    changeNoticeMinutes: numberOf(values.changeNoticeMinutes),
    clientScope: values.clientScope,
    clientIds: values.clientScope === 'chosen' ? values.clientIds : [],
    active: values.active,
  };
}

/** Each weekday's problem (the contract's message key), checked day by day. */
export function dayProblems(hours: WeeklyHours): Partial<Record<Weekday, string>> {
  const problems: Partial<Record<Weekday, string>> = {};
  for (const day of WEEKDAYS) {
    const parsed = DayHours.safeParse(hours[day]);
    if (!parsed.success) problems[day] = parsed.error.issues[0]?.message ?? 'validation.bookingTimeInvalid';
  }
  return problems;
}

/** The weekday of a server's field path (`weeklyHours.wed`), if it names one. */
export function weekdayOfPath(path: string): Weekday | null {
  const day = path.split('.')[1];
  return path.startsWith('weeklyHours.') && WEEKDAYS.includes(day as Weekday) ? (day as Weekday) : null;
}
