import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFileVersionTask } from '../../jobs/tasks/process-file-version';
import { taskContext } from '../../jobs/testing';
import { insertDecision, insertNextVersion, insertPin } from '../../services/files/direct-rows';
import {
  addTestFile,
  manyPagesPdf,
  type PreviewWorld,
  previewWorld,
  testImage,
  testPdf,
} from '../../services/files/testing-previews';
import { filePageKey } from '../../storage/keys';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';

/** The preview routes and the PDFs made from a version, for the provider and the portal client. */

let t: TestContext;
let w: PreviewWorld;
let stranger: PreviewWorld;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  w = await previewWorld(t, 'pdf');
  stranger = await previewWorld(t, 'stranger');
});
afterAll(() => t.close());

type Caller = 'provider' | 'client' | 'stranger' | 'stranger-client';

function get(who: Caller, path: string, lang = 'en') {
  const world = who.startsWith('stranger') ? stranger : w;
  const headers: Record<string, string> = { 'Accept-Language': lang };
  if (who.endsWith('client')) headers.Authorization = `Bearer ${world.token}`;
  else headers.Cookie = world.cookie;
  const url = who.endsWith('client') ? `/api/portal/${world.portalId}${path}` : `/api${path}`;
  return t.app.request(url, { headers });
}

const runJob = (ids: { fileId: string; versionId: string }) =>
  processFileVersionTask.run({ providerId: w.providerId, ...ids }, taskContext(t));

