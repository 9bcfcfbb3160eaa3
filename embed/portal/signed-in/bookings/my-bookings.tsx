import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import type { Booking } from '../../../../shared/contracts/bookings';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { ConfirmDialog } from '../../../../shared/ui/dialog';
import { toast } from '../../../../shared/ui/toaster';
import { frameHooks } from '../../embedded/embed-state';
import { useI18n } from '../../i18n/i18n-context';
import { useAction } from '../data-store';
import { useSignedIn } from '../signed-in-context';
import { cancelBooking } from './booking-data';
import { dayLabel, timeIn } from './slot-picker';

/** The client's upcoming bookings, each with Reschedule and Cancel while its change notice allows. */
export function MyBookings({
  bookings,
  zone,
  onReschedule,
}: {
  bookings: readonly Booking[];
  zone: string;
  onReschedule: (booking: Booking) => void;
}) {
  const { t, lang } = useI18n();
  const { portalId } = useSignedIn();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const cancel = useAction((booking: Booking) => cancelBooking(portalId, booking.id, t('errors.network')), {
    onSuccess: (booking) => {
      setCancelling(null);
      toast.success(t('bookings.cancelled'));
      frameHooks.bookingCancelled?.(booking.id);
    },
    onError: (error) => toast.error(error.message),
  });
  if (bookings.length === 0) return null;
  return (
    <Card className="mb-6 p-4 sm:p-6">
      <h2 className="mb-3 text-lg font-semibold">{t('bookings.upcoming')}</h2>
      <ul className="grid gap-3">
        {bookings.map((booking) => {
          const changeable = Date.parse(booking.changeableUntil) > Date.now();
          return (
            <li
              key={booking.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3"
            >
              <div className="flex min-w-0 items-start gap-3">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium break-words">{booking.title}</span>
                  <span className="text-sm text-muted tabular-nums">
                    {dayLabel(booking.startsAt, zone, lang)}, {timeIn(booking.startsAt, zone, lang)}–
                    {timeIn(booking.endsAt, zone, lang)}
                  </span>
                  {booking.projectName ? (
                    <span className="text-xs text-subtle">{booking.projectName}</span>
                  ) : null}
                  {booking.location && booking.locationKind === 'video' ? (
                    <a className="text-sm break-all text-primary underline" href={booking.location}>
                      {t('bookings.join')}
                    </a>
                  ) : booking.location ? (
                    <span className="text-sm break-words">{booking.location}</span>
                  ) : null}
                </div>
              </div>
              {changeable ? (
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => onReschedule(booking)}>
                    {t('bookings.reschedule')}
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setCancelling(booking)}>
                    {t('bookings.cancel')}
                  </Button>
                </div>
              ) : (
                <span className="text-xs text-muted">{t('bookings.noChanges')}</span>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? null : setCancelling(null))}
        title={t('bookings.cancelTitle')}
        description={
          cancelling
            ? t('bookings.cancelBody', {
                title: cancelling.title,
                when: `${dayLabel(cancelling.startsAt, zone, lang)}, ${timeIn(cancelling.startsAt, zone, lang)}`,
              })
            : ''
        }
        cancelLabel={t('bookings.keep')}
        confirmLabel={t('bookings.cancelConfirm')}
        confirming={cancel.isPending}
        onConfirm={() => (cancelling ? cancel.mutate(cancelling) : undefined)}
      />
    </Card>
  );
}
