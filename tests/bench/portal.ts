import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { demoClientSession, startApp } from './app';
import { initialJsKb } from './initial-js';
import { type LighthouseResult, medianResult } from './lighthouse';
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

/** Runs the portal budgets; `report` prints each as `budget <name>: <measured> (limit <limit>) ok|over`. */
export async function portalBench(report: (budget: Budget) => void): Promise<void> {
  await buildTrivialPage();
  const trivialPage = await serveTrivialPage();
  const app = await startApp().catch(async (error: unknown) => {
    await trivialPage.close();
    throw error;
  });
  const { base } = app;
  try {
    const { portalId, session } = await demoClientSession(base, await app.signIn(), CLIENT_PASSWORD);
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
    await app.stop();
    await trivialPage.close();
  }
}
