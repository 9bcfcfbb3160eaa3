import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/**
 * Lighthouse (mobile preset, simulated throttling) performance score 0–100, LCP and TBT in ms, in Debian's
 * Chromium; `cookie` (`name=value`) is sent with every request, for signed-in pages.
 */
export async function lighthouseRun(
  url: string,
  cookie?: string,
): Promise<{ score: number; lcpMs: number; tbtMs: number }> {
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
