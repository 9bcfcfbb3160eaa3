import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWED_FILE_TYPES,
  FILE_MAX_BYTES,
  type FileDetail,
  type FileSummary,
} from '../../../shared/contracts/files';
import {
  allowedSamples,
  type FilesWorld,
  fileForm,
  filesWorld,
  GIF_HTML_POLYGLOT,
  refusedSamples,
  streamedUpload,
  uploadRequest,
} from '../../services/files/testing';
import { providerPrefix } from '../../storage/keys';
import { startS3Peer } from '../../storage/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { tempDataDir } from '../portals/testing';

/**
 * File uploads on both file stores: the local folder and an S3 bucket (s3rver, an independent S3
 * implementation). Types are decided by the bytes; anything refused, too large, empty or broken off
 * leaves nothing behind, in the store, its temp or spool folder, or the database.
 */
describe.each([
  ['local', async () => ({ env: { DATA_DIR: tempDataDir() }, close: async () => {} })],
  ['s3', startS3Peer],
])('file uploads, %s store', (_driver, storage) => {
  let t: TestContext;
  let w: FilesWorld;
  let dataDir: string;
  let closeStorage: () => Promise<void>;
  beforeAll(async () => {
    const peer = await storage();
    closeStorage = peer.close;
    dataDir = peer.env.DATA_DIR as string;
    t = await createTestContext({ TRUST_PROXY: 'true', ...peer.env });
    w = await filesWorld(t, 'uploads');
  });
  afterAll(async () => {
    await t.close();
    await closeStorage();
  });

  const providerUpload = (form: FormData) =>
    uploadRequest(t, `/api/projects/${w.projectId}/files`, { cookie: w.owner }, form);
  const clientUpload = (form: FormData) =>
    uploadRequest(t, `/api/portal/${w.portalId}/projects/${w.projectId}/files`, { bearer: w.token }, form);
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  /** Everything stored for files, the rows, and the drivers' temp and spool folders. */
  async function leftovers() {
    const stored = await t.deps.store.list(`${providerPrefix(w.providerId)}files/`);
    const [rows] = await t.sql<{ files: number; versions: number; events: number; activity: number }[]>`
      SELECT (SELECT count(*)::int FROM files WHERE provider_id = ${w.providerId}) AS files,
             (SELECT count(*)::int FROM file_versions WHERE provider_id = ${w.providerId}) AS versions,
             (SELECT count(*)::int FROM file_events WHERE provider_id = ${w.providerId}) AS events,
             (SELECT count(*)::int FROM activity_feed
               WHERE provider_id = ${w.providerId} AND activity_type = 'file_upload') AS activity`;
    const temp = [join(dataDir, 'uploads', '.tmp'), join(dataDir, 'tmp', 'uploads')].flatMap((dir) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    });
    return { stored, rows, temp };
  }

  async function expectNothingLeft(
    attempt: () => Promise<Response> | Response,
    status: number,
    code?: string,
  ) {
    const before = await leftovers();
    const res = await attempt();
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (code) expect(JSON.parse(text).error.code).toBe(code);
    const after = await leftovers();
    expect(after.stored).toEqual(before.stored);
    expect(after.rows).toEqual(before.rows);
    expect(after.temp).toEqual([]);
  }

  it('accepts a real file of every allowed type, typed by its bytes, and returns the same bytes', async () => {
    for (const sample of await allowedSamples()) {
      // The browser's claim is wrong on purpose: only the bytes count.
      const res = await providerUpload(fileForm(sample.bytes, sample.name, 'text/html'));
      expect(res.status, `${sample.name}: ${await res.clone().text()}`).toBe(201);
      const file = (await res.json()) as FileSummary;
      const { ext, kind } = ALLOWED_FILE_TYPES[sample.type];
      expect(file.latestVersion, sample.name).toMatchObject({
        number: 1,
        mimeType: sample.type,
        kind,
        sizeBytes: sample.bytes.length,
        sha256: sha256(sample.bytes),
        uploadedBy: { type: 'provider' },
      });
      expect(file.name.endsWith(`.${sample.name.split('.').pop()}`) || file.name.endsWith(`.${ext}`)).toBe(
        true,
      );
      expect(file).toMatchObject({
        status: 'pending_review',
        uploadedBy: 'provider',
        canUploadVersion: true,
      });
      const download = await send(
        t,
        'GET',
        `/api/files/${file.id}/versions/${file.latestVersion.id}/download`,
        w.owner,
      );
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(sample.type);
      expect(Buffer.from(await download.arrayBuffer()).equals(sample.bytes), sample.name).toBe(true);
    }
  });

  it('refuses executables, SVG, HTML, archives, macro-enabled and legacy Office files whatever their name', async () => {
    for (const sample of refusedSamples()) {
      await expectNothingLeft(
        () => providerUpload(fileForm(sample.bytes, sample.name, 'image/png')),
        415,
        'file_type_not_allowed',
      );
    }
  });

  it('takes a GIF/HTML polyglot only as a GIF, served as an attachment that is never sniffed', async () => {
    const res = await clientUpload(fileForm(GIF_HTML_POLYGLOT, 'page.html', 'text/html'));
    expect(res.status).toBe(201);
    const file = (await res.json()) as FileSummary;
    expect(file.latestVersion.mimeType).toBe('image/gif');
    expect(file.name).toBe('page.gif');
    const download = await t.app.request(
      `/api/portal/${w.portalId}/files/${file.id}/versions/${file.latestVersion.id}/download`,
      { headers: { Authorization: `Bearer ${w.token}` } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/gif');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(Buffer.from(await download.arrayBuffer()).equals(GIF_HTML_POLYGLOT)).toBe(true);
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413, storing nothing', async () => {
    const pdfLike = (size: number) => {
      const bytes = randomBytes(size);
      bytes.write('%PDF-1.7\n', 0, 'latin1');
      return bytes;
    };
    const exact = pdfLike(FILE_MAX_BYTES);
    const path = `/api/projects/${w.projectId}/files`;
    const res = await streamedUpload(t, path, { cookie: w.owner }, exact, 'large.pdf');
    expect(res.status, await res.clone().text()).toBe(201);
    const file = (await res.json()) as FileSummary;
    expect(file.latestVersion).toMatchObject({ sizeBytes: FILE_MAX_BYTES, sha256: sha256(exact) });
    await expectNothingLeft(
      () => streamedUpload(t, path, { cookie: w.owner }, pdfLike(FILE_MAX_BYTES + 1), 'large.pdf'),
      413,
      'payload_too_large',
    );
  });

  it('refuses zero bytes with 422 file_empty', async () => {
    await expectNothingLeft(
      () => providerUpload(fileForm(new Uint8Array(0), 'empty.pdf')),
      422,
      'file_empty',
    );
  });

  it('leaves nothing behind when the request body breaks off in the middle of the file', async () => {
    const boundary = '----interrupted-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    await expectNothingLeft(async () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new Uint8Array(head));
          else if (sent < 40) controller.enqueue(new Uint8Array(randomBytes(64 * 1024)));
          else controller.error(new Error('the client went away'));
          sent++;
        },
      });
      const res = await t.app.request(`/api/projects/${w.projectId}/files`, {
        method: 'POST',
        headers: {
          Cookie: w.owner,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          Origin: 'http://localhost:3000',
        },
        body,
        duplex: 'half',
      } as RequestInit);
      // Give the store's clean-up (it runs as the request fails) a moment to settle on slow disks.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return res;
    }, 400);
  });

  it('removes the stored bytes when the database refuses the rows', async () => {
    await t.sql.unsafe(`
      CREATE OR REPLACE FUNCTION refuse_test_file() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'refused-by-db.png' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$`);
    await t.sql.unsafe(
      'CREATE TRIGGER refuse_test_file BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION refuse_test_file()',
    );
    try {
      const png = (await allowedSamples())[0]?.bytes ?? Buffer.alloc(0);
      await expectNothingLeft(() => providerUpload(fileForm(png, 'refused-by-db.png')), 500);
    } finally {
      await t.sql.unsafe('DROP TRIGGER refuse_test_file ON files');
    }
  });

  it('cleans the name: base name only, no control, bidi or invisible characters, the detected extension', async () => {
    const png = (await allowedSamples())[0]?.bytes ?? Buffer.alloc(0);
    const cases: [string, string][] = [
      ['C:\\Users\\me\\..\\secret\\logo.png', 'logo.png'],
      ['../../etc/passwd', 'passwd.png'],
      ['invoice\u202Egnp.exe', 'invoicegnp.png'],
      ['  my\u200B   final\u2066 logo .PNG ', 'my final logo.png'],
      ['photo.jpg', 'photo.png'],
      ['\u202E\u200B', 'file.png'],
      [`${'ä'.repeat(300)}.png`, `${'ä'.repeat(196)}.png`],
    ];
    for (const [given, expected] of cases) {
      const res = await providerUpload(fileForm(png, given, 'image/png'));
      expect(res.status, given).toBe(201);
      const file = (await res.json()) as FileSummary;
      expect(file.name, JSON.stringify(given)).toBe(expected);
      expect(file.latestVersion.name).toBe(expected);
    }
  });

  it('lets the client upload into their project and a new version of their own file, never into another’s', async () => {
    const png = (await allowedSamples())[0]?.bytes ?? Buffer.alloc(0);
    const res = await clientUpload(fileForm(png, 'brief.png'));
    expect(res.status).toBe(201);
    const file = (await res.json()) as FileSummary;
    expect(file).toMatchObject({ uploadedBy: 'client', allowedDecisions: [], canUploadVersion: true });
    expect(file.latestVersion.uploadedBy).toEqual({ type: 'client', name: 'uploads client' });
    const version = await uploadRequest(
      t,
      `/api/portal/${w.portalId}/files/${file.id}/versions`,
      { bearer: w.token },
      fileForm(png, 'brief v2.png'),
    );
    expect(version.status).toBe(201);
    expect(((await version.json()) as FileDetail).versions.map((v) => v.number)).toEqual([2, 1]);

    // Another provider's project: 404 before anything is read or stored.
    const other = await filesWorld(t, 'uploads-other');
    await expectNothingLeft(
      () =>
        uploadRequest(
          t,
          `/api/portal/${w.portalId}/projects/${other.projectId}/files`,
          { bearer: w.token },
          fileForm(png, 'x.png'),
        ),
      404,
      'not_found',
    );
    await expectNothingLeft(
      () =>
        uploadRequest(
          t,
          `/api/projects/${w.projectId}/files`,
          { cookie: other.owner },
          fileForm(png, 'x.png'),
        ),
      404,
      'not_found',
    );
  });
});
