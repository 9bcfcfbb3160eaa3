import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Bytes the process holds: the JS heap plus Buffers and other memory outside it. */
const live = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

const kb = (field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) *
  1024;

/**
 * What a server holds while it handles a request, two ways:
 * - `held`: the highest of heap + external memory, sampled every 5 ms right after a forced collection,
 *   over its value before. It shows what the code keeps (a buffered file, a part held for upload), not
 *   garbage: a streaming upload leaves its 64 KiB chunks behind, and V8 frees those only when its
 *   external-memory trigger (tens of MB) fires, so by RSS alone a stream can look like a buffer.
 * - `rss`: the kernel's peak resident size (VmHWM, reset through /proc/self/clear_refs) over the size
 *   before: everything, garbage and allocator slack included.
 * The forced collections slow the request, so rounds that time uploads run without the probe.
 */
export function createMemoryProbe() {
  let sampler: NodeJS.Timeout | undefined;
  let base = 0;
  let peak = 0;
  let rssBase = 0;
  let kernel = true;
  return {
    start(): void {
      clearInterval(sampler);
      gc();
      base = live();
      peak = base;
      try {
        writeFileSync('/proc/self/clear_refs', '5');
        rssBase = kb('VmRSS');
      } catch {
        kernel = false;
      }
      sampler = setInterval(() => {
        gc();
        peak = Math.max(peak, live());
      }, 5);
    },
    stop(): { held: number; rss: number | null } {
      clearInterval(sampler);
      gc();
      peak = Math.max(peak, live());
      return { held: peak - base, rss: kernel ? kb('VmHWM') - rssBase : null };
    },
  };
}