async function errorCode(res: Response) {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

const loadPdf = async (res: Response) =>
  pdfjs.getDocument({ data: new Uint8Array(await res.arrayBuffer()), verbosity: 0 }).promise;

const has = (bin: string) => {
  try {
    execFileSync('which', [bin], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const QPDF = has('qpdf');
const PDFTOTEXT = has('pdftotext');

function tempPdf(bytes: ArrayBuffer | Uint8Array) {
  const path = join(mkdtempSync(join(tmpdir(), 'annotated-')), 'out.pdf');
  writeFileSync(path, new Uint8Array(bytes));
  return path;
}

describe('thumbnails and pages', () => {
  let image: { fileId: string; versionId: string };
  let pdf: { fileId: string; versionId: string };
  beforeAll(async () => {
    image = await addTestFile(t, w, await testImage('png', 1200, 900), { name: 'Mockup.png', format: 'png' });
    pdf = await addTestFile(t, w, await testPdf(4), { name: 'Brochure.pdf', format: 'pdf' });
  });

  it('answers 404 file_preview_unavailable until the job made the thumbnail, then the WebP to both sides', async () => {
    const path = `/files/${image.fileId}/versions/${image.versionId}/thumbnail`;
    const before = await get('provider', path);
    expect(before.status).toBe(404);
    expect(await errorCode(before)).toBe('file_preview_unavailable');
    await runJob(image);
    for (const who of ['provider', 'client'] as const) {
      const res = await get(who, path);
      expect(res.status, who).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    }
  });

  it('serves an image’s page 1 only', async () => {
    await runJob(image);
    const res = await get('client', `/files/${image.fileId}/versions/${image.versionId}/pages/1`);
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 900,
    });
    const second = await get('provider', `/files/${image.fileId}/versions/${image.versionId}/pages/2`);
    expect(second.status).toBe(404);
    expect(await errorCode(second)).toBe('not_found');
  });

  it('renders a PDF page on first view, keeps it, and refuses pages past the last', async () => {
    await runJob(pdf);
    const key = filePageKey(w.providerId, pdf.fileId, pdf.versionId, 3);
    expect(await t.deps.store.stat(key)).toBeNull();
    const res = await get('client', `/files/${pdf.fileId}/versions/${pdf.versionId}/pages/3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height).toBe(1600);
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(595 / 842, 2);
    expect(await t.deps.store.stat(key)).not.toBeNull();
    const again = await get('provider', `/files/${pdf.fileId}/versions/${pdf.versionId}/pages/3`);
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBe(meta.size);
    const past = await get('provider', `/files/${pdf.fileId}/versions/${pdf.versionId}/pages/5`);
    expect(past.status).toBe(404);
    expect(await errorCode(past)).toBe('not_found');
  });

  it('renders PDF pages before the job ran, and several at once', async () => {
    const fresh = await addTestFile(t, w, await testPdf(3), { name: 'Fresh.pdf', format: 'pdf' });
    const answers = await Promise.all(
      [1, 2, 3, 2].map((n) =>
        get('provider', `/files/${fresh.fileId}/versions/${fresh.versionId}/pages/${n}`),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const past = await get('provider', `/files/${fresh.fileId}/versions/${fresh.versionId}/pages/4`);
    expect(past.status).toBe(404);
  });

  it('says why a preview failed: a PDF of 20,000 pages is too_many_pages, and its pages are unavailable', async () => {
    const many = await addTestFile(t, w, manyPagesPdf(20_000), { name: 'Phonebook.pdf', format: 'pdf' });
    await runJob(many);
    for (const who of ['provider', 'client'] as const) {
      const res = await get(who, `/files/${many.fileId}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { file: { latestVersion: { preview: unknown } } };
      expect(body.file.latestVersion.preview).toEqual({
        status: 'failed',
        failure: 'too_many_pages',
        pageCount: null,
        width: null,
        height: null,
      });
      const page = await get(who, `/files/${many.fileId}/versions/${many.versionId}/pages/2`);
      expect(page.status).toBe(404);
      expect(await errorCode(page)).toBe('file_preview_unavailable');
    }
  });

  it('has no previews for a document, and hides every file from another tenant', async () => {
    const doc = await addTestFile(t, w, Buffer.from('PK\x03\x04 docx'), {
      name: 'Notes.docx',
      format: 'docx',
    });
    await runJob(doc);
    for (const path of ['thumbnail', 'pages/1', 'annotated']) {
      const res = await get('provider', `/files/${doc.fileId}/versions/${doc.versionId}/${path}`);
      expect(res.status, path).toBe(404);
      expect(await errorCode(res)).toBe('file_preview_unavailable');
    }
    // Every kind of file has an approval record.
    const record = await get('client', `/files/${doc.fileId}/versions/${doc.versionId}/approval-record`);
    expect(record.status).toBe(200);
    expect(record.headers.get('content-type')).toBe('application/pdf');
    for (const who of ['stranger', 'stranger-client'] as const) {
      for (const path of ['thumbnail', 'pages/1', 'annotated', 'approval-record']) {
        const res = await get(who, `/files/${image.fileId}/versions/${image.versionId}/${path}`);
        expect(res.status, `${who} ${path}`).toBe(404);
        expect(await errorCode(res)).toBe('not_found');
      }
    }
    // A version of another file of the same provider is not this file's version.
    const res = await get('provider', `/files/${image.fileId}/versions/${pdf.versionId}/thumbnail`);
    expect(res.status).toBe(404);
  });
});

describe('download with feedback', () => {
  let annotated: ArrayBuffer | undefined;
  const client = () => ({ type: 'client' as const, name: w.clientName, clientId: w.clientId });

  it('adds every pin as a sticky note at its point, and the decisions as notes on page 1', async () => {
    const file = await addTestFile(t, w, await testPdf(3), { name: 'Brochure v1.pdf', format: 'pdf' });
    const base = { providerId: w.providerId, fileId: file.fileId, versionId: file.versionId };
    const eventId = await insertDecision(t.sql, {
      ...base,
      statusAfter: 'revision_requested',
      actor: client(),
      feedback: 'Bitte die Überschrift größer.',
    });
    await insertPin(t.sql, {
      ...base,
      eventId,
      page: 1,
      x: 0.25,
      y: 0.1,
      body: 'Logo zu klein',
      author: client(),
    });
    await insertPin(t.sql, {
      ...base,
      page: 3,
      x: 0.5,
      y: 0.75,
      body: 'Typo in the footer',
      author: { type: 'provider', name: 'Studio Owner' },
    });
    const res = await get('client', `/files/${file.fileId}/versions/${file.versionId}/annotated`, 'de');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Brochure v1-feedback.pdf"; filename*=UTF-8''Brochure%20v1-feedback.pdf`,
    );
    const bytes = await res.clone().arrayBuffer();
    const doc = await loadPdf(res);
    expect(doc.numPages).toBe(3);

    const page1 = await doc.getPage(1);
    const notes1 = (await page1.getAnnotations()) as {
      subtype: string;
      contentsObj: { str: string };
      titleObj: { str: string };
      modificationDate: string;
      rect: number[];
    }[];
    expect(notes1.map((a) => a.subtype)).toEqual(['Text', 'Text']);
    const [decision, pin] = notes1;
    expect(decision?.contentsObj.str).toBe(
      'Überarbeitung angefragt (Version 1)\n\nBitte die Überschrift größer.',
    );
    expect(decision?.titleObj.str).toBe(w.clientName);
    expect(pin?.contentsObj.str).toBe('Logo zu klein');
    expect(pin?.titleObj.str).toBe(w.clientName);
    expect(pin?.modificationDate).toMatch(/^D:\d{14}/);
    // The note's icon hangs from the pin's point: its top-left corner, in the displayed page.
    const viewport = page1.getViewport({ scale: 1 });
    const [x, y] = viewport.convertToViewportPoint(pin?.rect[0] ?? 0, pin?.rect[3] ?? 0);
    expect(x / viewport.width).toBeCloseTo(0.25, 2);
    expect(y / viewport.height).toBeCloseTo(0.1, 2);

    const notes3 = (await (await doc.getPage(3)).getAnnotations()) as {
      contentsObj: { str: string };
      titleObj: { str: string };
    }[];
    expect(notes3.map((a) => [a.contentsObj.str, a.titleObj.str])).toEqual([
      ['Typo in the footer', 'Studio Owner'],
    ]);
    expect((await (await doc.getPage(2)).getAnnotations()).length).toBe(0);
    annotated = bytes;
  });

  // Checked by independent tools when the machine has them (Debian: qpdf, poppler-utils).
  it.skipIf(!QPDF)(`passes qpdf --check${QPDF ? '' : ' (skipped: qpdf is not installed)'}`, () => {
    expect(annotated, 'the annotated PDF of the test before').toBeDefined();
    const out = execFileSync('qpdf', ['--check', tempPdf(annotated as ArrayBuffer)], { encoding: 'utf8' });
    expect(out).toMatch(/No syntax or stream encoding errors/);
  });

  it.skipIf(!PDFTOTEXT)(
    `keeps the pages’ text for pdftotext${PDFTOTEXT ? '' : ' (skipped: pdftotext is not installed)'}`,
    () => {
      expect(annotated, 'the annotated PDF of the test before').toBeDefined();
      const text = execFileSync('pdftotext', [tempPdf(annotated as ArrayBuffer), '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Page 1[\s\S]*Page 2[\s\S]*Page 3/);
    },
  );

  it('places notes right on rotated pages', async () => {
    for (const rotate of [90, 180, 270]) {
      const file = await addTestFile(t, w, await testPdf(1, { rotate, size: [400, 600] }), {
        name: `Rotated ${rotate}.pdf`,
        format: 'pdf',
      });
      await insertPin(t.sql, {
        providerId: w.providerId,
        ...file,
        page: 1,
        x: 0.2,
        y: 0.3,
        body: `at ${rotate}`,
        author: client(),
      });
      const doc = await loadPdf(
        await get('provider', `/files/${file.fileId}/versions/${file.versionId}/annotated`),
      );
      const page = await doc.getPage(1);
      const [note] = (await page.getAnnotations()) as { rect: number[] }[];
      const viewport = page.getViewport({ scale: 1 });
      const rect = note?.rect ?? [0, 0, 0, 0];
      // The icon box's corners in the displayed page; the pin is at one of them.
      const corners = [
        [rect[0], rect[1]],
        [rect[0], rect[3]],
        [rect[2], rect[1]],
        [rect[2], rect[3]],
      ].map(([px, py]) => viewport.convertToViewportPoint(px ?? 0, py ?? 0));
      const near = corners.some(
        ([vx, vy]) =>
          Math.abs(vx / viewport.width - 0.2) < 0.01 && Math.abs(vy / viewport.height - 0.3) < 0.01,
      );
      expect(near, `rotation ${rotate}: ${JSON.stringify(corners)}`).toBe(true);
    }
  });

  it('makes a one-page PDF of an image, upright, with its pins', async () => {
    // Stored 300×200 with EXIF orientation 6: shown 200×300.
    const file = await addTestFile(t, w, await testImage('jpeg', 300, 200, { orientation: 6 }), {
      name: 'Photo.jpg',
      format: 'jpeg',
    });
    await insertPin(t.sql, {
      providerId: w.providerId,
      ...file,
      page: 1,
      x: 0.5,
      y: 0.5,
      body: 'Hintergrund heller',
      author: client(),
    });
    const res = await get('provider', `/files/${file.fileId}/versions/${file.versionId}/annotated`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Photo-feedback.pdf"');
    const doc = await loadPdf(res);
    expect(doc.numPages).toBe(1);
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    expect(viewport.width / viewport.height).toBeCloseTo(200 / 300, 2);
    const [note] = (await page.getAnnotations()) as { subtype: string; contentsObj: { str: string } }[];
    expect(note).toMatchObject({ subtype: 'Text', contentsObj: { str: 'Hintergrund heller' } });
    const png = await addTestFile(t, w, await testImage('png', 640, 480), {
      name: 'Screen.png',
      format: 'png',
    });
    const fromPng = await loadPdf(
      await get('client', `/files/${png.fileId}/versions/${png.versionId}/annotated`),
    );
    expect(fromPng.numPages).toBe(1);
  });

  it('answers 404 file_preview_unavailable for a PDF it cannot read', async () => {
    const file = await addTestFile(t, w, Buffer.from('%PDF-1.7\nnot really'), {
      name: 'Bad.pdf',
      format: 'pdf',
    });
    const res = await get('provider', `/files/${file.fileId}/versions/${file.versionId}/annotated`);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('file_preview_unavailable');
  });
});

describe('approval record', () => {
  let germanRecord: ArrayBuffer | undefined;
  let sha256 = '';
  async function textOf(res: Response) {
    const doc = await loadPdf(res);
    const parts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    }
    return parts.join('\n');
  }

  it('names the version, its SHA-256 and every event of that version, in English and German', async () => {
    const v1 = await addTestFile(t, w, await testPdf(2), { name: 'Logo Größe.pdf', format: 'pdf' });
    const ids = { providerId: w.providerId, fileId: v1.fileId };
    const client = { type: 'client' as const, name: w.clientName, clientId: w.clientId };
    await insertDecision(t.sql, {
      ...ids,
      versionId: v1.versionId,
      statusAfter: 'revision_requested',
      actor: client,
      feedback: 'Die Schrift ist zu groß.',
    });
    const v2 = await insertNextVersion(t.sql, t.deps.store, ids, {
      bytes: await testPdf(2, { size: [500, 500] }),
      name: 'Logo Größe v2.pdf',
      mimeType: 'application/pdf',
      kind: 'pdf',
      uploadedBy: { type: 'provider', name: 'Studio Owner' },
    });
    await insertDecision(t.sql, {
      ...ids,
      versionId: v2.versionId,
      statusAfter: 'client_approved',
      actor: client,
      feedback: 'Perfect, thanks!',
    });

    const en = await get('provider', `/files/${ids.fileId}/versions/${v2.versionId}/approval-record`);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/pdf');
    expect(en.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Logo Gr__e-v2-approval-record\.pdf"/,
    );
    const english = await textOf(en);
    for (const expected of [
      'Approval record',
      'Logo Größe.pdf',
      'pdf project',
      w.clientName,
      '2 of 2: Logo Größe v2.pdf',
      v2.sha256,
      'Studio Owner (provider)',
      'New version: Revision requested → Pending review',
      'Decision: Pending review → Approved by the client',
      'Feedback: Perfect, thanks!',
    ])
      expect(english).toContain(expected);
    // Only this version's events: version 1's feedback is in version 1's record.
    expect(english).not.toContain('Die Schrift ist zu groß.');

    const de = await get(
      'client',
      `/files/${ids.fileId}/versions/${v1.versionId}/approval-record`,
      'de-DE,de;q=0.9',
    );
    expect(de.status).toBe(200);
    germanRecord = await de.clone().arrayBuffer();
    sha256 = v1.sha256;
    const german = await textOf(de);
    for (const expected of [
      'Freigabeprotokoll',
      'Größe',
      '1 von 2: Logo Größe.pdf',
      v1.sha256,
      'Hochgeladen: → Zur Prüfung',
      'Entscheidung: Zur Prüfung → Überarbeitung angefragt',
      'Rückmeldung: Die Schrift ist zu groß.',
      `${w.clientName} (Kunde)`,
      'Erstellt am',
    ])
      expect(german).toContain(expected);
  });

  it.skipIf(!PDFTOTEXT)(
    `reads the same in pdftotext, with Inter embedded${PDFTOTEXT ? '' : ' (skipped: poppler-utils not installed)'}`,
    () => {
      expect(germanRecord, 'the German record of the test before').toBeDefined();
      const path = tempPdf(germanRecord as ArrayBuffer);
      const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
      for (const expected of ['Freigabeprotokoll', 'Überarbeitung angefragt', 'Größe', sha256])
        expect(text).toContain(expected);
      const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' });
      expect(fonts).toMatch(/Inter-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    },
  );
});
