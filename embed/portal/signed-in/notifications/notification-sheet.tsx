import type { ActivityItem } from '../../../../shared/contracts/activity';
import { NotificationSheet as SharedSheet } from '../../../../shared/notifications/notification-sheet';
import type { NotificationTranslate } from '../../../../shared/notifications/texts';
import { useI18n } from '../../i18n/i18n-context';
import { navigate } from '../../navigation/history';
import { useSignedIn } from '../signed-in-context';
import { type NotificationPaths, notificationTarget } from './notification-feed';
import { useMarkAllRead, useNotificationList } from './notifications-data';

/**
 * The portal's notification sheet (spec §2, §8, §9): the sheet both audiences share, fed from the
 * portal's data store, in the portal's texts. Every read item stays under 'Earlier' for a client (only
 * the provider's is cut to 10). A click opens the item's portal section and closes the sheet.
 */
export default function NotificationSheet({
  portalId,
  open,
  onOpenChange,
}: {
  portalId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, lang } = useI18n();
  const { pathTo, projectPathTo, filePathTo, invoicePathTo } = useSignedIn();
  const list = useNotificationList(portalId);
  const markAll = useMarkAllRead(portalId);
  const paths: NotificationPaths = {
    messages: (projectId) => `${pathTo('messages')}?project=${projectId}`,
    files: pathTo('files'),
    invoices: pathTo('invoices'),
    project: projectPathTo,
    file: filePathTo,
    invoice: invoicePathTo,
    bookings: pathTo('bookings'),
  };
  // A failed load says why: the server's message, or spec §6's 'No authenticated client'.
  const translate: NotificationTranslate = (key) =>
    key === 'loadFailed' && list.error ? list.error.message : t(`notifications.${key}`);
  return (
    <SharedSheet
      open={open}
      onOpenChange={onOpenChange}
      items={list.data?.items}
      loadFailed={list.error !== null && list.data === undefined}
      onRetry={() => void list.refetch()}
      onSelect={(item: ActivityItem) => {
        onOpenChange(false);
        navigate(notificationTarget(item, paths));
      }}
      onMarkAllRead={() => markAll.mutate(undefined)}
      markingAllRead={markAll.isPending}
      t={translate}
      lang={lang}
    />
  );
}
