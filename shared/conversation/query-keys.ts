/**
 * The dashboard's TanStack Query keys for messages and notifications, in one place: the Messages page, a
 * project's Messages tab (the projects remote) and the notification sheet read them, and realtime events
 * are fed into the cache under them (`query.ts` has the helpers that do it).
 */
export const messageKeys = {
  all: ['messages'] as const,
  /** GET /api/conversations: every conversation with its newest message and unread count. */
  conversations: ['messages', 'conversations'] as const,
  /** GET /api/projects/{projectId}/messages, as an infinite query (pages newest first). */
  thread: (projectId: string) => ['messages', 'thread', projectId] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /api/notifications: the newest 50 (spec §9) and the unread count. */
  list: ['notifications', 'list'] as const,
  /** GET /api/notifications/unread-count: the bell's badge, refetched every 30 s (spec §7). */
  unreadCount: ['notifications', 'unread-count'] as const,
};
