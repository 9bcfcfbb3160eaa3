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
