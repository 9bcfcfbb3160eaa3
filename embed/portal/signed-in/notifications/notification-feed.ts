import type { ActivityItem } from '../../../../shared/contracts/activity';
import { notificationSection, shouldToast } from '../../../../shared/notifications/rules';

/*
 * The portal's side of the notification rules (spec §2, §7, §9; the rules both audiences share are in
 * `shared/notifications/rules.ts`): where a click leads in the portal, what gets a toast for a client,
 * and which items of a refetched list are new to this visit.
 */

export {
  badgeText,
  NOTIFICATION_TOAST_MS as TOAST_MS,
  UNREAD_REFETCH_MS as UNREAD_REFRESH_MS,
} from '../../../../shared/notifications/rules';

/** Spec §9: the sheet lists the newest 50 (the contract's NOTIFICATIONS_FETCHED; not imported, it brings zod). */
export const FETCHED = 50;

/** Spec §7 for the client: a toast unless already read by the client, or a message the client wrote. */
export const clientShouldToast = (item: ActivityItem) => shouldToast(item, 'client');

export interface NotificationPaths {
  messages: (projectId: string) => string;
  files: string;
  invoices: string;
  project: (projectId: string) => string;
  /** One file's page (an item that names its file). */
  file: (fileId: string) => string;
  /** One invoice's page (an item that names its invoice). */
  invoice: (invoiceId: string) => string;
  /** The booking page (issue 30). */
  bookings: string;
}

/**
 * Where a click on an item leads in the portal (spec §2): a message to Messages (its project's
 * conversation open), file_upload and file_approval to Files (the item's file open), invoice_created and invoice_status to
 * Invoices (the item's invoice open), a booking to the booking page, anything else to Projects (the item's project).
 */
export function notificationTarget(item: ActivityItem, paths: NotificationPaths): string {
  switch (notificationSection(item.type)) {
    case 'messages':
      return item.project ? paths.messages(item.project.id) : paths.invoices;
    case 'files':
      return item.file ? paths.file(item.file.id) : paths.files;
    case 'invoices':
      return item.invoice ? paths.invoice(item.invoice.id) : paths.invoices;
    case 'calendar':
      return paths.bookings;
    case 'projects':
      // Every project row names its project; a row without one is an invoice's.
      return item.project ? paths.project(item.project.id) : paths.invoices;
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
