import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFileVersionTask } from '../../jobs/tasks/process-file-version';
import { taskContext } from '../../jobs/testing';
import { tempDataDir } from '../../routes/portals/testing';
import { filePageKey, fileThumbnailKey } from '../../storage/keys';
import { createTestContext, type TestContext } from '../../testing/harness';
import { readVersionBytes } from './previews';
import { addTestFile, type PreviewWorld, previewWorld, testImage, testPdf } from './testing-previews';

/** The `process_file_version` job on real images and PDFs. */

let t: TestContext;
let w: PreviewWorld;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  w = await previewWorld(t, 'previews');
});
afterAll(() => t.close());

async function processed(fileId: string, versionId: string) {
  await processFileVersionTask.run({ providerId: w.providerId, fileId, versionId }, taskContext(t));
  const [row] = await t.sql<
    {
      preview_status: string;
      page_count: number | null;
      width: number | null;
      height: number | null;
      thumbnail_key: string | null;
    }[]
  >`SELECT preview_status, page_count, width, height, thumbnail_key FROM file_versions WHERE id = ${versionId}`;
  return row;
}

async function storedImage(key: string) {
  const bytes = await readVersionBytes(t.deps.store, key);
  expect(bytes, key).not.toBeNull();
  return sharp(bytes as Buffer).metadata();
}

describe('process_file_version', () => {
  it('makes a 480 px WebP thumbnail and a 1600 px page of a PNG, with its size', async () => {
    const { fileId, versionId } = await addTestFile(t, w, await testImage('png', 2400, 1200), {
      name: 'Poster.png',
      format: 'png',
    });
    const row = await processed(fileId, versionId);
    expect(row).toMatchObject({ preview_status: 'ready', page_count: 1, width: 2400, height: 1200 });
    expect(row?.thumbnail_key).toBe(fileThumbnailKey(w.providerId, fileId, versionId));
    expect(await storedImage(fileThumbnailKey(w.providerId, fileId, versionId))).toMatchObject({
      format: 'webp',
      width: 480,
      height: 240,
    });
    expect(await storedImage(filePageKey(w.providerId, fileId, versionId, 1))).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 800,
    });
  });

  it('turns a JPEG upright by its EXIF orientation and never enlarges a small one', async () => {
    // 300×200 stored, orientation 6 (rotate 90° clockwise to view): 200×300 upright.
    const jpeg = await testImage('jpeg', 300, 200, { orientation: 6 });
    const { fileId, versionId } = await addTestFile(t, w, jpeg, { name: 'Photo.jpg', format: 'jpeg' });
    expect(await processed(fileId, versionId)).toMatchObject({
      preview_status: 'ready',
      width: 200,
      height: 300,
    });
    expect(await storedImage(filePageKey(w.providerId, fileId, versionId, 1))).toMatchObject({
      width: 200,
      height: 300,
    });
  });

  it('counts a PDF’s pages and renders only page 1 as its thumbnail and first page', async () => {
    const pdf = await testPdf(12);
    const { fileId, versionId } = await addTestFile(t, w, pdf, { name: 'Brochure.pdf', format: 'pdf' });
    const row = await processed(fileId, versionId);
    // A4 in points.
    expect(row).toMatchObject({ preview_status: 'ready', page_count: 12, width: 595, height: 842 });
    const thumb = await storedImage(fileThumbnailKey(w.providerId, fileId, versionId));
    expect(thumb).toMatchObject({ format: 'webp', width: 480 });
    expect(thumb.height).toBeCloseTo((480 * 842) / 595, -1);
    const page = await storedImage(filePageKey(w.providerId, fileId, versionId, 1));
    expect(page).toMatchObject({ format: 'webp', height: 1600 });
    expect(page.width).toBeCloseTo((1600 * 595) / 842, -1);
    const stored = await t.deps.store.list(`providers/${w.providerId}/files/${fileId}/`);
    expect(stored.filter((k) => k.includes('-page-'))).toEqual([
      filePageKey(w.providerId, fileId, versionId, 1),
    ]);
  });

  it('gives a rotated PDF page its displayed size', async () => {
    const { fileId, versionId } = await addTestFile(t, w, await testPdf(1, { rotate: 90 }), {
      name: 'Landscape.pdf',
      format: 'pdf',
    });
    expect(await processed(fileId, versionId)).toMatchObject({ width: 842, height: 595 });
  });

  it('runs again without harm (same keys, same row)', async () => {
    const { fileId, versionId } = await addTestFile(t, w, await testImage('png', 640, 480), {
      name: 'Again.png',
      format: 'png',
    });
    const first = await processed(fileId, versionId);
    const second = await processed(fileId, versionId);
    expect(second).toEqual(first);
    const stored = await t.deps.store.list(`providers/${w.providerId}/files/${fileId}/`);
    expect(stored).toHaveLength(3);
  });

  it('marks a broken PDF and a broken image failed at once, and a document unavailable', async () => {
    const truncated = (await testPdf(2)).subarray(0, 300);
    const broken = await addTestFile(t, w, Buffer.concat([Buffer.from('%PDF-1.7\n'), truncated]), {
      name: 'Broken.pdf',
      format: 'pdf',
    });
    expect(await processed(broken.fileId, broken.versionId)).toMatchObject({
      preview_status: 'failed',
      page_count: null,
      thumbnail_key: null,
    });
    const png = await testImage('png', 200, 200);
    const cut = await addTestFile(t, w, png.subarray(0, 120), { name: 'Cut.png', format: 'png' });
    expect((await processed(cut.fileId, cut.versionId))?.preview_status).toBe('failed');
    const doc = await addTestFile(t, w, Buffer.from('PK\x03\x04 not really a docx'), {
      name: 'Notes.docx',
      format: 'docx',
    });
    expect((await processed(doc.fileId, doc.versionId))?.preview_status).toBe('unavailable');
  });

  it('refuses to decode an image past the pixel limit (a decompression bomb)', async () => {
    // A real PNG whose header claims 30,000 × 30,000 pixels (3.6 GB decoded): refused before decoding.
    const bomb = await testImage('png', 64, 64);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const { fileId, versionId } = await addTestFile(t, w, bomb, { name: 'Bomb.png', format: 'png' });
    expect((await processed(fileId, versionId))?.preview_status).toBe('failed');
  });

  it('does nothing for a version that no longer exists', async () => {
    await expect(
      processFileVersionTask.run(
        { providerId: w.providerId, fileId: crypto.randomUUID(), versionId: crypto.randomUUID() },
        taskContext(t),
      ),
    ).resolves.toBeUndefined();
  });
});
