import type { NotificationList } from '../../../../shared/contracts/activity';
import type { RealtimeEvent } from '../../../../shared/realtime/client';
import { store } from '../data-store';
import { receiveMessage } from '../messages/portal-conversation';
import { receiveActivity } from '../notifications/notifications-data';
import { portalKeys } from '../portal-data';

/*
 * What a realtime event does to the portal's data store (shared/realtime/CONTEXT.md): an activity item
 * goes into the sheet, the badge and its toast rules (`receiveActivity`); its message into the open
 * conversation and, inside the widget, the page's `message.received` (`receiveMessage`); a project change
 * or deletion loads the project and its lists again.
 */
export function applyRealtimeEvent(portalId: string, event: RealtimeEvent): void {
  if (event.type === 'project_deleted') {
    store.invalidate(portalKeys.project(portalId, event.projectId));
    for (const key of [
      portalKeys.projects(portalId),
      portalKeys.dashboard(portalId),
      portalKeys.conversations(portalId),
    ]) {
      store.invalidate(key);
    }
    return;
  }
  if (event.message) receiveMessage(portalId, event.message);
  receiveActivity(portalId, event.item, { messageKnown: event.message !== undefined });
}

/** Where a new socket starts: after the newest item the sheet already holds, if it holds any. */
export function newestLoadedSeq(portalId: string): number | undefined {
  return store.state<NotificationList>(portalKeys.notifications(portalId)).data?.items[0]?.seq;
}
