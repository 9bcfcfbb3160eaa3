import type { ActivityItem, ActivityType } from '../contracts/activity';

/**
 * The notification sheet's rules (spec §2, §7, §9), the same for both audiences: the badge, the New and
 * Earlier groups, where an entry leads, and which new entries raise a toast.
 */

/** Spec §9: 'Earlier' shows 10 for the provider. */
export const PROVIDER_EARLIER_LIMIT = 10;
/** Spec §9: unread count refetched every 30 s. */
export const UNREAD_REFETCH_MS = 30_000;
/** Spec §9: toasts stay 4 s. */
export const NOTIFICATION_TOAST_MS = 4_000;

// The badge is its own module: the bell on the first screen needs nothing else from here.
export { badgeText } from './badge';

/** 'New' holds the unread entries, 'Earlier' the read ones, at most `earlierLimit` (newest first both). */
export function groupNotifications(
  items: readonly ActivityItem[],
  earlierLimit?: number,
): { fresh: ActivityItem[]; earlier: ActivityItem[] } {
  const fresh = items.filter((item) => !item.read);
  const read = items.filter((item) => item.read);
  return { fresh, earlier: earlierLimit === undefined ? read : read.slice(0, earlierLimit) };
}

export type NotificationSection = 'messages' | 'files' | 'invoices' | 'calendar' | 'projects';

/** Spec §2: message → messages; file_upload, file_approval → files; invoice_* → invoices; booking_* → calendar (issue 30); else projects. */
export function notificationSection(type: ActivityType | string): NotificationSection {
  switch (type) {
    case 'message':
      return 'messages';
    case 'file_upload':
    case 'file_approval':
      return 'files';
    case 'invoice_created':
    case 'invoice_status':
    case 'quote_status':
      return 'invoices';
    case 'booking_created':
    case 'booking_rescheduled':
    case 'booking_cancelled':
      return 'calendar';
    default:
      return 'projects';
  }
}

/**
 * Spec §7: a new entry raises a toast unless the viewer's side has already read it, or it is a message the
 * viewer's side wrote itself.
 */
export function shouldToast(item: ActivityItem, viewer: 'provider' | 'client'): boolean {
  if (item.read) return false;
  return !(item.type === 'message' && item.senderType === viewer);
}

/**
 * The entries that arrived after the newest one already seen (by feed position), oldest first; none on the
 * first look (`lastSeenSeq` null), which only sets the mark.
 */
export function arrivedSince(items: readonly ActivityItem[], lastSeenSeq: number | null): ActivityItem[] {
  if (lastSeenSeq === null) return [];
  return items.filter((item) => item.seq > lastSeenSeq).sort((a, b) => a.seq - b.seq);
}

/** The newest feed position in `items`, or `fallback` when there are none. */
export function newestSeq(items: readonly ActivityItem[], fallback: number): number {
  return items.reduce((max, item) => Math.max(max, item.seq), fallback);
}
