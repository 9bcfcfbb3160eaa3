import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { initialJsKb } from './initial-js';
import { type LighthouseResult, medianResult } from './lighthouse';
import { assertFree, startProcess, waitForUrl } from './process';
import type { Budget } from './report';
import { buildTrivialPage, serveTrivialPage } from './trivial-page';

/**
 * The client portal's budgets (issue 5), against a production server on a fresh embedded database whose
 * first start seeds the demo provider, portal and clients:
 * - `portal-login-js-gzip`: JavaScript (gzip level 9) the login page fetches until the network is idle;
 * - Lighthouse mobile performance of the login page and of the signed-in dashboard;
 * - each page's LCP against a trivial React page built the same way (Rsbuild + React), in the same run.
 * Lighthouse numbers are the median of RUNS runs (scores and LCP vary by a few percent run to run).
 */
const PORT = 4608;
const RUNS = Number(process.env.BENCH_PORTAL_RUNS ?? 3);
const CLIENT_PASSWORD = 'bench client secret';

/**
 * One Lighthouse run (mobile preset, simulated throttling). `localStorage` entries are written for the
 * page's origin first, in the same browser profile, and kept (`disableStorageReset`): that is how the
 * portal holds its session, so the dashboard is measured signed in.
 */
async function lighthouseWithStorage(
  url: string,
  storage: Record<string, string> = {},
): Promise<LighthouseResult> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    userDataDir: profile,
  });
  try {
    if (Object.keys(storage).length > 0) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await (cdp.contexts()[0] ?? (await cdp.newContext())).newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
      await cdp.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
    });
    const lhr = result?.lhr;
    // BENCH_LHR_DIR=<dir> keeps every Lighthouse report, to see what an LCP is made of.
    const keep = process.env.BENCH_LHR_DIR;
    if (keep && lhr) {
      mkdirSync(keep, { recursive: true });
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'index';
      writeFileSync(join(keep, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    return {
      score: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr?.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function medianOf(runs: number, measure: () => Promise<LighthouseResult>): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await measure());
  return medianResult(results);
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`bench ${what} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs the seeded demo provider in, gives the first demo client a password, and signs that client in
 * to the portal. @returns the portal id and the session the portal stores
 */
async function demoClientSession(base: string, banner: string) {
  const [, email, password] = banner.match(/e-mail:\s+(\S+)\s+password:\s+(\S+)/) ?? [];
  const headers = { 'Content-Type': 'application/json', Origin: base };
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  await json(signIn, 'provider sign-in');
  const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const withCookie = { ...headers, Cookie: cookie };
  const { items } = await json<{ items: { id: string; email: string; portal: { id: string } }[] }>(
    await fetch(`${base}/api/clients`, { headers: withCookie }),
    'client list',
  );
  const client = items[0];
  if (!client) throw new Error('bench: the demo data has no client');
  await json(
    await fetch(`${base}/api/clients/${client.id}/password`, {
      method: 'POST',
      headers: withCookie,
      body: JSON.stringify({ password: CLIENT_PASSWORD }),
    }),
    'client password',
  );
  const session = await json<Record<string, unknown>>(
    await fetch(`${base}/api/portal/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: client.email, password: CLIENT_PASSWORD, portalId: client.portal.id }),
    }),
    'portal sign-in',
  );
  return { portalId: client.portal.id, session };
}

/** Runs the portal budgets; `report` prints each as `budget <name>: <measured> (limit <limit>) ok|over`. */
export async function portalBench(report: (budget: Budget) => void): Promise<void> {
  await buildTrivialPage();
  const trivialPage = await serveTrivialPage();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-portal-'));
  const base = `http://127.0.0.1:${PORT}`;
  await assertFree(`${base}/api/health`);
  const server = startProcess(
    'node_modules/.bin/tsx',
    ['api/main.ts'],
    {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    { captureStdout: true },
  );
  try {
    await waitForUrl(`${base}/api/health`, server.child);
    const { portalId, session } = await demoClientSession(base, server.stdout());
    const loginUrl = `${base}/portal/${portalId}/login`;
    const dashboardUrl = `${base}/portal/${portalId}/dashboard`;

    report({
      name: 'portal-login-js-gzip',
      measured: await initialJsKb(base, `/portal/${portalId}/login`),
      limit: 90,
      unit: ' KB',
      kind: 'max',
      digits: 1,
    });

    const trivial = await medianOf(RUNS, () => lighthouseWithStorage(trivialPage.url));
    const login = await medianOf(RUNS, () => lighthouseWithStorage(loginUrl));
    const dashboard = await medianOf(RUNS, () =>
      lighthouseWithStorage(dashboardUrl, { portal_client_session: JSON.stringify(session) }),
    );
    for (const [label, r] of [
      ['trivial React page', trivial],
      ['portal login', login],
      ['portal dashboard (signed in)', dashboard],
    ] as const) {
      console.log(
        `lighthouse ${label} (median of ${RUNS}): score ${r.score}, LCP ${r.lcpMs.toFixed(0)} ms, TBT ${r.tbtMs.toFixed(0)} ms`,
      );
    }
    report({
      name: 'lighthouse-performance portal login',
      measured: login.score,
      limit: 95,
      kind: 'min',
      digits: 0,
    });
    report({
      name: 'lighthouse-performance portal dashboard',
      measured: dashboard.score,
      limit: 95,
      kind: 'min',
      digits: 0,
    });
    report({
      name: 'portal-login-lcp-vs-trivial-react',
      measured: login.lcpMs / trivial.lcpMs,
      limit: 1.3,
      unit: '×',
      kind: 'max',
    });
    report({
      name: 'portal-dashboard-lcp-vs-trivial-react',
      measured: dashboard.lcpMs / trivial.lcpMs,
      limit: 1.3,
      unit: '×',
      kind: 'max',
    });
  } finally {
    await server.stop();
    await trivialPage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
