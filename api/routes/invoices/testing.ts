import { expect } from 'vitest';

/**
 * What every invoice download answers (the PDFs, XRechnung, ZUGFeRD: `sendDocument`): 200 with the bytes,
 * its content type, `Content-Disposition` attachment (or inline) under `fileName` (ASCII: the plain name and
 * the same as `filename*`), never sniffed, never cached, an attachment sandboxed, its length. The bytes.
 */
export async function expectSafeDownload(
  res: Response,
  expected: { contentType: string; fileName: string; inline?: boolean },
): Promise<Buffer> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const name = expected.fileName;
  expect(res.headers.get('content-type')).toBe(expected.contentType);
  expect(res.headers.get('content-disposition')).toBe(
    `${expected.inline ? 'inline' : 'attachment'}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  // A PDF shown inline cannot be sandboxed (the browser's viewer does not run in a sandboxed document).
  expect(res.headers.get('content-security-policy')).toBe(
    expected.inline ? null : "sandbox; default-src 'none'",
  );
  expect(res.headers.get('content-length')).toBe(String(bytes.length));
  return bytes;
}
