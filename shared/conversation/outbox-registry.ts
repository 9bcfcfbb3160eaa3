/**
 * The app's outboxes by account, outside React and TanStack (this module imports nothing), so the shell can
 * forget them when the account leaves (sign-out) without loading the conversation's code.
 */
type Forgettable = { forget(): void; dispose(): void };

const outboxes = new Map<string, Forgettable>();

let signedInAccount: string | undefined;

/**
 * The shell says whose dashboard this is, so a section (a federated remote, which shares this module with
 * the host) opens the same account's outbox without knowing how the host keeps its session.
 */
export function setOutboxAccount(accountId: string | undefined): void {
  signedInAccount = accountId;
}

/** The account the shell announced (`setOutboxAccount`), if any. */
export function outboxAccount(): string | undefined {
  return signedInAccount;
}

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
  signedInAccount = undefined;
  for (const outbox of outboxes.values()) {
    outbox.forget();
    outbox.dispose();
  }
  outboxes.clear();
}
