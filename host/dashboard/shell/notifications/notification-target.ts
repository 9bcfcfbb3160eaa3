import type { ActivityItem } from '../../../../shared/contracts/activity';
import { notificationSection } from '../../../../shared/notifications/rules';

/**
 * Where a notification leads in the dashboard (spec §2): a message to its project's conversation, files,
 * invoices, anything else to projects.
 */
export function notificationTarget(item: Pick<ActivityItem, 'type' | 'project'>): string {
  const section = notificationSection(item.type);
  if (section === 'messages') return `/dashboard/messages/${item.project.id}`;
  return `/dashboard/${section}`;
}
