/** Where the Messages page lives, and a project's conversation in it. */
export const MESSAGES_BASE = '/dashboard/messages';

export function conversationPath(projectId: string): string {
  return `${MESSAGES_BASE}/${projectId}`;
}
