import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';

/**
 * The end of every e2e run's output (beside the list reporter): each test that passed only on its retry
 * (`flaky: <file> › <title>`, to be fixed, never left), the ten spec files that took longest (the sum of
 * their tests' runs, retries included, in all projects), the fifteen slowest single runs and the run's
 * wall time with its worker count.
 */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;
  private rootDir = '';
  private workers = 1;
  private readonly started = Date.now();
  private readonly fileTimes = new Map<string, { ms: number; tests: Set<TestCase> }>();
  private readonly testTimes: { name: string; ms: number }[] = [];

  onBegin(config: FullConfig, suite: Suite) {
    this.root = suite;
    this.rootDir = config.rootDir;
    this.workers = config.metadata.actualWorkers ?? config.workers;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = relative(process.cwd(), test.location.file);
    const entry = this.fileTimes.get(file) ?? { ms: 0, tests: new Set<TestCase>() };
    entry.ms += result.duration;
    entry.tests.add(test);
    this.fileTimes.set(file, entry);
    const [, project, ...titles] = test.titlePath();
    this.testTimes.push({
      name: `[${project}] ${file}:${test.location.line} › ${titles.slice(1).join(' › ')}${result.retry ? ' (retry)' : ''}`,
      ms: result.duration,
    });
  }

  onEnd(result: FullResult) {
    const lines = ['', '── e2e summary ──'];
    const tests = this.root?.allTests() ?? [];
    const flaky = tests.filter((t) => t.outcome() === 'flaky');
    for (const test of flaky) {
      const [, project, ...titles] = test.titlePath();
      lines.push(
        `flaky: [${project}] ${relative(this.rootDir, test.location.file)}:${test.location.line} › ${titles.slice(1).join(' › ')}`,
      );
    }
    if (flaky.length === 0) lines.push('flaky: none');
    lines.push('slowest spec files (sum of their tests’ runs):');
    const slowest = [...this.fileTimes.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10);
    for (const [file, { ms, tests: ran }] of slowest) {
      lines.push(`  ${seconds(ms).padStart(7)}  ${file} (${ran.size} test${ran.size === 1 ? '' : 's'})`);
    }
    lines.push('slowest tests:');
    for (const { name, ms } of [...this.testTimes].sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      lines.push(`  ${seconds(ms).padStart(7)}  ${name.length > 150 ? `${name.slice(0, 149)}…` : name}`);
    }
    const total = this.testTimes.reduce((sum, t) => sum + t.ms, 0);
    lines.push(`tests' time: ${seconds(total)} in ${this.testTimes.length} runs`);
    lines.push(`page loads: ${pageLoads()}`);
    lines.push(
      `e2e wall time: ${seconds(Date.now() - this.started)} with ${this.workers} worker${this.workers === 1 ? '' : 's'} (${result.status})`,
    );
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return true;
  }
}

/** The documents the server served to the browser (tests/e2e/server.ts counts them; same path as the config). */
function pageLoads(): string {
  try {
    const file = join(tmpdir(), `e2e-documents-${process.env.E2E_PORT ?? 4317}.json`);
    const { document, iframe } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    return `${document} pages, ${iframe} frames of the platform`;
  } catch {
    return 'not counted';
  }
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}
