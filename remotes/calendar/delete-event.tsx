import { useState } from 'react';
import type { CalendarEntry, CalendarEvent } from '../../shared/contracts/calendar';
import { Button } from '../../shared/ui/button';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { Dialog } from '../../shared/ui/dialog';
import { useKitTexts } from '../../shared/ui/kit-texts';
import { toast } from '../../shared/ui/toaster';
import { useEventMutations } from './api';
import { useCalendarTexts } from './i18n';

/**
 * Deleting an event: a single one with the kit's confirmation; one occurrence of a recurring event asks
 * whether only that occurrence (it becomes an exception of the series), it and the following ones (the
 * series ends before it) or the whole series goes.
 */
export function DeleteEvent({
  event,
  occurrence,
  onDone,
  onCancel,
}: {
  event: CalendarEvent;
  occurrence: CalendarEntry | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useCalendarTexts();
  const kit = useKitTexts();
  const { remove } = useEventMutations();
  const [busy, setBusy] = useState<'occurrence' | 'following' | 'series' | null>(null);
  if (!event.rrule || !occurrence?.startsAt) {
    return (
      <DeleteDialog
        t={t}
        name={event.title}
        open
        onOpenChange={(open) => !open && onCancel()}
        remove={() => remove.mutateAsync({ eventId: event.id })}
        onDeleted={onDone}
      />
    );
  }
  const startsAt = occurrence.startsAt;
  async function run(scope: 'occurrence' | 'following' | 'series') {
    setBusy(scope);
    try {
      await remove.mutateAsync({
        eventId: event.id,
        ...(scope === 'series' ? {} : { occurrence: startsAt }),
        ...(scope === 'following' ? { following: true } : {}),
      });
      toast.success(t('toast.deleted'));
      onDone();
    } catch (error) {
      toast.error(
        t('toast.deleteFailed'),
        error instanceof Error ? { description: error.message } : undefined,
      );
    } finally {
      setBusy(null);
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('delete.title', { name: event.title })}
      description={t('delete.recurringBody')}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {kit('cancel')}
        </Button>
        <Button variant="danger" loading={busy === 'occurrence'} onClick={() => void run('occurrence')}>
          {t('delete.occurrence')}
        </Button>
        <Button variant="danger" loading={busy === 'following'} onClick={() => void run('following')}>
          {t('delete.following')}
        </Button>
        <Button variant="danger" loading={busy === 'series'} onClick={() => void run('series')}>
          {t('delete.series')}
        </Button>
      </div>
    </Dialog>
  );
}
