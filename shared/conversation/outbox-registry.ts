/**
 * The app's outboxes by account, outside React and TanStack (this module imports nothing), so the shell can
 * forget them when the account leaves (sign-out) without loading the conversation's code.
 */
type Forgettable = { forget(): void; dispose(): void };

const outboxes = new Map<string, Forgettable>();

/** The outbox of `key` (an account), made by `create` the first time. */
export function outboxFor<T extends Forgettable>(key: string, create: () => T): T {
  let outbox = outboxes.get(key) as T | undefined;
  if (!outbox) {
    outbox = create();
    outboxes.set(key, outbox);
  }
  return outbox;
}

/**
 * The account leaves this browser (sign-out, account deletion): its unsent messages and their stored copies
 * are dropped, so nothing of it is sent later or shown to whoever signs in next.
 */
export function forgetOutboxes(): void {
  for (const outbox of outboxes.values()) {
    outbox.forget();
    outbox.dispose();
  }
  outboxes.clear();
}
