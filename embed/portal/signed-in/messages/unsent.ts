import { safeStore } from '../../../../shared/i18n/safe-store';

/*
 * Where the portal keeps a client's unsent messages between page views (the shared outbox's
 * `localOutboxStorage`), per portal and client, so another client never sends them; and the small part
 * of it that the shell and sign-out need without loading the conversation code.
 */

/** The storage key of a client's unsent messages. */
export const unsentKey = (portalId: string, clientId: string) =>
  `portal_message_outbox:${portalId}:${clientId}`;

/** Whether a client left messages unsent on an earlier page (they go out when the outbox starts). */
export const hasUnsent = (portalId: string, clientId: string) =>
  safeStore.get(unsentKey(portalId, clientId)) !== null;

let forgetLoaded: (() => void) | null = null;

/** Registers how to empty the loaded outbox (`portal-conversation.ts`). */
export function onForgetUnsent(forget: (() => void) | null): void {
  forgetLoaded = forget;
}

/** Sign-out: the client's unsent messages leave this browser with them. */
export function forgetUnsent(portalId: string, clientId: string): void {
  forgetLoaded?.();
  safeStore.remove(unsentKey(portalId, clientId));
}
