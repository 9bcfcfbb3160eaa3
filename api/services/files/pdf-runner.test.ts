import { describe, expect, it } from 'vitest';
import { PDF_CONCURRENCY, PDF_QUEUE_MAX, PdfTaskError, renderPdf, withPdfSlot } from './pdf-runner';
import { testPdf } from './testing-previews';

/** The PDF worker threads: limits, failures, and a thread that is stopped leaves the next task unharmed. */
describe('pdf runner', () => {
  it('runs at most PDF_CONCURRENCY tasks at once, the rest in turn', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        withPdfSlot(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(PDF_CONCURRENCY);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('refuses a task as busy once PDF_QUEUE_MAX are waiting, and takes tasks again when they drain', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held = Array.from({ length: PDF_CONCURRENCY + PDF_QUEUE_MAX }, () => withPdfSlot(() => gate));
    const refused = await withPdfSlot(async () => 'ran').catch((err: unknown) => err);
    expect((refused as PdfTaskError).reason).toBe('busy');
    open();
    await Promise.all(held);
    await expect(withPdfSlot(async () => 'ran')).resolves.toBe('ran');
  });

  it('stops a task past its time and runs the next one on a fresh thread', async () => {
    const pdf = await testPdf(2);
    const late = await renderPdf(new Uint8Array(pdf), [1], 1600, 1).catch((err: unknown) => err);
    expect(late).toBeInstanceOf(PdfTaskError);
    expect((late as PdfTaskError).reason).toBe('timeout');
    const next = await renderPdf(new Uint8Array(pdf), [2], 200);
    expect(next.pageCount).toBe(2);
    expect(next.pages.map((p) => [p.page, Math.max(p.width, p.height), p.rgba.length])).toEqual([
      [2, 200, next.pages[0] ? next.pages[0].width * next.pages[0].height * 4 : 0],
    ]);
  });

  it('calls bytes that are no PDF unreadable, and renders no page past the last', async () => {
    const bad = await renderPdf(new TextEncoder().encode('%PDF-1.7 nothing else'), [1], 100).catch(
      (err: unknown) => err,
    );
    expect((bad as PdfTaskError).reason).toBe('unreadable');
    const past = await renderPdf(await testPdf(1), [1, 2, 9], 100);
    expect(past.pages.map((p) => p.page)).toEqual([1]);
  });
});
