import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { portalPrefix } from '../../storage/keys';
import { startS3Peer } from '../../storage/testing';
import { createTestContext, jsonHeaders, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { userIdOf } from '../overview/testing';
import { createPortal, tempDataDir } from './testing';

/** The logo routes on both file stores: the local folder (the default) and an S3 bucket (s3rver). */
describe.each([
  ['local', async () => ({ env: { DATA_DIR: tempDataDir() }, close: async () => {} })],
  ['s3', startS3Peer],
])('portal logo, %s store', (_driver, storage) => {
  let t: TestContext;
  let owner: string;
  let ownerId: string;
  let stranger: string;
  let closeStorage: () => Promise<void>;
  beforeAll(async () => {
    const peer = await storage();
    closeStorage = peer.close;
    t = await createTestContext({ TRUST_PROXY: 'true', ...peer.env });
    owner = await signedInProvider(t, 'logo-owner@example.com');
    ownerId = await userIdOf(t, owner);
    stranger = await signedInProvider(t, 'logo-stranger@example.com');
  });
  afterAll(async () => {
    await t.close();
    await closeStorage();
  });

  const png = (w = 1024, h = 600) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();

  function upload(
    portalId: string,
    cookie: string | undefined,
    bytes: Uint8Array,
    name = 'logo.png',
    type = 'image/png',
  ) {
    const form = new FormData();
    form.set('logo', new File([new Uint8Array(bytes)], name, { type }));
    const { 'Content-Type': _json, ...headers } = jsonHeaders(cookie ? { Cookie: cookie } : {});
    return t.app.request(`/api/portals/${portalId}/logo`, { method: 'PUT', headers, body: form });
  }

  /** The files stored for a portal (its logo, and nothing else so far). */
  const storedFiles = (portalId: string) => t.deps.store.list(portalPrefix(ownerId, portalId));

  describe('logo upload: security', () => {
    it('answers 401 signed out and 404 for another provider’s portal, storing nothing', async () => {
      const { id } = await createPortal(t, owner);
      const bytes = await png();
      expect((await upload(id, undefined, bytes)).status).toBe(401);
      expect((await upload(id, stranger, bytes)).status).toBe(404);
      expect((await send(t, 'DELETE', `/api/portals/${id}/logo`, stranger)).status).toBe(404);
    });

    it.each([
      [
        'an SVG',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'logo.svg',
        'image/svg+xml',
      ],
      [
        'an SVG renamed to .png',
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
        'logo.png',
        'image/png',
      ],
      ['an HTML file', '<!doctype html><script>alert(1)</script>', 'logo.png', 'image/png'],
      ['a PDF', '%PDF-1.7\n', 'logo.pdf', 'application/pdf'],
      [
        'a GIF header followed by HTML (polyglot)',
        'GIF89a<html><script>alert(1)</script></html>',
        'x.gif',
        'image/gif',
      ],
    ])('rejects %s with 415 unsupported_image_type', async (_label, content, name, type) => {
      const { id } = await createPortal(t, owner);
      const res = await upload(id, owner, new TextEncoder().encode(content), name, type);
      expect(res.status).toBe(415);
      expect((await res.json()).error.code).toBe('unsupported_image_type');
      expect((await (await send(t, 'GET', `/api/portals/${id}`, owner)).json()).logoUrl).toBeNull();
    });

    it('rejects a file over 2 MB with 413 payload_too_large', async () => {
      const { id } = await createPortal(t, owner);
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const res = await upload(id, owner, big);
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('payload_too_large');
    });

    it('answers 422 when the logo field is missing', async () => {
      const { id } = await createPortal(t, owner);
      const { 'Content-Type': _json, ...headers } = jsonHeaders({ Cookie: owner });
      const form = new FormData();
      form.set('other', 'x');
      const res = await t.app.request(`/api/portals/${id}/logo`, { method: 'PUT', headers, body: form });
      expect(res.status).toBe(422);
    });
  });

  describe('logo upload: storage and serving', () => {
    it('re-encodes to WebP within 512×512 under a generated name and serves it safely', async () => {
      const { id } = await createPortal(t, owner);
      const res = await upload(id, owner, await png(), '../../etc/passwd.png');
      expect(res.status).toBe(200);
      const portal = await res.json();
      expect(portal.logoUrl).toMatch(
        new RegExp(`^http://localhost:3000/api/portals/${id}/logo\\?v=[\\w-]{16}$`),
      );
      expect(await storedFiles(id)).toEqual([
        expect.stringMatching(new RegExp(`^providers/${ownerId}/portals/${id}/logo-[\\w-]{16}\\.webp$`)),
      ]);

      const logo = await t.app.request(new URL(portal.logoUrl).pathname + new URL(portal.logoUrl).search);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('Content-Type')).toBe('image/webp');
      expect(logo.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(logo.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
      expect(logo.headers.get('Cache-Control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(512);
      expect(meta.height).toBe(300);

      const unversioned = await t.app.request(`/api/portals/${id}/logo`);
      expect(unversioned.headers.get('Cache-Control')).toBe('public, no-cache');
    });

    it('accepts JPEG, WebP and GIF, replacing the previous file', async () => {
      const { id } = await createPortal(t, owner);
      const base = sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } });
      for (const bytes of [
        await base.clone().jpeg().toBuffer(),
        await base.clone().webp().toBuffer(),
        await base.clone().gif().toBuffer(),
      ]) {
        expect((await upload(id, owner, bytes, 'x.bin', 'application/octet-stream')).status).toBe(200);
      }
      expect(await storedFiles(id)).toHaveLength(1);
    });

    it('streams the stored bytes with their length, and answers 304 for the version the client holds', async () => {
      const { id } = await createPortal(t, owner);
      const { logoUrl } = await (await upload(id, owner, await png(64, 64))).json();
      const [key] = await storedFiles(id);
      const stored = await t.deps.store.stat(key ?? '');
      const res = await t.app.request(new URL(logoUrl).pathname);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(res.headers.get('Content-Length')).toBe(String(stored?.size));
      expect(bytes.length).toBe(stored?.size);
      const etag = res.headers.get('ETag') ?? '';
      expect(etag).toBe(`"${new URL(logoUrl).searchParams.get('v')}"`);
      const again = await t.app.request(new URL(logoUrl).pathname, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('ETag')).toBe(etag);
    });

    it('answers HEAD with the headers and without opening the file, however often', async () => {
      const { id } = await createPortal(t, owner);
      // Noise compresses badly: a logo of a few hundred KB, more than a stream buffers by itself.
      const noise = await sharp(randomBytes(512 * 512 * 3), { raw: { width: 512, height: 512, channels: 3 } })
        .png()
        .toBuffer();
      const { logoUrl } = await (await upload(id, owner, noise)).json();
      const [key] = await storedFiles(id);
      const size = String((await t.deps.store.stat(key ?? ''))?.size);
      expect(Number(size)).toBeGreaterThan(100_000);
      // More than the S3 client's 50 pooled sockets: a body opened and never read would hold one each.
      for (let i = 0; i < 60; i++) {
        const head = await t.app.request(new URL(logoUrl).pathname, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('Content-Length')).toBe(size);
      }
      const get = await t.app.request(new URL(logoUrl).pathname, { signal: AbortSignal.timeout(10_000) });
      expect((await get.arrayBuffer()).byteLength).toBe(Number(size));
    });

    it('answers 404 when the stored file is gone', async () => {
      const { id } = await createPortal(t, owner);
      await upload(id, owner, await png(32, 32));
      const [key] = await storedFiles(id);
      await t.deps.store.delete(key ?? '');
      expect((await t.app.request(`/api/portals/${id}/logo`)).status).toBe(404);
    });

    it('removes the logo on DELETE and then answers 404 for it', async () => {
      const { id } = await createPortal(t, owner);
      await upload(id, owner, await png(32, 32));
      const res = await send(t, 'DELETE', `/api/portals/${id}/logo`, owner);
      expect((await res.json()).logoUrl).toBeNull();
      expect(await storedFiles(id)).toEqual([]);
      expect((await t.app.request(`/api/portals/${id}/logo`)).status).toBe(404);
    });
  });
});
