import { describe, expect, it } from 'vitest';
import { PreviewTaskError } from './preview-child';
import { type Lane, PreviewScheduler, type SchedulerEvent, type SchedulerOptions } from './preview-scheduler';

/** Whose preview task runs next: per-account turns, the cap per account, the two lanes, and the limits. */

const options: SchedulerOptions = { slots: 2, perAccount: 1, viewWaitingPerAccount: 8, viewWaitingMax: 32 };

/** A scheduler whose tasks run until the test lets them end, with every start and end recorded. */
function harness(opts: SchedulerOptions = options) {
  const scheduler = new PreviewScheduler(opts);
  const events: SchedulerEvent[] = [];
  scheduler.observe = (event) => events.push(event);
  const gates: (() => void)[] = [];
  const submit = (lane: Lane, account: string, label = `${lane}:${account}`) =>
    scheduler.run(
      lane,
      account,
      () =>
        new Promise<string>((resolve) => {
          gates.push(() => resolve(label));
        }),
    );
  /** Lets started tasks reach their work (a start resolves a promise; the task runs a tick later). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  /** Ends the oldest running task, and lets the scheduler start the next. */
  const finishOne = async () => {
    const open = gates.shift();
    if (!open) throw new Error('nothing running');
    open();
    await new Promise((resolve) => setImmediate(resolve));
  };
  const starts = () => events.filter((e) => e.type === 'start').map((e) => `${e.lane}:${e.account}`);
  return { scheduler, events, submit, settle, finishOne, starts, running: () => gates.length };
}

describe('preview scheduler', () => {
  it('gives one account one slot at a time, and the other slot to the next account', async () => {
    const h = harness();
    const a = Array.from({ length: 5 }, () => h.submit('view', 'A'));
    const b = h.submit('view', 'B');
    await h.settle();
    expect(h.running()).toBe(2);
    expect(h.starts()).toEqual(['view:A', 'view:B']);
    await h.finishOne();
    await h.finishOne();
    expect(h.starts()).toEqual(['view:A', 'view:B', 'view:A']);
    // A is alone now: still one at a time (the cap holds whatever is free).
    expect(h.running()).toBe(1);
    while (h.running()) await h.finishOne();
    await Promise.all([...a, b]);
    expect(h.starts().filter((s) => s === 'view:A')).toHaveLength(5);
  });

  it('starts another provider’s preview job while one account has thirty pages waiting', async () => {
    const h = harness({ ...options, viewWaitingPerAccount: 64, viewWaitingMax: 64 });
    const pages = Array.from({ length: 30 }, () => h.submit('view', 'A'));
    const job = h.submit('job', 'B');
    await h.settle();
    // A runs one page; B's job takes the other slot at once, ahead of A's 29 waiting pages.
    expect(h.starts()).toEqual(['view:A', 'job:B']);
    while (h.running()) await h.finishOne();
    await expect(job).resolves.toBe('job:B');
    await Promise.all(pages);
  });

  it('alternates the lanes when both wait, so page views never starve preview jobs (nor the other way)', async () => {
    const h = harness({ ...options, perAccount: 2 });
    const work = [
      ...Array.from({ length: 4 }, (_, i) => h.submit('view', `V${i}`)),
      ...Array.from({ length: 4 }, (_, i) => h.submit('job', `J${i}`)),
    ];
    await h.settle();
    while (h.running()) await h.finishOne();
    await Promise.all(work);
    const lanes = h.starts().map((s) => s.split(':')[0]);
    // Two views start before any job is there; from then on, while both lanes wait, they take turns.
    expect(lanes).toEqual(['view', 'view', 'job', 'view', 'job', 'view', 'job', 'job']);
  });

  it('takes accounts in turn within a lane', async () => {
    const h = harness({ ...options, slots: 1 });
    const work = ['A', 'A', 'A', 'B', 'B', 'C'].map((account) => h.submit('job', account));
    await h.settle();
    while (h.running()) await h.finishOne();
    await Promise.all(work);
    expect(h.starts()).toEqual(['job:A', 'job:B', 'job:C', 'job:A', 'job:B', 'job:A']);
  });

  it('refuses page views as busy past the waiting limits, never a preview job', async () => {
    const h = harness({ ...options, viewWaitingPerAccount: 2, viewWaitingMax: 3 });
    const held = [h.submit('view', 'A'), h.submit('view', 'A'), h.submit('view', 'A')];
    const refused = await h.submit('view', 'A').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PreviewTaskError);
    expect((refused as PreviewTaskError).reason).toBe('busy');
    expect((refused as PreviewTaskError).permanent).toBe(false);
    held.push(h.submit('view', 'B'), h.submit('view', 'C'));
    expect(h.scheduler.waitingCount('view')).toBe(3);
    await expect(h.submit('view', 'D')).rejects.toBeInstanceOf(PreviewTaskError);
    const jobs = Array.from({ length: 20 }, () => h.submit('job', 'A'));
    await h.settle();
    expect(h.scheduler.waitingCount('job', 'A')).toBe(20);
    while (h.running()) await h.finishOne();
    await Promise.all([...held, ...jobs]);
  });

  it('drops a waiting task whose signal aborts, and runs the rest', async () => {
    const h = harness({ ...options, slots: 1 });
    const first = h.submit('job', 'A');
    const controller = new AbortController();
    const aborted = h.scheduler.run('job', 'B', async () => 'never', controller.signal);
    const last = h.submit('job', 'C');
    await h.settle();
    controller.abort(new Error('shutting down'));
    await expect(aborted).rejects.toThrow('shutting down');
    expect(h.scheduler.waitingCount('job')).toBe(1);
    while (h.running()) await h.finishOne();
    await Promise.all([first, last]);
    expect(h.starts()).toEqual(['job:A', 'job:C']);
  });
});
