import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { isMainThread, parentPort } from 'node:worker_threads';
import type { PDFDocument as PdfLibDocument } from 'pdf-lib';

/*
 * The PDF work that must not run on the server's event loop: pdf.js parses and renders on the calling
 * thread in Node (its "fake worker"), and pdf-lib parses a whole document synchronously. `pdf-runner.ts`
 * keeps a few worker threads running this file (one task at a time each, as messages), with a time limit
 * per task and a heap limit per thread, and terminates a thread that passes either, so a hostile or huge
 * PDF costs one thread, never the server.
 *
 * This file is loaded by Node directly in the worker (Node 24 strips the types): it imports packages
 * only, and types from our own files with `import type` (erased).
 */

/** Render the given pages (only those: a 500-page PDF renders one) so that their long side is `longSide`. */
export interface RenderTask {
  op: 'render';
  data: Uint8Array;
  pages: number[];
  longSide: number;
}

export interface RenderedPage {
  page: number;
  width: number;
  height: number;
  /** RGBA, `width * height * 4` bytes. */
  rgba: Uint8Array;
}

export interface RenderResult {
  pageCount: number;
  /** Page 1 as displayed (rotation applied), in points. */
  firstPage: { width: number; height: number };
  /** The requested pages that exist. */
  pages: RenderedPage[];
}

/** A sticky note: at (x, y), fractions of the displayed page from its top left. */
export interface PdfNote {
  page: number;
  x: number;
  y: number;
  contents: string;
  author: string;
  /** ISO 8601. */
  date: string;
  /** RGB, 0–1. */
  color: [number, number, number];
}

/**
 * Add `notes` as /Text annotations: to the PDF `data`, or to a new one-page PDF showing the image `data`
 * (PNG or JPEG, already upright) at `image` size.
 */
export interface AnnotateTask {
  op: 'annotate';
  data: Uint8Array;
  source: 'pdf' | 'png' | 'jpeg';
  notes: PdfNote[];
  title: string;
}

export type PdfTask = RenderTask | AnnotateTask;
export type PdfTaskResult = RenderResult | Uint8Array;

/** What the worker posts back. `unreadable`: the bytes are no PDF (or an encrypted one) pdf.js/pdf-lib can read. */
export type WorkerReply =
  | { ok: true; result: PdfTaskResult }
  | { ok: false; error: 'unreadable' | 'internal'; message: string };

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js's own fonts, CMaps, colour profiles and decoders, read from disk (never fetched). */
const assets = {
  standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
  iccUrl: `${join(pdfjsRoot, 'iccs')}/`,
  wasmUrl: `${join(pdfjsRoot, 'wasm')}/`,
};

/** Images inside a PDF larger than this (pixels) are skipped rather than decoded. */
const MAX_IMAGE_PIXELS = 40_000_000;

class Unreadable extends Error {}

async function render(task: RenderTask): Promise<RenderResult> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({
    // pdf.js 6 never evaluates code from a PDF (its `isEvalSupported` option is gone); fonts are drawn
    // from their outlines, never loaded as font faces or fetched.
    data: task.data,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
    ...assets,
  });
  try {
    let doc: Awaited<typeof loading.promise>;
    try {
      doc = await loading.promise;
    } catch (cause) {
      throw new Unreadable(cause instanceof Error ? cause.message : String(cause));
    }
    const first = (await doc.getPage(1)).getViewport({ scale: 1 });
    const pages: RenderedPage[] = [];
    for (const number of [...new Set(task.pages)]) {
      if (number < 1 || number > doc.numPages) continue;
      const page = await doc.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const scale = task.longSide / Math.max(natural.width, natural.height, 1);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const factory = doc.canvasFactory as { create(w: number, h: number): unknown };
      const { canvas, context } = factory.create(width, height) as {
        canvas: { width: number; height: number };
        context: CanvasRenderingContext2D;
      };
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas: canvas as HTMLCanvasElement, canvasContext: context, viewport }).promise;
      // A copy: the canvas's pixels live in native memory, which cannot be transferred to the caller.
      const rgba = new Uint8Array(context.getImageData(0, 0, width, height).data);
      pages.push({ page: number, width, height, rgba });
      page.cleanup();
    }
    return {
      pageCount: doc.numPages,
      firstPage: { width: Math.round(first.width), height: Math.round(first.height) },
      pages,
    };
  } finally {
    await loading.destroy();
  }
}

/**
 * A point on a displayed page (fractions from its top left, rotation applied, as the previews show it)
 * in the page's own coordinates: `box` is its CropBox [x0, y0, x1, y1], `rotate` its /Rotate (0, 90, 180,
 * 270, clockwise).
 */
