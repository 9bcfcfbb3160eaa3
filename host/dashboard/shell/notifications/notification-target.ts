import type { ActivityItem } from '../../../../shared/contracts/activity';
import { remoteOfActivity } from '../../../../shared/remotes';

/**
 * Where a notification leads in the dashboard (spec §2): a message to its project's conversation (the
 * host's messages page); any other row to the registry's section that claims its type
 * (`shared/remotes.ts` `activity`), on the page its `activityPage` field names when the row names one (a
 * file upload or decision to that file's page, an invoice created or changed to its page), else to the
 * section's list.
 */
export function notificationTarget(
  item: Pick<ActivityItem, 'type' | 'project' | 'file' | 'invoice'>,
): string {
  if (item.type === 'message') {
    return item.project ? `/dashboard/messages/${item.project.id}` : '/dashboard/messages';
  }
  const section = remoteOfActivity(item.type);
  if (!section) return '/dashboard';
  const page = section.activityPage ? item[section.activityPage]?.id : undefined;
  return page ? `/dashboard/${section.name}/${page}` : `/dashboard/${section.name}`;
}
