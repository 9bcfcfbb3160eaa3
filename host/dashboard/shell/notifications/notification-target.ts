import type { ActivityItem } from '../../../../shared/contracts/activity';
import { type ActivityPages, remoteOfActivity } from '../../../../shared/remotes';

/**
 * Where a notification leads in the dashboard (spec §2): a message to its project's conversation (the
 * host's messages page); any other row to the registry's section that claims its type
 * (`shared/remotes.ts` `activity`), on the page its `activityPages` name when the row names one (a
 * file upload or decision to that file's page, an invoice created or changed to its page, a quote's
 * decision to the quote), else to the section's list.
 */
export function notificationTarget(
  item: Pick<ActivityItem, 'type' | 'project' | 'file' | 'invoice' | 'quote'>,
): string {
  if (item.type === 'message') {
    return item.project ? `/dashboard/messages/${item.project.id}` : '/dashboard/messages';
  }
  const section = remoteOfActivity(item.type);
  if (!section) return '/dashboard';
  for (const [field, path] of Object.entries(section.activityPages) as [keyof ActivityPages, string][]) {
    const id = item[field]?.id;
    if (id) return `/dashboard/${section.name}/${path}${id}`;
  }
  return `/dashboard/${section.name}`;
}
