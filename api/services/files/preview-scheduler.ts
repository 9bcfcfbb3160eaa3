import { PreviewTaskError } from './preview-child';

/*
 * Who gets the preview processes next. Two lanes, each with a queue per account (the provider whose file
 * it is) served in turn (the account that started a task longest ago goes first):
 * - `job`: the preview job of an upload or new version (page 1 and the thumbnail). Never refused: the job
 *   worker decides how many wait (`process-file-version.ts` defers a job whose account already has
 *   `JOB_WAITING_PER_ACCOUNT` waiting, so one account's batch cannot fill the worker).
 * - `view`: a page rendered on demand, a "download with feedback". Refused (`busy`: 503 with Retry-After)
 *   past `VIEW_WAITING_PER_ACCOUNT` waiting for one account or `VIEW_WAITING_MAX` in all.
 * An account runs at most `perAccount` tasks at once, whatever the lane, so one account's thirty fresh
 * pages take its share and leave the rest to others. When a slot frees, a lane with work below its half
 * of the slots goes first, else the lanes alternate: page views never starve preview jobs, nor the other
 * way round. One scheduler per process (each instance has its own processes).
 */

export type Lane = 'job' | 'view';

export interface SchedulerOptions {
  /** Tasks at once (the preview processes). */
  slots: number;
  /** Tasks at once for one account. */
  perAccount: number;
  /** Page views waiting for one account, and in all, before more are refused. */
  viewWaitingPerAccount: number;
  viewWaitingMax: number;
}

/** What happened, for tests and logs: a task started or ended, in which lane, for whom. */
export interface SchedulerEvent {
  type: 'start' | 'end';
  lane: Lane;
  account: string;
}

interface Waiter {
  start(): void;
  account: string;
}

export class PreviewScheduler {
  private readonly running: Record<Lane, number> = { job: 0, view: 0 };
  private readonly byAccount = new Map<string, number>();
  /** Per lane: account → its waiting tasks, in the order the accounts take turns. */
  private readonly waiting: Record<Lane, Map<string, Waiter[]>> = { job: new Map(), view: new Map() };
  /** Per lane: when each account last started a task (kept while it has tasks waiting or running). */
  private readonly lastStart: Record<Lane, Map<string, number>> = { job: new Map(), view: new Map() };
  private turn = 0;
  private lastLane: Lane = 'view';
  /** Called on every start and end (tests count and order them). */
  observe?: (event: SchedulerEvent) => void;

  constructor(readonly options: SchedulerOptions) {}

  /** Tasks of `lane` waiting, for `account` or in all. */
  waitingCount(lane: Lane, account?: string): number {
    if (account !== undefined) return this.waiting[lane].get(account)?.length ?? 0;
    let n = 0;
    for (const list of this.waiting[lane].values()) n += list.length;
    return n;
  }

  /** Tasks running for `account` (any lane). */
  runningFor(account: string): number {
    return this.byAccount.get(account) ?? 0;
  }

  /**
   * Runs `fn` when its turn comes.
   * @throws PreviewTaskError('busy') for a page view past the waiting limits; the signal's reason when it
   *   aborts while waiting
   */
  async run<T>(lane: Lane, account: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (lane === 'view') {
      const { viewWaitingPerAccount, viewWaitingMax } = this.options;
      if (
        this.waitingCount('view', account) >= viewWaitingPerAccount ||
        this.waitingCount('view') >= viewWaitingMax
      )
        throw new PreviewTaskError('busy', 'too many pages waiting to be rendered');
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { account, start: resolve };
      const queue = this.waiting[lane];
      const list = queue.get(account);
      if (list) list.push(waiter);
      else queue.set(account, [waiter]);
      if (signal) {
        const onAbort = () => {
          if (this.remove(lane, waiter)) reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiter.start = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
      }
      this.pump();
    });
    try {
      return await fn();
    } finally {
      this.running[lane]--;
      const left = (this.byAccount.get(account) ?? 1) - 1;
      if (left > 0) this.byAccount.set(account, left);
      else this.byAccount.delete(account);
      if (left <= 0 && !this.waiting[lane].has(account)) this.lastStart[lane].delete(account);
      this.observe?.({ type: 'end', lane, account });
      this.pump();
    }
  }

  private remove(lane: Lane, waiter: Waiter): boolean {
    const list = this.waiting[lane].get(waiter.account);
    const at = list?.indexOf(waiter) ?? -1;
    if (!list || at < 0) return false;
    list.splice(at, 1);
    if (list.length === 0) {
      this.waiting[lane].delete(waiter.account);
      if (this.runningFor(waiter.account) === 0) this.lastStart[lane].delete(waiter.account);
    }
    return true;
  }

  /**
   * Whose turn it is in `lane`: of the accounts with a task waiting and room under their cap, the one
   * that started a task longest ago (or never), the earliest to arrive on a tie.
   */
  private nextIn(lane: Lane): string | undefined {
    let best: string | undefined;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const [account, list] of this.waiting[lane]) {
      if (list.length === 0 || this.runningFor(account) >= this.options.perAccount) continue;
      const at = this.lastStart[lane].get(account) ?? -1;
      if (at < bestAt) {
        best = account;
        bestAt = at;
      }
    }
    return best;
  }

  /** Starts waiting tasks while slots are free. */
  private pump() {
    const { slots } = this.options;
    while (this.running.job + this.running.view < slots) {
      const candidates = (['job', 'view'] as const).flatMap((lane) => {
        const account = this.nextIn(lane);
        return account === undefined ? [] : [{ lane, account }];
      });
      if (candidates.length === 0) return;
      const half = slots / 2;
      const pick =
        candidates.length === 1
          ? candidates[0]
          : (candidates.find((c) => this.running[c.lane] < half && this.running[other(c.lane)] >= half) ??
            candidates.find((c) => c.lane !== this.lastLane));
      if (!pick) return;
      const queue = this.waiting[pick.lane];
      const list = queue.get(pick.account) as Waiter[];
      const waiter = list.shift() as Waiter;
      if (list.length === 0) queue.delete(pick.account);
      this.lastStart[pick.lane].set(pick.account, ++this.turn);
      this.lastLane = pick.lane;
      this.running[pick.lane]++;
      this.byAccount.set(pick.account, this.runningFor(pick.account) + 1);
      this.observe?.({ type: 'start', lane: pick.lane, account: pick.account });
      waiter.start();
    }
  }
}

const other = (lane: Lane): Lane => (lane === 'job' ? 'view' : 'job');
