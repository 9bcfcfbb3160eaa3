import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocument as PdfLibDocument } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp, { type Sharp } from 'sharp';
import type {
  AnnotateResult,
  AnnotateTask,
  ImageResult,
  ImageTask,
  MadeImage,
  PdfResult,
  PdfTask,
  PreviewTask,
  ProcessMessage,
  TaskFailure,
} from './preview-process';

/*
 * The work of a preview process (`preview-process.ts` loads this file once its compile cache is on):
 * PDF pages by pdf.js on @napi-rs/canvas, images by sharp, "download with feedback" by pdf-lib, each
 * answer's images as WebP. A file that cannot be read, or needs more than the process's limits allow,
 * becomes a `failed` reply with its reason.
 *
 * Node runs this file directly (it strips the types): it imports packages only, and nothing but types
 * from our own files.
 */

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js's own fonts, CMaps, colour profiles and decoders, read from disk (never fetched). */
const assets = {
  standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
  cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
  iccUrl: `${join(pdfjsRoot, 'iccs')}/`,
  wasmUrl: `${join(pdfjsRoot, 'wasm')}/`,
};

class Failure extends Error {
  // A plain field: Node strips types only, and parameter properties are more than types.
  readonly reason: TaskFailure;
  constructor(reason: TaskFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** An allocation refused by the address-space limit, or a decoder's own size limit. */
const MEMORY_ERROR =
  /allocation failed|out of memory|invalid array length|invalid typed array length|array buffer|exceeds pixel limit|cannot allocate|memory/i;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A failure of reading the bytes: too large when memory or a pixel limit ran out, else unreadable. */
function readFailure(err: unknown): Failure {
  if (err instanceof Failure) return err;
  const message = messageOf(err);
  return new Failure(MEMORY_ERROR.test(message) ? 'too_large' : 'unreadable', message);
}

// One libvips thread and no operation cache: a preview is one image at a time, and memory stays its own.
sharp.concurrency(1);
sharp.cache(false);

/** A WebP of `image` fitted inside `width` × `height` (never enlarged), with its size. */
async function webp(image: Sharp, width: number, height: number, blobs: Uint8Array[]): Promise<MadeImage> {
  const { data, info } = await image
    .resize(width, height, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    // Effort 1: a third of effort 3's CPU time (150 → 50 ms for a 1600 px page), about a tenth larger.
    .webp({ quality: 82, effort: 1 })
    .toBuffer({ resolveWithObject: true });
  blobs.push(data);
  return { blob: blobs.length - 1, width: info.width, height: info.height };
}

async function renderPdf(task: PdfTask, data: Uint8Array, blobs: Uint8Array[]): Promise<PdfResult> {
  const loading = pdfjs.getDocument({
    // pdf.js 6 never evaluates code from a PDF (its `isEvalSupported` option is gone); fonts are drawn
    // from their outlines, never loaded as font faces or fetched.
    data,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    maxImageSize: task.maxImagePixels,
    verbosity: 0,
    ...assets,
  });
  try {
    let doc: Awaited<typeof loading.promise>;
    try {
      doc = await loading.promise;
    } catch (err) {
      throw readFailure(err);
    }
    if (doc.numPages > task.maxPages)
      throw new Failure('too_many_pages', `${doc.numPages} pages (at most ${task.maxPages})`);
    const first = (await doc.getPage(1)).getViewport({ scale: 1 });
    const result: PdfResult = {
      pageCount: doc.numPages,
      firstPage: { width: Math.round(first.width), height: Math.round(first.height) },
      pages: [],
    };
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
      const rgba = context.getImageData(0, 0, width, height).data;
      const raw = () => sharp(rgba, { raw: { width, height, channels: 4 } });
      result.pages.push({ page: number, ...(await webp(raw(), width, height, blobs)) });
      if (task.thumbnailWidth && !result.thumbnail)
        result.thumbnail = await webp(raw(), task.thumbnailWidth, task.thumbnailWidth * 2, blobs);
      page.cleanup();
    }
    return result;
  } finally {
    await loading.destroy();
  }
}

/** A decoder for an uploaded image: pixel limit, first frame, upright by its EXIF orientation. */
const decode = (data: Uint8Array, maxPixels: number) =>
  sharp(data, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate();

async function imagePreviews(task: ImageTask, data: Uint8Array, blobs: Uint8Array[]): Promise<ImageResult> {
  try {
    const meta = await sharp(data, { limitInputPixels: task.maxPixels }).metadata();
    const { width, height } = meta.autoOrient ?? meta;
    if (!width || !height) throw new Failure('unreadable', 'no dimensions');
    // Decoded once, to the page's size; the thumbnail is made from that (a quarter of the CPU time).
    const { data: pixels, info } = await decode(data, task.maxPixels)
      .resize(task.longSide, task.longSide, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = () =>
      sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const page = await webp(raw(), info.width, info.height, blobs);
    const thumbnail = await webp(raw(), task.thumbnailWidth, task.thumbnailWidth * 2, blobs);
    return { width, height, page, thumbnail };
  } catch (err) {
    throw readFailure(err);
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

/** The image's bytes as pdf-lib embeds them: PNG or JPEG as they are when upright 8-bit RGB/grey, else converted. */
async function embeddable(data: Uint8Array, maxPixels: number): Promise<{ png: boolean; data: Uint8Array }> {
  const meta = await sharp(data, { limitInputPixels: maxPixels }).metadata();
  const upright = (meta.orientation ?? 1) === 1;
  const plain = meta.depth === 'uchar' && (meta.space === 'srgb' || meta.space === 'b-w');
  if (upright && plain && meta.format === 'jpeg' && (meta.channels ?? 0) <= 3) return { png: false, data };
  if (upright && plain && meta.format === 'png') return { png: true, data };
  const image = decode(data, maxPixels).toColourspace('srgb');
  return meta.hasAlpha
    ? { png: true, data: await image.png().toBuffer() }
    : { png: false, data: await image.jpeg({ quality: 92 }).toBuffer() };
}

async function annotate(task: AnnotateTask, data: Uint8Array, blobs: Uint8Array[]): Promise<AnnotateResult> {
  const { PDFDocument, PDFHexString, PDFName, PDFString } = await import('pdf-lib');
  let doc: PdfLibDocument;
  try {
    if (task.source === 'pdf') doc = await PDFDocument.load(data, { updateMetadata: false });
    else {
      const image = await embeddable(data, task.maxPixels);
      doc = await PDFDocument.create();
      doc.setTitle(task.title);
      const embedded = image.png ? await doc.embedPng(image.data) : await doc.embedJpg(image.data);
      // The image at 72 dpi, scaled down so its long side fits an A3 page (the pixels are all kept).
      const fit = Math.min(1, 1191 / Math.max(embedded.width, embedded.height));
      const page = doc.addPage([embedded.width * fit, embedded.height * fit]);
      page.drawImage(embedded, { x: 0, y: 0, width: embedded.width * fit, height: embedded.height * fit });
    }
  } catch (err) {
    throw readFailure(err);
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
  blobs.push(await doc.save({ useObjectStreams: false }));
  return { pdf: blobs.length - 1 };
}

/** One task: its reply and the reply's blobs (a failure of the file is a `failed` reply, never a throw). */
export async function run(task: PreviewTask, data: Uint8Array): Promise<[ProcessMessage, Uint8Array[]]> {
  const blobs: Uint8Array[] = [];
  try {
    const result =
      task.op === 'pdf'
        ? await renderPdf(task, data, blobs)
        : task.op === 'image'
          ? await imagePreviews(task, data, blobs)
          : await annotate(task, data, blobs);
    return [{ type: 'result', result }, blobs];
  } catch (err) {
    const failure = readFailure(err);
    return [{ type: 'failed', reason: failure.reason, message: failure.message }, []];
  }
}
