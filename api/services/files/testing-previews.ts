import { constants, crc32, deflateRawSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FileKind, FileSide } from '../../../shared/contracts/files';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { signedInProvider } from '../../auth/testing';
import { send } from '../../routes/account/testing';
import { userIdOf } from '../../routes/overview/testing';
import { createClient, createPortal } from '../../routes/portals/testing';
import type { TestContext } from '../../testing/harness';
import { insertFile } from './direct-rows';
import { INTER_REGULAR } from './fonts';

/**
 * Test helpers for the previews and the PDFs made from versions: real bytes (sharp images, pdfkit PDFs) and
 * files inserted as an upload stores them (`direct-rows.ts`), without the upload route.
 */

/** A PNG or JPEG drawn by sharp: a coloured field with a darker square in its top-left quarter. */
export async function testImage(
  format: 'png' | 'jpeg',
  width: number,
  height: number,
  opts: { orientation?: number } = {},
): Promise<Buffer> {
  const square = await sharp({
    create: {
      width: Math.round(width / 4),
      height: Math.round(height / 4),
      channels: 3,
      background: '#1e1b4b',
    },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#4f46e5' } }).composite([
    { input: square, top: 0, left: 0 },
  ]);
  const encoded = format === 'png' ? image.png() : image.jpeg({ quality: 85 });
  return opts.orientation
    ? encoded.withMetadata({ orientation: opts.orientation }).toBuffer()
    : encoded.toBuffer();
}

/**
 * A PDF made by pdfkit: `pages` pages of `size` (points, default A4 portrait), each saying its number;
 * `rotate` sets every page's /Rotate.
 */
