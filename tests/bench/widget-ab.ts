import { resolve } from 'node:path';
import { RawChromium } from './cdp';
import { median } from './report';
import {
  type Embedding,
  type Setup,
  standaloneFirstContentMs,
  startEmbedding,
  widgetFirstContentMs,
} from './widget';

/**
 * Paired A/B of `widget-first-content-ratio` between checkouts: on a 2-core machine the ratio drifts by
 * ±10 % from one bench run to the next (the machine's speed changes within minutes), more than most
 * changes move it, so two builds can only be compared fairly side by side in one browser, load by load.
 *
 *   WIDGET_AB="before=/tmp/wt-before,after=." npx tsx tests/bench/widget-ab.ts
 *
 * Each `name=dir` is a checkout of this repository (a `git worktree` with `node_modules` linked in is
 * enough; its portal and widget are built into `<dir>/dist` when missing, or `DIST_DIR`). Each gets its own
 * production server (`http://localhost:4640+i`, fresh embedded database) and its own provider site
 * (`http://127.0.0.1:4650+i`). The provider pages' snippet comes from this checkout; the runtime, the
 * frame and the API from the variant's. Then, WIDGET_AB_RUNS times (default 20), each variant's widget
 * load, then each one's standalone load, in alternating order; it prints every variant's medians and ratio.
 */
const RUNS = Number(process.env.WIDGET_AB_RUNS ?? 20);
const dist = process.env.DIST_DIR ?? 'dist';

const variants = (process.env.WIDGET_AB ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry, i) => {
    const [name = '', dir = ''] = entry.split('=');
    if (!name || !dir) throw new Error(`widget-ab: "${entry}" is not name=dir`);
    return { name, root: resolve(dir), platformPort: 4640 + i, sitePort: 4650 + i };
  });
if (variants.length < 2) throw new Error('widget-ab: set WIDGET_AB="a=<dir>,b=<dir>" (two or more)');

const embeddings: Embedding[] = [];
try {
  for (const v of variants) {
    embeddings.push(await startEmbedding(v.root, dist, { platform: v.platformPort, site: v.sitePort }));
  }
  const setups = embeddings.map((e) => e.setup);

  const raw = await RawChromium.launch();
  try {
    const widget = setups.map(() => [] as number[]);
    const standalone = setups.map(() => [] as number[]);
    // One warm-up of each, then rounds in alternating order (neither variant always goes first).
    for (const setup of setups) {
      await widgetFirstContentMs(raw, setup);
      await standaloneFirstContentMs(raw, setup);
    }
    for (let round = 0; round < RUNS; round++) {
      const order = setups.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const i of order) widget[i]?.push(await widgetFirstContentMs(raw, setups[i] as Setup));
      for (const i of order) standalone[i]?.push(await standaloneFirstContentMs(raw, setups[i] as Setup));
    }
    variants.forEach((v, i) => {
      const [w, s] = [median(widget[i] ?? []), median(standalone[i] ?? [])];
      console.log(
        `${v.name}: widget ${w.toFixed(1)} ms, standalone ${s.toFixed(1)} ms, ratio ${(w / s).toFixed(2)} (median of ${RUNS}; widget runs ${(widget[i] ?? []).map((x) => x.toFixed(0)).join(' ')})`,
      );
    });
  } finally {
    await raw.close();
  }
} finally {
  for (const embedding of embeddings) await embedding.stop();
}
