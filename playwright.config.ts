import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './tests/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4317);
/** The local DNS stand-in's UDP port (tests/e2e/portals.spec.ts starts it; the server asks it). */
const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5399);
export const BASE_URL = `http://localhost:${PORT}`;
/** The Stripe stand-in the server starts (tests/e2e/server.ts); specs open accounts on it. */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? PORT + 81);
export const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
/** The Google Calendar API stand-in's port (tests/google: its `/_stand-in/` control routes). */
const GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? PORT + 82);
export const GOOGLE_CONTROL_URL = `http://127.0.0.1:${GOOGLE_PORT}`;
/** Where the server counts the documents (page loads) the run asked for (tests/e2e/summary-reporter.ts). */
export const DOCUMENTS_FILE = join(tmpdir(), `e2e-documents-${PORT}.json`);

/**
 * How many tests run at once, each worker with its own Chromium against the one server (E2E_WORKERS
 * overrides it). Measured on this 2-core machine, the whole suite under the same (heavy, shared) load:
 * serial as before 48.5 min, 2 workers 22.6 min, 3 workers 16.9 min (tests/CONTEXT.md). CI runs alone on
 * its machine and takes 3, which keeps both cores busy while tests wait for the server or the browser; a
 * shared development machine, where every helper's processes compete, 2.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 3 : 2));

/**
 * End-to-end tests against the real service (built bundles + API) in Debian's Chromium. The database is
 * a fresh schema on the server DATABASE_URL names (CI: real PostgreSQL), else a fresh embedded PGlite in a
 * temp directory (tests/e2e/server.ts). Tests run in parallel, each on accounts of its own made through
 * the API; the few that need the whole server or a fixed port hold a lock (`-exclusive-`, `dns-stand-in`).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: WORKERS,
  // One retry on CI; a test that needed it is listed as flaky at the end (tests/e2e/summary-reporter.ts).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['./tests/e2e/summary-reporter.ts']],
  // Generous for a loaded 2-core machine: a wait that passes costs nothing, one that fails is a real hang.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every action a DOM snapshot: on CI only the retry of a failed test records
    // one (every failure is retried once), locally every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  /*
   * Every test runs on the desktop; a test tagged `@mobile` on the phone too (a flow whose phone layout
   * differs), one tagged `@phone` on the phone only (it checks the phone's layout, which a desktop run of
   * it would only repeat at another width).
   */
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile|@phone/ },
  ],
  webServer: {
    command: 'tsx tests/e2e/server.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The flows sign up many accounts from one address; the limits themselves are covered by API tests.
      RATE_LIMIT_DISABLED: 'true',
      PUBLIC_URL: BASE_URL,
      // Custom-domain verification asks only the local DNS stand-in, never the internet.
      DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
      // Webhook endpoints on this machine (tests/e2e/webhooks.spec.ts's receiver); development only.
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      E2E_STRIPE_PORT: String(STRIPE_PORT),
      E2E_GOOGLE_PORT: String(GOOGLE_PORT),
      E2E_DOCUMENTS_FILE: DOCUMENTS_FILE,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-data-')),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
