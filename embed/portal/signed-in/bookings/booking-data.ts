import { ApiError } from '../../../../shared/api/error';
import type { Booking, BookingRefusal, Slot } from '../../../../shared/contracts/bookings';
import { call } from '../../api/portal-api';
import { useI18n } from '../../i18n/i18n-context';
import { store, useData } from '../data-store';

/** The booking page's keys, under `['portal', id, 'bookings']`: a booking event reloads all of them. */
export const bookingKeys = {
  all: (portalId: string) => ['portal', portalId, 'bookings'] as const,
  types: (portalId: string) => ['portal', portalId, 'bookings', 'types'] as const,
  mine: (portalId: string) => ['portal', portalId, 'bookings', 'mine'] as const,
  slots: (portalId: string, typeId: string, from: string, zone: string) =>
    ['portal', portalId, 'bookings', 'slots', typeId, from, zone] as const,
};

/** How many days of slots one request reads (the API allows 62). */
export const SLOT_DAYS = 28;

export function useBookingTypes(portalId: string) {
  const { t } = useI18n();
  return useData(bookingKeys.types(portalId), () =>
    call(
      (api) => api.GET('/api/portal/{portalId}/booking-types', { params: { path: { portalId } } }),
      t('errors.network'),
    ),
  );
}

export function useMyBookings(portalId: string) {
  const { t } = useI18n();
  return useData(bookingKeys.mine(portalId), () =>
    call(
      (api) =>
        api.GET('/api/portal/{portalId}/bookings', {
          params: { path: { portalId }, query: { filter: 'upcoming', limit: 100 } },
        }),
      t('errors.network'),
    ),
  );
}

/** The free slots of a type for `SLOT_DAYS` days from `from`, read in `zone` (short-lived: slots go fast). */
export function useSlots(portalId: string, typeId: string | null, from: string, zone: string) {
  const { t } = useI18n();
  const to = new Date(Date.parse(from) + SLOT_DAYS * 86_400_000).toISOString();
  return useData(
    bookingKeys.slots(portalId, typeId ?? '', from, zone),
    () =>
      call(
        (api) =>
          api.GET('/api/portal/{portalId}/booking-types/{bookingTypeId}/slots', {
            params: { path: { portalId, bookingTypeId: typeId ?? '' }, query: { from, to, timeZone: zone } },
          }),
        t('errors.network'),
      ),
    { staleMs: 30_000, enabled: typeId !== null },
  );
}

/** A refused booking's error with the free slots the server offers instead (409 / 422). */
export class SlotRefused extends Error {
  constructor(
    readonly error: ApiError,
    readonly nextSlots: Slot[],
  ) {
    super(error.message);
  }
}

/** Runs a booking write; a refusal with `nextSlots` becomes `SlotRefused`. Every booking read reloads. */
async function write<T>(
  portalId: string,
  networkMessage: string,
  request: Parameters<typeof call<T>>[0],
): Promise<T> {
  let refusal: BookingRefusal | undefined;
  try {
    return await call(async (api) => {
      const result = await request(api);
      if ('error' in result && result.error) refusal = result.error as unknown as BookingRefusal;
      return result;
    }, networkMessage);
  } catch (caught) {
    if (caught instanceof ApiError && refusal?.nextSlots) throw new SlotRefused(caught, refusal.nextSlots);
    throw caught;
  } finally {
    store.invalidate(bookingKeys.all(portalId));
  }
}

export function createBooking(
  portalId: string,
  body: {
    bookingTypeId: string;
    startsAt: string;
    timeZone: string;
    projectId: string | null;
    note: string | null;
  },
  networkMessage: string,
): Promise<Booking> {
  return write(portalId, networkMessage, (api) =>
    api.POST('/api/portal/{portalId}/bookings', { params: { path: { portalId } }, body }),
  );
}

export function rescheduleBooking(
  portalId: string,
  bookingId: string,
  body: { startsAt: string; timeZone: string },
  networkMessage: string,
): Promise<Booking> {
  return write(portalId, networkMessage, (api) =>
    api.PATCH('/api/portal/{portalId}/bookings/{bookingId}', {
      params: { path: { portalId, bookingId } },
      body,
    }),
  );
}

export function cancelBooking(portalId: string, bookingId: string, networkMessage: string): Promise<Booking> {
  return write(portalId, networkMessage, (api) =>
    api.POST('/api/portal/{portalId}/bookings/{bookingId}/cancel', {
      params: { path: { portalId, bookingId } },
      body: {},
    }),
  );
}
