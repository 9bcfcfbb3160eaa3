import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/**
 * Chromium driven over the DevTools protocol itself, for timings Playwright would distort: Playwright
 * attaches to every new cross-site frame and holds it (`waitForDebuggerOnStart`) until its own set-up
 * round trips through the Node process are done, which on these machines delayed the widget's frame by
 * tens of milliseconds that no visitor pays. Here nothing is attached to a measured document until its
 * numbers are in; they are read from the document's own performance timeline afterwards.
 *
 * The browser runs with exactly the switches Playwright gives it (read off a Playwright launch), plus two
 * features off: every new window of headless Chromium 156 preloads two omnibox pop-up WebUIs, a renderer
 * that burned ~400 ms of CPU during each measurement on these two cores.
 */

interface Pending {
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/** A page in a fresh browser context (cold caches, no storage), attached (flat session) but not paused. */
export interface RawPage {
  contextId: string;
  targetId: string;
  sessionId: string;
}

export class RawChromium {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** Protocol events (`Tracing.dataCollected`, …) for whoever listens. */
  private onEvent: ((method: string, params: Record<string, unknown>) => void) | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly socket: WebSocket,
    private readonly profile: string,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: Record<string, unknown>;
        error?: { message: string };
      };
      if (message.method) this.onEvent?.(message.method, message.params ?? {});
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`CDP: ${message.error.message}`));
      else waiting.resolve(message.result ?? {});
    });
  }

  /** Starts Chromium (headless, Playwright's switches) and connects to its DevTools endpoint. */
  static async launch(): Promise<RawChromium> {
    const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
    const child = spawn(
      CHROMIUM_PATH,
      [...(await playwrightSwitches()), '--remote-debugging-port=0', `--user-data-dir=${profile}`],
      { stdio: 'ignore', detached: true },
    );
    const portFile = join(profile, 'DevToolsActivePort');
    for (let i = 0; i < 300 && !existsSync(portFile); i++) await new Promise((r) => setTimeout(r, 50));
    const [port, path] = existsSync(portFile) ? readFileSync(portFile, 'utf8').split('\n') : [];
    if (!port || !path) throw new Error('bench: Chromium did not open its DevTools port');
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RawChromium(child, socket, profile);
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** A new tab in a new browser context, at about:blank, with a session to drive it. */
  async newPage(): Promise<RawPage> {
    const { browserContextId } = (await this.send('Target.createBrowserContext')) as {
      browserContextId: string;
    };
    const { targetId } = (await this.send('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    })) as { targetId: string };
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    return { contextId: browserContextId, targetId, sessionId };
  }

  /** Closes the page's browser context (its pages, caches and storage). */
  async dispose(page: RawPage): Promise<void> {
    await this.send('Target.disposeBrowserContext', { browserContextId: page.contextId });
  }

  navigate(sessionId: string, url: string): Promise<unknown> {
    return this.send('Page.navigate', { url }, sessionId);
  }

  /** The value of an expression in the session's document (JSON-serialisable results only). */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const { result, exceptionDetails } = (await this.send(
      'Runtime.evaluate',
      { expression, returnByValue: true },
      sessionId,
    )) as { result?: { value?: T }; exceptionDetails?: { text: string } };
    if (exceptionDetails) throw new Error(`bench: ${expression} threw ${exceptionDetails.text}`);
    return result?.value as T;
  }

  /**
   * Polls an expression until it is neither undefined nor null, every 100 ms: each poll runs in the page,
   * and the numbers are read afterwards, so polling often would only disturb what is measured.
   */
  async poll<T>(sessionId: string, expression: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const value = await this.evaluate<T | null | undefined>(sessionId, expression);
      if (value !== undefined && value !== null) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`bench: ${expression} never came`);
  }

  /** Attaches to a page's cross-site frame (its own target) whose URL starts with `prefix`. */
  async attachFrame(page: RawPage, prefix: string): Promise<string> {
    const { targetInfos } = (await this.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string; browserContextId?: string }[];
    };
    const frame = targetInfos.find(
      (t) => t.type === 'iframe' && t.browserContextId === page.contextId && t.url.startsWith(prefix),
    );
    if (!frame) throw new Error(`bench: no frame at ${prefix}`);
    const { sessionId } = (await this.send('Target.attachToTarget', {
      targetId: frame.targetId,
      flatten: true,
    })) as { sessionId: string };
    return sessionId;
  }

  /** Runs `work` while the browser records a Chrome trace of every process (the timeline and JS). */
  async trace<T>(work: () => Promise<T>): Promise<{ result: T; events: unknown[] }> {
    const events: unknown[] = [];
    let complete = () => {};
    const completed = new Promise<void>((resolve) => {
      complete = resolve;
    });
    this.onEvent = (method, params) => {
      if (method === 'Tracing.dataCollected') events.push(...(params.value as unknown[]));
      if (method === 'Tracing.tracingComplete') complete();
    };
    await this.send('Tracing.start', {
      categories: process.env.TRACE_CATEGORIES ?? 'devtools.timeline,blink.user_timing,v8.execute,toplevel',
      transferMode: 'ReportEvents',
    });
    try {
      const result = await work();
      await this.send('Tracing.end');
      await completed;
      return { result, events };
    } finally {
      this.onEvent = null;
    }
  }

  async close(): Promise<void> {
    this.socket.close();
    if (this.child.pid && this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      try {
        process.kill(-this.child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/** Features switched off on top of Playwright's (see above). */
const OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The switches Playwright launches this Chromium with (headless, with the project's flags), read from the
 * command line of a browser it starts, minus its pipe and profile (they are set per launch here).
 */
async function playwrightSwitches(): Promise<string[]> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pid = server.process().pid;
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(1);
    return line
      .filter((arg) => arg !== '--remote-debugging-pipe' && !arg.startsWith('--user-data-dir'))
      .map((arg) => (arg.startsWith('--disable-features=') ? `${arg},${OFF.join(',')}` : arg));
  } finally {
    await server.close();
  }
}
