import type { ActivityItem } from '../../../../shared/contracts/activity';
import type { Message } from '../../../../shared/contracts/messages';
import { call } from '../../api/portal-api';
import { frameHooks } from '../../embedded/embed-state';
import { store } from '../data-store';
import { portalKeys } from '../portal-data';

/*
 * New messages from the provider, noticed through the notification feed (each message writes one
 * activity item, spec §3): the open conversations load again, and inside the widget each message is
 * announced to the provider's page as the widget's `message.received` event. Until the realtime socket
 * is wired, the feed notices them by its 30-second refresh; the socket's message events go through
 * `messageArrived` directly.
 */

/** Messages already announced to the page (a message is announced once). */
const announced = new Set<string>();

/** One message from the provider arrived: announced to the embedding page once (widget only). */
export function messageArrived(message: Pick<Message, 'id' | 'projectId' | 'mine'>): void {
  if (message.mine || announced.has(message.id)) return;
  announced.add(message.id);
  frameHooks.messageReceived?.(message.projectId, message.id);
}

/**
 * Activity items of new provider messages: their conversations load again, and inside the widget the
 * messages themselves are read (the newest of each project, as many as there are new items) to tell the
 * page which ones arrived.
 */
export function providerMessagesArrived(portalId: string, items: readonly ActivityItem[]): void {
  const perProject = new Map<string, number>();
  for (const item of items) {
    if (item.project) perProject.set(item.project.id, (perProject.get(item.project.id) ?? 0) + 1);
  }
  for (const [projectId, count] of perProject) {
    store.invalidate(portalKeys.messages(portalId, projectId));
    if (!frameHooks.messageReceived) continue;
    void call(
      (api) =>
        api.GET('/api/portal/{portalId}/projects/{projectId}/messages', {
          params: { path: { portalId, projectId }, query: { limit: Math.min(100, Math.max(count, 30)) } },
        }),
      '',
    ).then(
      (page) => {
        const theirs = page.items.filter((m): m is NonNullable<typeof m> => m !== null && !m.mine);
        for (const message of theirs.slice(-count)) messageArrived(message);
      },
      () => {}, // the page learns of it with the next message; nothing to show the client here
    );
  }
}
