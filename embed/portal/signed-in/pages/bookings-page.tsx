import { CalendarPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Booking, Slot } from '../../../../shared/contracts/bookings';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { cn } from '../../../../shared/ui/cn';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextareaField } from '../../../../shared/ui/textarea-field';
import { toast } from '../../../../shared/ui/toaster';
import { frameHooks } from '../../embedded/embed-state';
import { useI18n } from '../../i18n/i18n-context';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import {
  createBooking,
  rescheduleBooking,
  SlotRefused,
  useBookingTypes,
  useMyBookings,
  useSlots,
} from '../bookings/booking-data';
import { MyBookings } from '../bookings/my-bookings';
import { dayIn, dayLabel, SlotPicker, timeIn } from '../bookings/slot-picker';
import { useAction } from '../data-store';
import { useProjects } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';

/** The browser's own zone (the client sees and books times in it), UTC when it names none. */
function clientZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * "Book a meeting" (issue 30), in the portal and the widget: the client picks one of the provider's booking
 * types, optionally a project, a day and a time (in their own zone, named), and confirms; their upcoming
 * bookings can be moved or cancelled until the type's notice. A time taken meanwhile shows the server's
 * message and the next free times.
 */
export default function BookingsPage() {
  const { t, lang } = useI18n();
  const { portalId, branding } = useSignedIn();
  usePageTitle(t('nav.bookings'), branding?.name);
  const zone = useMemo(clientZone, []);
  const types = useBookingTypes(portalId);
  const mine = useMyBookings(portalId);
  const projects = useProjects(portalId);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const [from] = useState(() => new Date(Math.ceil(Date.now() / 60_000) * 60_000).toISOString());
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [projectId, setProjectId] = useState('');
  const [note, setNote] = useState('');
  const [offered, setOffered] = useState<{ message: string; slots: Slot[] } | null>(null);
  const items = types.data?.items ?? [];
  const activeType = moving?.bookingTypeId ?? typeId ?? (items.length === 1 ? (items[0]?.id ?? null) : null);
  const type = items.find((i) => i.id === activeType) ?? null;
  const slots = useSlots(portalId, activeType, from, zone);
  useFirstContentMark(types.data !== undefined || types.error !== null);

  const reset = () => {
    setChosen(null);
    setOffered(null);
    setNote('');
    setMoving(null);
  };
  const refused = (error: Error) => {
    if (error instanceof SlotRefused) {
      setOffered({ message: error.message, slots: error.nextSlots });
      setChosen(null);
      void slots.refetch();
    } else toast.error(error.message);
  };
  const book = useAction(
    (startsAt: string) =>
      moving
        ? rescheduleBooking(portalId, moving.id, { startsAt, timeZone: zone }, t('errors.network'))
        : createBooking(
            portalId,
            {
              bookingTypeId: activeType ?? '',
              startsAt,
              timeZone: zone,
              projectId: projectId || null,
              note: note.trim() || null,
            },
            t('errors.network'),
          ),
    {
      onSuccess: (booking) => {
        toast.success(moving ? t('bookings.moved') : t('bookings.booked'));
        if (!moving) frameHooks.bookingCreated?.(booking.id, booking.startsAt);
        reset();
      },
      onError: refused,
    },
  );

  const chooseType = (id: string) => {
    setTypeId(id);
    setDay(null);
    setChosen(null);
    setOffered(null);
  };
  const choose = (startsAt: string) => {
    setChosen(startsAt);
    setDay(dayIn(startsAt, zone));
  };

  return (
    <>
      <PageHeader
        title={t('bookings.title')}
        description={t('bookings.subtitle', { zone: zone.replaceAll('_', ' ') })}
      />
      {mine.data ? (
        <MyBookings
          bookings={mine.data.items}
          zone={zone}
          onReschedule={(b) => {
            reset();
            setMoving(b);
            setDay(null);
          }}
        />
      ) : null}
      {types.error ? (
        <LoadFailed message={types.error.message} onRetry={() => void types.refetch()} />
      ) : !types.data ? (
        <LoadingRows />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState icon={CalendarPlus} title={t('bookings.empty')} body={t('bookings.emptyBody')} />
        </Card>
      ) : (
        <Card className="grid gap-6 p-4 sm:p-6">
          {moving ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-primary-soft p-3 text-sm">
              <span>
                {t('bookings.moving', {
                  title: moving.title,
                  when: `${dayLabel(moving.startsAt, zone, lang)}, ${timeIn(moving.startsAt, zone, lang)}`,
                })}
              </span>
              <Button variant="secondary" size="sm" onClick={reset}>
                {t('bookings.stopMoving')}
              </Button>
            </div>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t('bookings.type')}</legend>
              <div className="grid gap-2 md:grid-cols-2">
                {items.map((item) => {
                  const selected = item.id === activeType;
                  return (
                    <button
                      key={item.id}
                      type="button"
                      aria-pressed={selected}
                      onClick={() => chooseType(item.id)}
                      className={cn(
                        'grid gap-1 rounded-lg border p-3 text-left focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none',
                        selected
                          ? 'border-primary bg-primary-soft'
                          : 'border-line bg-canvas hover:border-primary/40',
                      )}
                    >
                      <span className="font-medium break-words">{item.name}</span>
                      <span className="text-sm text-muted">
                        {t('bookings.duration', { count: item.durationMinutes })} ·{' '}
                        {t(`bookings.location.${item.locationKind}`)}
                      </span>
                      {item.description ? (
                        <span className="text-sm break-words text-muted">{item.description}</span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}
          {!moving && type && (projects.data?.items.length ?? 0) > 0 ? (
            <SelectField
              label={t('bookings.project')}
              name="projectId"
              value={projectId}
              onChange={(e) => setProjectId(e.target.value)}
              options={[
                { value: '', label: t('bookings.noProject') },
                ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
          ) : null}
          {offered ? (
            <div
              role="alert"
              className="grid gap-3 rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm"
            >
              <p>{offered.message}</p>
              {offered.slots.length > 0 ? (
                <div className="flex flex-wrap gap-2">
                  {offered.slots.map((slot) => (
                    <Button
                      key={slot.startsAt}
                      variant="secondary"
                      size="sm"
                      onClick={() => choose(slot.startsAt)}
                    >
                      {dayLabel(slot.startsAt, zone, lang)}, {timeIn(slot.startsAt, zone, lang)}
                    </Button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
          {activeType === null ? null : slots.error ? (
            <LoadFailed message={slots.error.message} onRetry={() => void slots.refetch()} />
          ) : !slots.data ? (
            <LoadingRows rows={2} />
          ) : slots.data.slots.length === 0 ? (
            <p className="text-sm text-muted">{t('bookings.noSlots')}</p>
          ) : (
            <SlotPicker
              slots={slots.data.slots}
              zone={zone}
              day={day}
              onDay={(d) => {
                setDay(d);
                setChosen(null);
              }}
              chosen={chosen}
              onChoose={choose}
            />
          )}
          {chosen && (type || moving) ? (
            <div className="grid gap-3 border-t border-line pt-4">
              <p className="font-medium">
                {t('bookings.summary', {
                  title: moving?.title ?? type?.name ?? '',
                  when: `${dayLabel(chosen, zone, lang)}, ${timeIn(chosen, zone, lang)}`,
                  zone: zone.replaceAll('_', ' '),
                })}
              </p>
              {moving ? null : (
                <TextareaField
                  label={t('bookings.note')}
                  name="note"
                  value={note}
                  maxLength={2000}
                  rows={3}
                  onChange={(e) => setNote(e.target.value)}
                />
              )}
              <div>
                <Button loading={book.isPending} onClick={() => book.mutate(chosen)}>
                  {moving ? t('bookings.confirmMove') : t('bookings.confirm')}
                </Button>
              </div>
            </div>
          ) : null}
        </Card>
      )}
    </>
  );
}
