import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/**
 * Initial JavaScript: gzip (level 9) KB of every `.js` response the browser fetches to render `path`
 * until the network is idle, remotes (`/remotes/`) excluded, plus the page's inline scripts (the portal's
 * start-up script); `cookie` (`name=value`) signs the page in.
 */
export async function initialJsKb(baseUrl: string, path: string, cookie?: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name = '', value = ''] = cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    const pending: Promise<number>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js') || url.pathname.includes('/remotes/')) return;
      pending.push(
        response.body().then(
          (body) => gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      );
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'), (script) => script.textContent ?? ''),
    );
    for (const code of inline) pending.push(Promise.resolve(gzipSync(code, { level: 9 }).length));
    const sizes = await Promise.all(pending);
    return sizes.reduce((sum, size) => sum + size, 0) / 1024;
  } finally {
    await browser.close();
  }
}
