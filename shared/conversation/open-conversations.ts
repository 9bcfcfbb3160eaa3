/**
 * Which conversations are on screen right now, so the app does not toast a new message of the very
 * conversation the user is reading (Slack and Intercom do not either). `<Conversation>` registers itself
 * while mounted; the dashboard's notification hook asks `isConversationOpen`.
 */
const open = new Map<string, number>();

/** Registers a shown conversation; returns the function that unregisters it. */
export function markConversationOpen(conversationId: string): () => void {
  open.set(conversationId, (open.get(conversationId) ?? 0) + 1);
  return () => {
    const count = (open.get(conversationId) ?? 1) - 1;
    if (count <= 0) open.delete(conversationId);
    else open.set(conversationId, count);
  };
}

/** Whether the conversation is on screen in a visible page. */
export function isConversationOpen(conversationId: string): boolean {
  return open.has(conversationId) && document.visibilityState === 'visible';
}
