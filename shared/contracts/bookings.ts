import { z } from 'zod';
import { ErrorBody, text, Uuid } from './common';
import { PageQuery, pageOf } from './paging';
import { TimeZone } from './time-zone';

/*
 * Bookings (issue 30): a signed-in client books one of the provider's booking types for a slot the slot
 * calculator offers (`api/services/booking/slots.ts`), sees slots in their own time zone, and reschedules or
 * cancels until the type's change notice before the start. The provider lists, reads and cancels them.
 */

/** The most days one slot request may span. */
export const SLOT_WINDOW_MAX_DAYS = 62;

const Instant = (description: string) =>
  z.iso
    .datetime({ offset: true, error: 'validation.dateInvalid' })
    .max(40, { error: 'validation.dateInvalid' })
    .meta({ description, example: '2026-12-14T09:00:00.000Z' });

export const LocationKind = z
  .enum(['video', 'phone', 'in_person'])
  .meta({ description: 'Where the meeting happens.', example: 'video' });
export type LocationKind = z.infer<typeof LocationKind>;

export const BookingStatus = z.enum(['confirmed', 'cancelled']).meta({ example: 'confirmed' });
export type BookingStatus = z.infer<typeof BookingStatus>;

const BOOKING_EXAMPLE = {
  id: '5d0f6c1e-2b7a-4f55-9a51-0f3c2d8e7a41',
  bookingTypeId: '8a3b1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  clientId: '2f4e6a8c-0b1d-4c3e-9f5a-7b9d1e3f5a7c',
  clientName: 'Grace Hopper',
  projectId: 'c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f',
  projectName: 'Website relaunch',
  title: 'Intro call',
  startsAt: '2026-12-14T09:00:00.000Z',
  endsAt: '2026-12-14T09:30:00.000Z',
  status: 'confirmed',
  clientTimeZone: 'Europe/Berlin',
  locationKind: 'video',
  location: 'https://meet.example.com/intro',
  note: 'About the new logo',
  sequence: 0,
  cancelledAt: null,
  cancelledBy: null,
  changeableUntil: '2026-12-13T09:00:00.000Z',
  createdAt: '2026-12-07T16:42:10.000Z',
};

const SLOT_EXAMPLES = [
  { startsAt: '2026-12-14T09:00:00.000Z', endsAt: '2026-12-14T09:30:00.000Z' },
  { startsAt: '2026-12-14T09:30:00.000Z', endsAt: '2026-12-14T10:00:00.000Z' },
];

/** A booking type as the client sees it (only those the client may book). */
export const PortalBookingType = z
  .object({
    id: z.string(),
    name: text(),
    description: text().nullable(),
    durationMinutes: z.number().int(),
    locationKind: LocationKind,
    changeNoticeMinutes: z
      .number()
      .int()
      .meta({ description: 'Until how long before the start the client may reschedule or cancel.' }),
    minNoticeMinutes: z.number().int(),
    horizonDays: z.number().int(),
  })
  .meta({
    id: 'PortalBookingType',
    example: {
      id: '8a3b1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      name: 'Intro call',
      description: 'Thirty minutes to get to know your project.',
      durationMinutes: 30,
      locationKind: 'video',
      changeNoticeMinutes: 1440,
      minNoticeMinutes: 240,
      horizonDays: 60,
    },
  });
export type PortalBookingType = z.infer<typeof PortalBookingType>;

export const PortalBookingTypeList = z.object({ items: z.array(PortalBookingType) }).meta({
  id: 'PortalBookingTypeList',
  example: {
    items: [
      {
        id: '8a3b1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        name: 'Intro call',
        description: null,
        durationMinutes: 30,
        locationKind: 'video',
        changeNoticeMinutes: 1440,
        minNoticeMinutes: 240,
        horizonDays: 60,
      },
    ],
  },
});
export type PortalBookingTypeList = z.infer<typeof PortalBookingTypeList>;

const windowFits = (q: { from: string; to: string }) => {
  const span = Date.parse(q.to) - Date.parse(q.from);
  return span > 0 && span <= SLOT_WINDOW_MAX_DAYS * 86_400_000;
};

/** The window [from, to) of slot starts asked for, and the zone the client reads them in. */
export const SlotQuery = z
  .object({
    from: Instant('The earliest slot start asked for.'),
    to: Instant(`The end of the window (after \`from\`, at most ${SLOT_WINDOW_MAX_DAYS} days later).`),
    timeZone: TimeZone.meta({ description: 'The zone the client reads the slots in; echoed in the answer.' }),
  })
  .refine(windowFits, { error: 'validation.bookingWindow', path: ['to'] });
export type SlotQuery = z.infer<typeof SlotQuery>;

