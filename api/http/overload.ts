import type { Sql } from '../db/client';
import type { AppDeps } from './context';
import { ApiError } from './errors';

/**
 * The concurrency limit in front of the database pool (issue 31, "Overload answered, not collapsed").
 * Every scoped operation (`routes/operation.ts`) holds one pooled connection for its whole handler (its
 * row-level-security transaction, `db/scoped.ts`). At most `OVERLOAD_MAX_CONCURRENT` run at once; up to
 * `OVERLOAD_QUEUE` more wait, each at most `OVERLOAD_MAX_WAIT_MS`, for a slot; anything beyond is
 * answered at once with 429 `overloaded` and `Retry-After`, never left to pile up in postgres.js's
 * unbounded queue (memory flat, no request hanging). A freed slot goes to the longest waiting request, so
 * the service recovers as soon as the load drops. One limit per pool (per process): an instance sheds
 * its own excess; health and static files are not behind it.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];
  private shedSinceLog = 0;
  private lastLog = 0;
  /** Set when the server stops: readiness then answers 503 `shutting_down`. */
  stopping = false;

  constructor(
    readonly max: number,
    readonly queue: number,
    readonly maxWaitMs: number,
    private readonly onShed: (shed: number) => void = () => {},
  ) {}

  /** Running and waiting operations now. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** Every slot taken and the queue full: the next operation is refused at once. */
  get saturated(): boolean {
    return this.active >= this.max && this.waiting.length >= this.queue;
  }

  /**
   * A slot for one operation: resolves with its release (call once, when the connection is back in the
   * pool), or rejects with `ApiError('overloaded')` when the queue is full or the wait is over.
   */
  acquire(): Promise<() => void> {
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queue) return Promise.reject(this.refuse());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(this.refuse());
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the longest waiting operation (`active` stays), else it is free.
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.active--;
    };
  }

  private refuse(): ApiError {
    this.shedSinceLog++;
    const now = Date.now();
    // One line per 10 s under overload, not one per refused request.
    if (now - this.lastLog >= 10_000) {
      this.lastLog = now;
      this.onShed(this.shedSinceLog);
      this.shedSinceLog = 0;
    }
    return new ApiError('overloaded', { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  }
}

/** What a refused request is told to wait: the queue turns over in milliseconds once load drops. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * The defaults: as many at once as the pool has connections (fewer would leave connections idle under
 * load that scoped operations could use); what runs outside a scope (sign-in, health, realtime's
 * loads) queues for a connection in postgres.js as before, behind at most the pool's worth of operations.
 */
export function limitDefaults(poolMax: number): { max: number; queue: number } {
  const max = Math.max(1, poolMax);
  return { max, queue: Math.max(50, max * 8) };
}

/**
 * The default wait for a slot on PostgreSQL: an accepted request waited at most this long, so at 4× the
 * load handled at p99 < 200 ms its p99 stays under a second (`BENCH_ONLY=overload`, 64 clients side by
 * side: accepted p99 895–1,816 ms with 1 s, 652 ms with 500 ms; as many refused).
 */
const MAX_WAIT_MS = 500;

/**
 * The default wait for a slot on the embedded database: its one session runs every operation after the
 * other, so a page's burst of reads queues behind itself; a few seconds of waiting beats a 429 there.
 */
const EMBEDDED_MAX_WAIT_MS = 10_000;

const limits = new WeakMap<Sql, ConcurrencyLimit>();

/** The limit of the deps' pool, made on first use from its config. */
export function concurrencyLimit(deps: Pick<AppDeps, 'sql' | 'config' | 'log'>): ConcurrencyLimit {
  let limit = limits.get(deps.sql);
  if (!limit) {
    const { config, log } = deps;
    const defaults = limitDefaults(config.DATABASE_POOL_MAX);
    limit = new ConcurrencyLimit(
      config.OVERLOAD_MAX_CONCURRENT ?? defaults.max,
      config.OVERLOAD_QUEUE ?? defaults.queue,
      config.OVERLOAD_MAX_WAIT_MS ?? (config.DATABASE_URL ? MAX_WAIT_MS : EMBEDDED_MAX_WAIT_MS),
      (shed) => log.warn({ shed }, 'overloaded: requests refused with 429 (OVERLOAD_MAX_CONCURRENT)'),
    );
    limits.set(deps.sql, limit);
  }
  return limit;
}
