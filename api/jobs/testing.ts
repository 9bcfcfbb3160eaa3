import { createLogger } from '../http/logger';
import type { TestContext } from '../testing/harness';
import type { TaskContext } from './task';

/** What a task's `run` gets, for calling it directly in a test (first attempt, silent log, never aborted). */
export function taskContext(t: TestContext): TaskContext {
  return {
    deps: t.deps,
    jobId: '0',
    attempt: 1,
    maxAttempts: 3,
    log: createLogger('silent'),
    signal: new AbortController().signal,
  };
}
