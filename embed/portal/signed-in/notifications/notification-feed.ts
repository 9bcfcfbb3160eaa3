import type { ActivityItem } from '../../../../shared/contracts/activity';

/*
 * The notification sheet's rules (spec §2, §7, §8, §9), apart from React and the network so they can be
 * tested as they are: what gets a toast, what the badge says, how the sheet groups its items, where a
 * click leads, and which items of a refetched list are new.
 */

/** Spec §9: a toast stays 4 s. */
export const TOAST_MS = 4000;
/** Spec §9: the sheet lists the newest 50 (the contract's NOTIFICATIONS_FETCHED; not imported, it brings zod). */
export const FETCHED = 50;
/** Spec §9: the unread count is refetched every 30 s. */
export const UNREAD_REFRESH_MS = 30_000;

/**
 * Spec §7: a new item gets a toast (its title and description) unless the client has read it already or
 * it is a message the client wrote (`sender_type` client).
 */
export function shouldToast(item: ActivityItem): boolean {
  return !item.read && !(item.type === 'message' && item.senderType === 'client');
}

/** The bell's badge (spec §9: '99+' above 99); null when there is nothing unread. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** Spec §2: 'New' holds the unread items, 'Earlier' the read ones (all of them for a client). */
export function groupNotifications(items: readonly ActivityItem[]): {
  fresh: ActivityItem[];
  earlier: ActivityItem[];
} {
  return { fresh: items.filter((item) => !item.read), earlier: items.filter((item) => item.read) };
}

export interface NotificationPaths {
  messages: (projectId: string) => string;
  files: string;
  invoices: string;
  project: (projectId: string) => string;
}

/**
 * Where a click on an item leads (spec §2): a message to Messages (its project's conversation open),
 * file_upload and file_approval to Files, invoice_created and invoice_status to Invoices, anything else
 * to Projects (the item's project).
 */
export function notificationTarget(item: ActivityItem, paths: NotificationPaths): string {
  switch (item.type) {
    case 'message':
      return paths.messages(item.project.id);
    case 'file_upload':
    case 'file_approval':
      return paths.files;
    case 'invoice_created':
    case 'invoice_status':
      return paths.invoices;
    default:
      return paths.project(item.project.id);
  }
}

/**
 * Which items the client has already been shown (in a list or live), so that only items that are really
 * new get a toast: the first list is what was there before this visit, and never announced.
 */
export class SeenItems {
  private readonly seen = new Set<string>();
  private primed = false;

  /** The items of a fetched list that were not seen before (none from the first list). */
  takeNew(items: readonly ActivityItem[]): ActivityItem[] {
    const fresh = this.primed ? items.filter((item) => !this.seen.has(item.id)) : [];
    for (const item of items) this.seen.add(item.id);
    this.primed = true;
    return fresh;
  }

  /** One live item: true when it is new (seen neither in a list nor live before). */
  add(item: ActivityItem): boolean {
    if (this.seen.has(item.id)) return false;
    this.seen.add(item.id);
    return true;
  }
}
