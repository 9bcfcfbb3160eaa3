import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { median } from './report';

/** One Lighthouse run's numbers: performance score 0–100, LCP and TBT in ms. */
export interface LighthouseResult {
  score: number;
  lcpMs: number;
  tbtMs: number;
}

/** Each number's median over several runs of one page. */
export function medianResult(results: LighthouseResult[]): LighthouseResult {
  return {
    score: median(results.map((r) => r.score)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    tbtMs: median(results.map((r) => r.tbtMs)),
  };
}

/**
 * Lighthouse (mobile preset, simulated throttling) performance score 0–100, LCP and TBT in ms, in Debian's
 * Chromium; `cookie` (`name=value`) is sent with every request, for signed-in pages.
 */
export async function lighthouseRun(url: string, cookie?: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    return {
      score: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr?.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}
