import type { ActivityItem } from '../../../../shared/contracts/activity';
import { notificationSection } from '../../../../shared/notifications/rules';

/**
 * Where a notification leads in the dashboard (spec §2): a message to its project's conversation, a file
 * upload or decision to that file's page in Files (the list when the row names no file), invoices,
 * anything else to projects.
 */
export function notificationTarget(item: Pick<ActivityItem, 'type' | 'project' | 'file'>): string {
  const section = notificationSection(item.type);
  if (section === 'messages' && item.project) return `/dashboard/messages/${item.project.id}`;
  if (section === 'files' && item.file) return `/dashboard/files/${item.file.id}`;
  return `/dashboard/${section}`;
}
