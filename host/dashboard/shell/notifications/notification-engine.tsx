import { useDashboardOutbox } from '../../../../shared/conversation/query';
import { useAuth } from '../../../auth/auth-provider';
import { useNotifications } from './use-notifications';

/**
 * The dashboard's background work: the notification hook (polling, arrivals, toasts) and the outbox of
 * unsent messages. Its chunk loads when the browser is idle after the dashboard's first screen (or on the
 * bell's first hover, focus or click); the first screen carries only the bell and its count (first-load
 * budget). `since`: the newest feed position when the dashboard loaded (the bell's first count), so what
 * arrived between the load and this chunk is toasted too.
 */
export function NotificationEngine({ since }: { since: number | undefined }) {
  useNotifications(since);
  // Messages kept unsent from an earlier page go out now, not only once a conversation is opened.
  const auth = useAuth();
  useDashboardOutbox(auth.status === 'signedIn' ? auth.user.id : undefined);
  return null;
}