export function toPdfPoint(
  box: [number, number, number, number],
  rotate: number,
  u: number,
  v: number,
): { x: number; y: number } {
  const [x0, y0, x1, y1] = box;
  const w = x1 - x0;
  const h = y1 - y0;
  switch (((rotate % 360) + 360) % 360) {
    case 90:
      return { x: x0 + v * w, y: y0 + u * h };
    case 180:
      return { x: x1 - u * w, y: y0 + v * h };
    case 270:
      return { x: x1 - v * w, y: y1 - u * h };
    default:
      return { x: x0 + u * w, y: y1 - v * h };
  }
}

/** The note icon's box, in points (readers draw the icon at a fixed size from its top left). */
const ICON = 20;

async function annotate(task: AnnotateTask): Promise<Uint8Array> {
  const lib = await import('pdf-lib');
  const { PDFDocument, PDFHexString, PDFName, PDFString } = lib;
  let doc: PdfLibDocument;
  if (task.source === 'pdf') {
    try {
      doc = await PDFDocument.load(task.data, { updateMetadata: false });
    } catch (cause) {
      throw new Unreadable(cause instanceof Error ? cause.message : String(cause));
    }
  } else {
    doc = await PDFDocument.create();
    doc.setTitle(task.title);
    const image = task.source === 'png' ? await doc.embedPng(task.data) : await doc.embedJpg(task.data);
    // The image at 72 dpi, scaled down so its long side fits an A3 page (the pixels are all kept).
    const fit = Math.min(1, 1191 / Math.max(image.width, image.height));
    const page = doc.addPage([image.width * fit, image.height * fit]);
    page.drawImage(image, { x: 0, y: 0, width: image.width * fit, height: image.height * fit });
  }
  const pages = doc.getPages();
  const placed = new Map<number, number>();
  for (const note of task.notes) {
    const page = pages[note.page - 1];
    if (!page) continue;
    const crop = page.getCropBox();
    const box: [number, number, number, number] = [crop.x, crop.y, crop.x + crop.width, crop.y + crop.height];
    const { x, y } = toPdfPoint(box, page.getRotation().angle, note.x, note.y);
    // Notes at the same point (the decisions' notes on page 1) are fanned out so each stays clickable.
    const key = note.page * 1e6 + Math.round(x) * 1e3 + Math.round(y);
    const offset = (placed.get(key) ?? 0) * (ICON + 4);
    placed.set(key, (placed.get(key) ?? 0) + 1);
    const left = Math.min(Math.max(x + offset, box[0]), box[2] - ICON);
    const top = Math.min(Math.max(y, box[1] + ICON), box[3]);
    const annotation = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [left, top - ICON, left + ICON, top],
      Contents: PDFHexString.fromText(note.contents),
      T: PDFHexString.fromText(note.author),
      M: PDFString.fromDate(new Date(note.date)),
      CreationDate: PDFString.fromDate(new Date(note.date)),
      Name: 'Comment',
      C: note.color,
      // Print, NoZoom, NoRotate: the icon keeps its size and stays upright, as sticky notes do.
      F: 28,
      Open: false,
    });
    const ref = doc.context.register(annotation);
    const annots = page.node.Annots();
    if (annots) annots.push(ref);
    else page.node.set(PDFName.of('Annots'), doc.context.obj([ref]));
  }
  return doc.save({ useObjectStreams: false });
}

async function run(task: PdfTask): Promise<WorkerReply> {
  try {
    return { ok: true, result: task.op === 'render' ? await render(task) : await annotate(task) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, error: err instanceof Unreadable ? 'unreadable' : 'internal', message };
  }
}

/** How far below the server's threads a PDF thread runs (a nice value: 0 is the same, 19 the lowest). */
const PDF_THREAD_NICENESS = 10;

/**
 * Lowers this thread's CPU priority, so parsing and rendering a PDF yields the CPU to the event loop
 * serving requests (an upload right after another one waited for the first one's preview on 2 cores).
 * Linux gives each thread its own nice value, set by its thread id (`/proc/thread-self`); elsewhere, or
 * where it is not allowed, the thread keeps the process's priority.
 */
function lowerPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, PDF_THREAD_NICENESS);
  } catch {
    // not Linux, or not permitted: the same priority as the server
  }
}

if (!isMainThread && parentPort) {
  lowerPriority();
  const port = parentPort;
  port.on('message', (task: PdfTask) => {
    void run(task).then((reply) => {
      const transfer: ArrayBuffer[] = [];
      if (reply.ok) {
        const result = reply.result;
        if (result instanceof Uint8Array) transfer.push(result.buffer as ArrayBuffer);
        else for (const p of result.pages) transfer.push(p.rgba.buffer as ArrayBuffer);
      }
      port.postMessage(reply, transfer);
    });
  });
}
