import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';

/** `{bookingTypeId}`: one of the provider's booking types. */
export const BookingTypeIdParam = z.object({
  bookingTypeId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'bookingTypeId', in: 'path' } }),
});

/** `{overrideId}`: one of the provider's date overrides. */
export const OverrideIdParam = z.object({
  overrideId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'overrideId', in: 'path' } }),
});

export const TAG = 'Booking types';

/** A request body's example: an intro call bookable on weekdays. */
export const BOOKING_TYPE_EXAMPLE = {
  name: 'Intro call',
  description: 'Thirty minutes to get to know each other and your project.',
  durationMinutes: 30,
  locationKind: 'video',
  location: 'https://meet.example.com/intro',
  timeZone: 'Europe/Berlin',
  weeklyHours: {
    mon: [
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ],
    tue: [['09:00', '17:00']],
    wed: [['09:00', '17:00']],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '13:00']],
    sat: [],
    sun: [],
  },
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 240,
  horizonDays: 60,
  dailyCap: 4,
  slotIntervalMinutes: 30,
  changeNoticeMinutes: 1440,
  clientScope: 'all',
  active: true,
};
