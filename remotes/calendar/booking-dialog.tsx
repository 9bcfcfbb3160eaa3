import type { CalendarEntry } from '../../shared/contracts/calendar';
import { formatDateTime } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import { DetailItem } from '../../shared/ui/card';
import { Dialog } from '../../shared/ui/dialog';
import { timeOf } from './dates';
import { useCalendarTexts } from './i18n';

/** A booking on the calendar: who booked it, when, where, and whether it was cancelled. */
export function BookingDialog({ entry, onClose }: { entry: CalendarEntry; onClose: () => void }) {
  const { t, lang } = useCalendarTexts();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={entry.title}
      description={t('booking.description')}
    >
      <dl className="grid gap-3 text-sm">
        <DetailItem label={t('booking.client')}>
          {entry.clientId ? (
            <Link to={`/dashboard/clients/${entry.clientId}`}>{entry.clientName}</Link>
          ) : (
            entry.clientName
          )}
        </DetailItem>
        <DetailItem label={t('booking.time')}>
          {entry.startsAt && entry.endsAt
            ? `${formatDateTime(entry.startsAt, lang)} – ${timeOf(entry.endsAt)}`
            : ''}
        </DetailItem>
        <DetailItem label={t('booking.status')}>{t(`booking.${entry.status ?? 'confirmed'}`)}</DetailItem>
        {entry.projectId ? (
          <DetailItem label={t('form.project')}>
            <Link to={`/dashboard/projects/${entry.projectId}`}>{entry.projectName}</Link>
          </DetailItem>
        ) : null}
        {entry.videoUrl ? (
          <DetailItem label={t('form.videoUrl')}>
            <a
              href={entry.videoUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="break-all text-primary underline"
            >
              {entry.videoUrl}
            </a>
          </DetailItem>
        ) : null}
        {entry.location ? <DetailItem label={t('form.location')}>{entry.location}</DetailItem> : null}
      </dl>
      <div className="flex justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          {t('booking.close')}
        </button>
      </div>
    </Dialog>
  );
}
