import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../contracts/files';
import type { UploadResponse, UploadTransport } from './upload';
import { precheckFile, uploadOutcome } from './upload';
import { createUploadQueue, uploadPercent } from './upload-queue';

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });
const request = () => ({ url: '/api/projects/p1/files', withCredentials: true });

/** A transport the test drives by hand: each call waits until the test answers it. */
function manualTransport() {
  const calls: {
    name: string;
    progress: (loaded: number, total: number) => void;
    answer: (response: UploadResponse) => void;
    signal: AbortSignal;
  }[] = [];
  const transport: UploadTransport = (_request, sent, onProgress, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      calls.push({ name: sent.name ?? '', progress: onProgress, answer: resolve, signal });
    });
  return { transport, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('precheckFile', () => {
  it('rejects a file over 10 MB before sending it', () => {
    expect(precheckFile({ name: 'big.pdf', size: FILE_MAX_BYTES + 1, type: 'application/pdf' })).toEqual({
      key: 'tooLarge',
    });
    expect(precheckFile({ name: 'limit.pdf', size: FILE_MAX_BYTES, type: 'application/pdf' })).toBeNull();
  });

  it('rejects an empty file', () => {
    expect(precheckFile({ name: 'empty.png', size: 0, type: 'image/png' })).toEqual({ key: 'empty' });
  });

  it('rejects obviously wrong types by extension or browser type, and leaves unclear ones to the server', () => {
    expect(precheckFile({ name: 'logo.svg', size: 10, type: 'image/svg+xml' })).toEqual({ key: 'type' });
    expect(precheckFile({ name: 'page.html', size: 10, type: 'text/html' })).toEqual({ key: 'type' });
    expect(precheckFile({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' })).toEqual({
      key: 'type',
    });
    expect(precheckFile({ name: 'photo.JPEG', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(precheckFile({ name: 'brief.docx', size: 10, type: '' })).toBeNull();
    // No extension and no browser type: only the bytes can tell.
    expect(precheckFile({ name: 'scan', size: 10, type: '' })).toBeNull();
  });
});

describe('uploadOutcome', () => {
  it('takes the server’s translated message as the truth', () => {
    const outcome = uploadOutcome({
      status: 415,
      body: { error: { code: 'file_type_not_allowed', message: 'Dieser Dateityp ist nicht erlaubt.' } },
    });
    expect(outcome).toEqual({
      ok: false,
      error: { message: 'Dieser Dateityp ist nicht erlaubt.', code: 'file_type_not_allowed' },
    });
  });

  it('says "larger than 10 MB" for a 413, even when the server cut the answer short', () => {
    expect(
      uploadOutcome({ status: 413, body: { error: { code: 'payload_too_large', message: 'x' } } }),
    ).toEqual({
      ok: false,
      error: { key: 'tooLarge' },
    });
    expect(uploadOutcome({ status: 413, body: undefined })).toEqual({
      ok: false,
      error: { key: 'tooLarge' },
    });
  });

  it('maps no answer to a network error and an empty error body to a generic failure', () => {
    expect(uploadOutcome({ status: 0, body: undefined })).toEqual({ ok: false, error: { key: 'network' } });
    expect(uploadOutcome({ status: 500, body: 'oops' })).toEqual({ ok: false, error: { key: 'failed' } });
  });

  it('returns the created file on success', () => {
    expect(uploadOutcome({ status: 201, body: { id: 'f1' } })).toEqual({ ok: true, data: { id: 'f1' } });
  });
});

describe('createUploadQueue', () => {
  it('reports each file’s progress, then "processing" once every byte is sent, then done', async () => {
    const { transport, calls } = manualTransport();
    const uploaded: unknown[] = [];
    const queue = createUploadQueue({ transport, onUploaded: (data) => uploaded.push(data) });
    queue.add([file('a.png', 100, 'image/png')], request);
    expect(queue.getSnapshot()[0]?.state).toBe('uploading');

    calls[0]?.progress(40, 100);
    expect(uploadPercent(queue.getSnapshot()[0] ?? { state: 'waiting', loaded: 0, total: 0 })).toBe(40);
    calls[0]?.progress(100, 100);
    expect(queue.getSnapshot()[0]?.state).toBe('processing');

    calls[0]?.answer({ status: 201, body: { id: 'f1' } });
    await settle();
    expect(queue.getSnapshot()[0]?.state).toBe('done');
    expect(uploaded).toEqual([{ id: 'f1' }]);
  });

  it('fails a file that is too large at once, without sending it, and sends the others', () => {
    const { transport, calls } = manualTransport();
    const queue = createUploadQueue({ transport });
    queue.add(
      [file('huge.pdf', FILE_MAX_BYTES + 1, 'application/pdf'), file('ok.pdf', 5, 'application/pdf')],
      request,
    );
    const [huge, ok] = queue.getSnapshot();
    expect(huge).toMatchObject({ state: 'failed', error: { key: 'tooLarge' }, retryable: false });
    expect(ok?.state).toBe('uploading');
    expect(calls.map((call) => call.name)).toEqual(['ok.pdf']);
  });

  it('sends at most `concurrency` files at a time; the next starts when one finishes', async () => {
    const { transport, calls } = manualTransport();
    const queue = createUploadQueue({ transport, concurrency: 2 });
    queue.add(
      [file('1.png', 1, 'image/png'), file('2.png', 1, 'image/png'), file('3.png', 1, 'image/png')],
      request,
    );
    expect(queue.getSnapshot().map((item) => item.state)).toEqual(['uploading', 'uploading', 'waiting']);
    calls[0]?.answer({ status: 201, body: {} });
    await settle();
    expect(queue.getSnapshot().map((item) => item.state)).toEqual(['done', 'uploading', 'uploading']);
    expect(calls).toHaveLength(3);
  });

  it('shows the server’s refusal per file and offers a retry only after a network fault', async () => {
    const { transport, calls } = manualTransport();
    const queue = createUploadQueue({ transport, concurrency: 2 });
    queue.add([file('fake.png', 10, 'image/png'), file('cut.png', 10, 'image/png')], request);
    calls[0]?.answer({
      status: 415,
      body: { error: { code: 'file_type_not_allowed', message: 'Not allowed.' } },
    });
    calls[1]?.answer({ status: 0, body: undefined });
    await settle();
    const [refused, cut] = queue.getSnapshot();
    expect(refused).toMatchObject({ state: 'failed', retryable: false, error: { message: 'Not allowed.' } });
    expect(cut).toMatchObject({ state: 'failed', retryable: true, error: { key: 'network' } });

    queue.retry(refused?.id ?? '');
    expect(calls).toHaveLength(2);
    queue.retry(cut?.id ?? '');
    expect(queue.getSnapshot()[1]?.state).toBe('uploading');
    expect(calls).toHaveLength(3);
  });

  it('cancels a running upload (the request is aborted) and takes it off the list', async () => {
    const { transport, calls } = manualTransport();
    const queue = createUploadQueue({ transport });
    queue.add([file('a.png', 10, 'image/png')], request);
    const id = queue.getSnapshot()[0]?.id ?? '';
    queue.cancel(id);
    await settle();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(queue.getSnapshot()).toEqual([]);
    expect(queue.busy()).toBe(false);
  });

  it('takes at most 20 files from one batch and counts the rest', () => {
    const { transport } = manualTransport();
    const queue = createUploadQueue({ transport });
    const files = Array.from({ length: 23 }, (_, i) => file(`${i}.png`, 1, 'image/png'));
    expect(queue.add(files, request)).toEqual({ skipped: 3 });
    expect(queue.getSnapshot()).toHaveLength(20);
  });
});
