import type { ActivityItem } from '../../../../shared/contracts/activity';
import { frameHooks } from '../../embedded/embed-state';
import { store } from '../data-store';
import { portalKeys } from '../portal-data';

/*
 * Uploads and decisions on the client's files, as the activity feed brings them (the realtime socket, or
 * the notification list's refresh): the files' lists and open files load again, and inside the widget
 * each new status is told to the provider's page as the `file.status_changed` event (`frame-reports.ts`).
 * The client's own decision is told at once (`files-data.ts`); its activity item, arriving after it,
 * then repeats nothing.
 */

/** The status last told to the page, per file (a status is told once until it changes again). */
const told = new Map<string, string>();

/** A file's status as it is now: told to the embedding page when it differs from the last one told. */
export function announceFileStatus(fileId: string, status: string): void {
  if (told.get(fileId) === status) return;
  told.set(fileId, status);
  frameHooks.fileStatusChanged?.(fileId, status);
}

export const isFileActivity = (item: ActivityItem) =>
  item.type === 'file_upload' || item.type === 'file_approval';

/** New activity items of this visit: those about files reload the files and announce their statuses. */
export function fileActivityArrived(portalId: string, items: readonly ActivityItem[]): void {
  const about = items.filter(isFileActivity).sort((a, b) => a.seq - b.seq);
  if (about.length === 0) return;
  store.invalidate(portalKeys.files(portalId));
  for (const item of about) {
    if (item.file) announceFileStatus(item.file.id, item.file.status);
  }
}
