import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { callApi } from '../../../../shared/api/call';
import { api } from '../../../../shared/api/client';
import type { ActivityItem, NotificationList, UnreadCount } from '../../../../shared/contracts/activity';
import { notificationKeys } from '../../../../shared/conversation/query-keys';
import { useTranslation } from '../../../../shared/i18n/react';
import { NotificationSheet } from '../../../../shared/notifications/notification-sheet';
import { PROVIDER_EARLIER_LIMIT } from '../../../../shared/notifications/rules';
import type { NotificationTranslate } from '../../../../shared/notifications/texts';
import { useNavigate } from '../../../../shared/router';
import { useCachedQuery } from '../../../lib/use-cached-query';
import { notificationTarget } from './notification-target';
import { fetchNotifications, refreshNotifications } from './use-notifications';

/**
 * The provider's notification sheet (its own chunk): the newest 50, 'Earlier' capped at 10 (spec §9), a
 * click navigates by type and closes the sheet, 'Mark all read' (spec §7: then the list and the count are
 * read again; a failure is only logged, spec §8).
 */
export default function NotificationPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const list = useCachedQuery(notificationKeys.list, fetchNotifications);
  const [marking, setMarking] = useState(false);
  const translate = useCallback<NotificationTranslate>((key) => t(`notifications:${key}`), [t]);

  async function markAllRead() {
    setMarking(true);
    try {
      await callApi(api.POST('/api/notifications/read', { body: {} }));
      client.setQueryData<NotificationList>(notificationKeys.list, (current) =>
        current
          ? { ...current, items: current.items.map((item) => ({ ...item, read: true })), unreadCount: 0 }
          : current,
      );
      client.setQueryData<UnreadCount>(notificationKeys.unreadCount, (current) => ({
        latestSeq: 0,
        ...current,
        count: 0,
      }));
      await refreshNotifications(client);
    } catch (error) {
      console.warn('Could not mark the notifications read', error);
    } finally {
      setMarking(false);
    }
  }

  function select(item: ActivityItem) {
    onOpenChange(false);
    navigate(notificationTarget(item));
  }

  return (
    <NotificationSheet
      open={open}
      onOpenChange={onOpenChange}
      items={list.data?.items}
      loadFailed={list.error !== null}
      onRetry={list.refetch}
      onSelect={select}
      onMarkAllRead={() => void markAllRead()}
      markingAllRead={marking}
      earlierLimit={PROVIDER_EARLIER_LIMIT}
      t={translate}
      lang={i18n.resolvedLanguage ?? 'en'}
    />
  );
}
