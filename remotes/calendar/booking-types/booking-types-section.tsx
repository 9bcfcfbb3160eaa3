import { lazy } from 'react';
import { SectionRoutes } from '../../../shared/ui/section-routes';
import { BOOKING_TYPES_BASE } from './base';
import { BookingTypeList } from './booking-type-list';
import { useBookingTexts } from './texts';

/** The form (zod, the editors) is its own chunk: the list is what most visits need. */
const BookingTypePage = lazy(() => import('./booking-type-page'));

/**
 * The provider's booking types (issue 30), mounted by the calendar section under `booking-types/*`: the
 * list (with the holidays for every type) at its root, a new type at `new`, one type at `:bookingTypeId`.
 */
export default function BookingTypesSection() {
  const { ready } = useBookingTexts();
  return (
    <SectionRoutes
      ready={ready}
      base={BOOKING_TYPES_BASE}
      list={<BookingTypeList />}
      pages={{ new: <BookingTypePage />, ':bookingTypeId': <BookingTypePage /> }}
    />
  );
}
