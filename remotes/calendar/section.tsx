import { lazy, Suspense } from 'react';
import { Route, Routes } from '../../shared/router';
import { ListPageSkeleton } from '../../shared/ui/page-skeletons';
import { useCalendarTexts } from './i18n';

/** The calendar's views (month, week, agenda; issue 30), a chunk after this one. */
const CalendarPage = lazy(() => import('./calendar-page'));
/** The provider's booking types and their availability (issue 30), a chunk of its own. */
const BookingTypes = lazy(() => import('./booking-types/booking-types-section'));

export const CALENDAR_BASE = '/dashboard/calendar';

/**
 * The Calendar section (issue 30), exposed as `calendar/Section` and mounted by the host under
 * `/dashboard/calendar/*`: the calendar's views at the section's root, the booking types under
 * `booking-types`.
 */
export default function CalendarSection() {
  const { ready } = useCalendarTexts();
  if (!ready) return <ListPageSkeleton />;
  return (
    <Suspense fallback={<ListPageSkeleton />}>
      <Routes>
        <Route path="booking-types/*" element={<BookingTypes />} />
        <Route path="*" element={<CalendarPage />} />
      </Routes>
    </Suspense>
  );
}
