import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AllowedFileType } from '../../../shared/contracts/files';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import { send } from '../../routes/account/testing';
import { portalWorld } from '../../routes/portal-client/testing';
import { jsonHeaders, type TestContext } from '../../testing/harness';

/**
 * Test helpers for the files API: real files of every allowed type, made here (images by sharp, a PDF by
 * pdf-lib, office documents as real ZIP packages by the small writer below), the refused kinds, and
 * requests as the dashboard and the portal send them.
 */

/**
 * A ZIP archive (PKWARE APPNOTE: local headers, central directory, end record), entries deflated
 * unless `store` (an OpenDocument's `mimetype` must be stored, and first).
 */
export function zip(entries: { name: string; data: string | Uint8Array; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const packed = entry.store ? data : deflateRawSync(data);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const method = entry.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (part: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${mainType}"/></Types>`;
const rels = (part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`;

/** A minimal Office Open XML package: content types naming its main part, the relationships, the part. */
export function ooxml(part: string, mainType: string, body: string): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: contentTypes(part, mainType) },
    { name: '_rels/.rels', data: rels(part) },
    { name: part, data: body },
  ]);
}

/** A minimal OpenDocument package: `mimetype` stored first, then the content and the manifest. */
export function opendocument(mimeType: string): Buffer {
  return zip([
    { name: 'mimetype', data: mimeType, store: true },
    {
      name: 'content.xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.3"><office:body/></office:document-content>',
    },
    {
      name: 'META-INF/manifest.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimeType}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
  ]);
}

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'tiff') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
    .toFormat(format)
    .toBuffer();

async function pdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

/** One real file of every allowed type, with the name it is uploaded under. */
export async function allowedSamples(): Promise<{ type: AllowedFileType; name: string; bytes: Buffer }[]> {
  const main = (kind: string) => `application/vnd.openxmlformats-officedocument.${kind}.main+xml`;
  return [
    { type: 'image/png', name: 'logo.png', bytes: await image('png') },
    { type: 'image/jpeg', name: 'photo.jpeg', bytes: await image('jpeg') },
    { type: 'image/gif', name: 'anim.gif', bytes: await image('gif') },
    { type: 'image/webp', name: 'hero.webp', bytes: await image('webp') },
    { type: 'image/avif', name: 'hero.avif', bytes: await image('avif') },
    { type: 'image/tiff', name: 'scan.tiff', bytes: await image('tiff') },
    { type: 'application/pdf', name: 'brief.pdf', bytes: await pdf() },
    {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      name: 'letter.docx',
      bytes: ooxml(
        'word/document.xml',
        main('wordprocessingml.document'),
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
      ),
    },
    {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      name: 'budget.xlsx',
      bytes: ooxml(
        'xl/workbook.xml',
        main('spreadsheetml.sheet'),
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
      ),
    },
    {
      type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      name: 'pitch.pptx',
      bytes: ooxml(
        'ppt/presentation.xml',
        main('presentationml.presentation'),
        '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
      ),
    },
    {
      type: 'application/vnd.oasis.opendocument.text',
      name: 'notes.odt',
      bytes: opendocument('application/vnd.oasis.opendocument.text'),
    },
    {
      type: 'application/vnd.oasis.opendocument.spreadsheet',
      name: 'numbers.ods',
      bytes: opendocument('application/vnd.oasis.opendocument.spreadsheet'),
    },
    {
      type: 'application/vnd.oasis.opendocument.presentation',
      name: 'slides.odp',
      bytes: opendocument('application/vnd.oasis.opendocument.presentation'),
    },
    { type: 'application/rtf', name: 'memo.rtf', bytes: Buffer.from('{\\rtf1\\ansi\\deff0 Hello memo}') },
  ];
}

/** Files that must be refused (415), each named as something allowed. */
export function refusedSamples(): { why: string; name: string; bytes: Buffer }[] {
  const pad = (head: Buffer, size = 512) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
  return [
    {
      why: 'a Windows executable named .pdf',
      name: 'invoice.pdf',
      bytes: pad(Buffer.from('MZ\x90\x00\x03')),
    },
    {
      why: 'an ELF executable named .png',
      name: 'image.png',
      bytes: pad(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1])),
    },
    {
      why: 'SVG with a script named .png',
      name: 'icon.png',
      bytes: Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
      ),
    },
    {
      why: 'an HTML page named .jpg',
      name: 'photo.jpg',
      bytes: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
    },
    { why: 'plain text', name: 'notes.txt', bytes: Buffer.from('just some words\n') },
    {
      why: 'a ZIP named .docx without word/ entries',
      name: 'report.docx',
      bytes: zip([{ name: 'readme.txt', data: 'not a document' }]),
    },
    {
      why: 'a ZIP with [Content_Types].xml naming no main part, named .docx',
      name: 'report.docx',
      bytes: zip([
        { name: '[Content_Types].xml', data: contentTypes('data.xml', 'application/xml') },
        { name: 'data.xml', data: '<x/>' },
      ]),
    },
    {
      why: 'a Java archive named .pptx',
      name: 'deck.pptx',
      bytes: zip([{ name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' }]),
    },
    {
      why: 'a macro-enabled Word document named .docx',
      name: 'macro.docx',
      bytes: ooxml(
        'word/document.xml',
        'application/vnd.ms-word.document.macroEnabled.main+xml',
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
      ),
    },
    {
      why: 'a legacy binary Office file (CFB) named .doc',
      name: 'old.doc',
      bytes: pad(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 1024),
    },
  ];
}

/** A GIF header followed by HTML and script: a GIF by its magic bytes, a page to a sniffing browser. */
export const GIF_HTML_POLYGLOT = Buffer.concat([
  Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
  Buffer.from('<html><script>alert(document.domain)</script></html>'),
]);

/** A multipart form with one file part `file`. */
export function fileForm(bytes: Uint8Array, name: string, type = 'application/octet-stream'): FormData {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** An upload as the dashboard (cookie) or the portal (bearer) sends it. */
export function uploadRequest(
  t: TestContext,
  path: string,
  auth: { cookie?: string; bearer?: string },
  form: FormData,
) {
  const { 'Content-Type': _json, ...headers } = jsonHeaders({
    ...(auth.cookie ? { Cookie: auth.cookie } : {}),
    ...(auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {}),
  });
  return t.app.request(path, { method: 'POST', headers, body: form });
}

export interface FilesWorld {
  /** The provider's session cookie. */
  owner: string;
  providerId: string;
  portalId: string;
  clientId: string;
  /** The client's portal bearer token. */
  token: string;
  projectId: string;
}

/** A provider with a portal, a client with a portal session, and a project of that client. */
export async function filesWorld(t: TestContext, label: string): Promise<FilesWorld> {
  const world = await portalWorld(t, label, { withPassword: false });
  const project = await send(t, 'POST', '/api/projects', world.owner, {
    clientId: world.client.id,
    name: `${label} project`,
  });
  expect(project.status).toBe(201);
  const session = await createPortalSession(
    t.sql,
    { id: world.client.id, portalId: world.portalId, providerId: world.providerId },
    'password',
    t.deps.now(),
  );
  return {
    owner: world.owner,
    providerId: world.providerId,
    portalId: world.portalId,
    clientId: world.client.id,
    token: session.token,
    projectId: ((await project.json()) as { id: string }).id,
  };
}

/**
 * An upload whose body streams in 64 KiB chunks, as a browser's does (an in-process `FormData` body
 * cannot be cancelled part-way, so a refusal in the middle of one would never finish the request).
 */
export function streamedUpload(
  t: TestContext,
  path: string,
  auth: { cookie?: string; bearer?: string },
  bytes: Uint8Array,
  name: string,
) {
  const boundary = `----files-test-${Math.random().toString(36).slice(2)}`;
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const whole = Buffer.concat(parts);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= whole.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(whole.subarray(offset, offset + 64 * 1024)));
      offset += 64 * 1024;
    },
  });
  const { 'Content-Type': _json, ...headers } = jsonHeaders({
    ...(auth.cookie ? { Cookie: auth.cookie } : {}),
    ...(auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {}),
  });
  return t.app.request(path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
}