export async function testPdf(
  pages: number,
  opts: { size?: [number, number]; rotate?: number } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({ size: opts.size ?? 'A4', autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('Inter', INTER_REGULAR);
  for (let n = 1; n <= pages; n++) {
    doc.addPage();
    if (opts.rotate) (doc.page.dictionary.data as Record<string, unknown>).Rotate = opts.rotate;
    doc.font('Inter').fontSize(28).fillColor('#111827').text(`Page ${n}`, 72, 72);
    doc.rect(72, 160, 200, 120).fill('#4f46e5');
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A provider with a portal, a client with a portal session, and a project of that client. */
export interface PreviewWorld {
  cookie: string;
  providerId: string;
  portalId: string;
  clientId: string;
  clientName: string;
  /** The client's bearer token. */
  token: string;
  projectId: string;
}

export async function previewWorld(t: TestContext, label: string): Promise<PreviewWorld> {
  const cookie = await signedInProvider(t, `${label}-owner@example.com`);
  const providerId = await userIdOf(t, cookie);
  const portal = await createPortal(t, cookie, { portalName: `${label} portal` });
  const clientName = `${label} Jörg`;
  const client = await createClient(t, cookie, portal.id, { name: clientName });
  const res = await send(t, 'POST', '/api/projects', cookie, {
    name: `${label} project`,
    clientId: client.id,
  });
  expect(res.status).toBe(201);
  const project = (await res.json()) as { id: string };
  const session = await createPortalSession(
    t.sql,
    { id: client.id, portalId: portal.id, providerId },
    'password',
    t.deps.now(),
  );
  return {
    cookie,
    providerId,
    portalId: portal.id,
    clientId: client.id,
    clientName,
    token: session.token,
    projectId: project.id,
  };
}

const MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' };

/** A file of the world's project with one version of `bytes`, uploaded by the provider (or the client). */
export function addTestFile(
  t: TestContext,
  w: PreviewWorld,
  bytes: Uint8Array,
  opts: { name: string; format: 'png' | 'jpeg' | 'pdf' | 'docx'; side?: FileSide },
) {
  const kind: FileKind = opts.format === 'pdf' ? 'pdf' : opts.format === 'docx' ? 'document' : 'image';
  const side = opts.side ?? 'provider';
  return insertFile(t.sql, t.deps.store, {
    providerId: w.providerId,
    projectId: w.projectId,
    name: opts.name,
    version: {
      bytes,
      name: opts.name,
      mimeType:
        MIME[opts.format] ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      kind,
      uploadedBy:
        side === 'client'
          ? { type: 'client', name: w.clientName, clientId: w.clientId }
          : { type: 'provider', name: 'Studio Owner' },
    },
  });
}

/**
 * A zlib stream of `length` bytes all `byte`, built without compressing them: 1 MiB compressed once (a
 * full flush makes it stand alone) and repeated, then the final block and the Adler-32 of the whole,
 * worked out for constant bytes. About 1 KB per MiB: a gigabyte in a megabyte, made in milliseconds.
 */
export function zlibOfConstant(byte: number, length: number): Buffer {
  const MIB = 1 << 20;
  const segment = (n: number) =>
    deflateRawSync(Buffer.alloc(n, byte), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const whole = segment(MIB);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < Math.floor(length / MIB); i++) parts.push(whole);
  if (length % MIB) parts.push(segment(length % MIB));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const n = BigInt(length);
  const c = BigInt(byte);
  const a = (1n + c * n) % 65521n;
  const b = (n + (c * n * (n + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  parts.push(adler);
  return Buffer.concat(parts);
}

/** A PDF of the given objects (1 is the catalog), each `[dictionary, stream?]`, with a correct xref table. */
function pdfOf(objects: [string, Buffer?][]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]?.length ?? 0;
  const add = (b: Buffer) => {
    parts.push(b);
    at += b.length;
  };
  const offsets: number[] = [];
  objects.forEach(([dict, stream], i) => {
    offsets.push(at);
    if (stream) {
      add(Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`));
      add(stream);
      add(Buffer.from('\nendstream\nendobj\n'));
    } else add(Buffer.from(`${i + 1} 0 obj\n${dict}\nendobj\n`));
  });
  const xref = at;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/**
 * A one-page PDF whose content stream inflates to `decodedBytes` (default 1 GiB) of spaces: about 1 MB
 * on disk (the outside review's file).
 */
export function inflateBombPdf(decodedBytes = 1 << 30): Buffer {
  const content = zlibOfConstant(0x20, decodedBytes);
  return pdfOf([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'],
    [`<< /Length ${content.length} /Filter /FlateDecode >>`, content],
  ]);
}

/** A PDF with `pages` real (empty, A4) pages: a two-level page tree of 1000 pages a node. */
export function manyPagesPdf(pages: number): Buffer {
  const perNode = 1000;
  const nodes = Math.ceil(pages / perNode);
  const objects: [string][] = [['<< /Type /Catalog /Pages 2 0 R >>']];
  const nodeRefs = Array.from({ length: nodes }, (_, i) => `${3 + i} 0 R`);
  objects.push([`<< /Type /Pages /Kids [${nodeRefs.join(' ')}] /Count ${pages} /MediaBox [0 0 595 842] >>`]);
  const firstPage = 3 + nodes;
  for (let n = 0; n < nodes; n++) {
    const count = Math.min(perNode, pages - n * perNode);
    const kids = Array.from({ length: count }, (_, i) => `${firstPage + n * perNode + i} 0 R`);
    objects.push([`<< /Type /Pages /Parent 2 0 R /Kids [${kids.join(' ')}] /Count ${count} >>`]);
  }
  for (let p = 0; p < pages; p++)
    objects.push([`<< /Type /Page /Parent ${3 + Math.floor(p / perNode)} 0 R >>`]);
  return pdfOf(objects);
}

/** A black RGB PNG of `width` × `height` whose pixels are a zlib stream of zeros: tiny on disk, huge decoded. */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  // Each row: filter byte 0 and three zero bytes a pixel.
  const idat = zlibOfConstant(0, height * (1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
