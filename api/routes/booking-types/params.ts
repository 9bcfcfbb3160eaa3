import { z } from 'zod';
import { WEEKLY_HOURS_EXAMPLE } from '../../../shared/contracts/booking-types';
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
  weeklyHours: WEEKLY_HOURS_EXAMPLE,
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
