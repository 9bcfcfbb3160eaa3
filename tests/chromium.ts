import { existsSync } from 'node:fs';

/**
 * Debian's Chromium and the flags it needs on these machines (root, no GPU, no network beyond loopback:
 * without the background-networking flags it keeps dialling out and fails noisily).
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser of the e2e tests: Debian's `chromium-headless-shell` (the same Blink and V8 as `chromium`,
 * without the browser's user interface layer; what Playwright itself runs headless tests in) when it is
 * installed, else Chromium. Measured on this 2-core machine, loading the same dashboard pages: 4.3 s of
 * CPU against 10–12 s for Chromium in its headless mode, and the e2e run is mostly Chromium's CPU.
 * `E2E_CHROMIUM` names another binary (e.g. /usr/bin/chromium for a headed run: the shell has no window).
 * The benches keep Chromium itself (Lighthouse, first-content timings: what a visitor's browser does), and
 * so does the widget's spec (`CHROMIUM_ITSELF`): a portal in a cross-site frame meets Chrome's storage
 * rules, which the shell lacks (in a Playwright context, Chrome's incognito default blocks a third-party
 * frame's storage; the shell lets the frame keep its session in localStorage).
 */
export const E2E_CHROMIUM_PATH =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

/** For `test.use` in a spec that needs Chromium itself (its own workers then). */
export const CHROMIUM_ITSELF = { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };
