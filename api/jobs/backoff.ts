/**
 * Delay before retrying after the `attempt`-th failure: `baseMs`, doubled for each earlier failure, capped
 * at `maxMs`, spread by ±25 % so that jobs that failed together (a provider's outage) do not all come back
 * in the same instant.
 * @example retryDelayMs(3, { baseMs: 10_000, maxMs: 3_600_000 }) // about 40 s
 */
export function retryDelayMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponential = opts.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  const jittered = exponential * (0.75 + random() * 0.5);
  return Math.round(Math.min(jittered, opts.maxMs));
}