export const Slot = z
  .object({ startsAt: z.iso.datetime(), endsAt: z.iso.datetime() })
  .meta({ id: 'BookingSlot', example: SLOT_EXAMPLES[0] });
export type Slot = z.infer<typeof Slot>;

export const SlotList = z
  .object({
    bookingTypeId: z.string(),
    timeZone: text().meta({ description: 'The zone of the request, to show the slots in.' }),
    slots: z.array(Slot),
  })
  .meta({
    id: 'BookingSlotList',
    example: {
      bookingTypeId: '8a3b1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      timeZone: 'America/New_York',
      slots: SLOT_EXAMPLES,
    },
  });
export type SlotList = z.infer<typeof SlotList>;

export const BookingNote = text()
  .trim()
  .max(2000, { error: 'validation.bookingNoteTooLong' })
  .meta({ description: 'A note for the provider.' });

/** The client books a slot. */
export const BookingCreate = z
  .object({
    bookingTypeId: Uuid({ error: 'validation.invalid' }),
    startsAt: Instant('The slot’s start, one of the slots offered.'),
    timeZone: TimeZone.meta({
      description: 'The client’s zone: their e-mails and invitation show times in it.',
    }),
    projectId: Uuid({ error: 'validation.invalid' }).nullable().optional(),
    note: BookingNote.nullable().optional(),
  })
  .meta({
    id: 'BookingCreate',
    example: {
      bookingTypeId: '8a3b1c2d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      startsAt: '2026-12-14T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      projectId: 'c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f',
      note: 'About the new logo',
    },
  });
export type BookingCreate = z.infer<typeof BookingCreate>;

/** The client moves a booking to another slot of its type. */
export const BookingReschedule = z
  .object({
    startsAt: Instant('The new slot’s start.'),
    timeZone: TimeZone.optional().meta({ description: 'The client’s zone (default: the one booked in).' }),
  })
  .meta({
    id: 'BookingReschedule',
    example: { startsAt: '2026-12-15T13:30:00.000Z', timeZone: 'Europe/Berlin' },
  });
export type BookingReschedule = z.infer<typeof BookingReschedule>;

export const BookingCancel = z
  .object({
    reason: text()
      .trim()
      .max(500, { error: 'validation.bookingReasonTooLong' })
      .nullable()
      .optional()
      .meta({ description: 'Told to the other side in the cancellation e-mail.' }),
  })
  .meta({ id: 'BookingCancel', example: { reason: 'Something came up, sorry.' } });
export type BookingCancel = z.infer<typeof BookingCancel>;

/** One booking, as both sides see it. */
export const Booking = z
  .object({
    id: z.string(),
    bookingTypeId: z.string(),
    clientId: z.string(),
    clientName: text(),
    projectId: z.string().nullable(),
    projectName: text().nullable(),
    title: text(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    status: BookingStatus,
    clientTimeZone: text(),
    locationKind: LocationKind,
    location: text().nullable(),
    note: text().nullable(),
    sequence: z.number().int(),
    cancelledAt: z.iso.datetime().nullable(),
    cancelledBy: z.enum(['client', 'provider']).nullable(),
    changeableUntil: z.iso.datetime().meta({
      description:
        'The last moment the client may reschedule or cancel (the start minus the type’s change notice).',
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Booking', example: BOOKING_EXAMPLE });
export type Booking = z.infer<typeof Booking>;

export const BookingFilter = z.enum(['upcoming', 'past', 'cancelled']).meta({
  description:
    '`upcoming`: confirmed, not ended yet (soonest first); `past`: confirmed and ended; `cancelled`.',
});
export type BookingFilter = z.infer<typeof BookingFilter>;

export const BookingListQuery = z.object({
  filter: BookingFilter.default('upcoming'),
  clientId: Uuid({ error: 'validation.invalid' }).optional(),
  ...PageQuery,
});
export type BookingListQuery = z.infer<typeof BookingListQuery>;

export const BookingList = pageOf(Booking).meta({
  id: 'BookingList',
  example: { items: [BOOKING_EXAMPLE], nextCursor: null },
});
export type BookingList = z.infer<typeof BookingList>;

/** The client's own bookings: upcoming ones (confirmed, not ended), soonest first. */
export const PortalBookingListQuery = z.object({
  filter: BookingFilter.default('upcoming'),
  ...PageQuery,
});

/**
 * A refused booking or reschedule: the error, and (409 `slot_taken`, 422 `slot_unavailable`) the next free
 * slots of the type after the one asked for, to offer instead.
 */
export const BookingRefusal = ErrorBody.extend({
  nextSlots: z.array(Slot).optional().meta({
    description: 'With `slot_taken` and `slot_unavailable`: up to five free slots after the one asked for.',
  }),
}).meta({ id: 'BookingRefusal' });
export type BookingRefusal = z.infer<typeof BookingRefusal>;
