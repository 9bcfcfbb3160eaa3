import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../../../shared/contracts/files';
import { createLogger } from '../../http/logger';
import { localDriver } from '../../storage/testing';
import { attachmentDisposition, downloadName } from './download';
import { allowedSamples, refusedSamples, zip } from './testing';
import {
  cleanFileName,
  detectStoredType,
  detectTypeFromHead,
  storeFileBytes,
  TYPE_HEAD_BYTES,
} from './upload';

describe('file names', () => {
  it('keeps the base name only, without control, bidi, zero-width or format characters', () => {
    expect(cleanFileName('a/b\\c\\report.pdf', 'pdf')).toBe('report.pdf');
    expect(cleanFileName('tab\there\u0007bell\u0000nul.pdf', 'pdf')).toBe('tab herebellnul.pdf');
    expect(cleanFileName('left\u200Fto\u202Bright\u2069.pdf', 'pdf')).toBe('lefttoright.pdf');
    expect(cleanFileName('zero\u200B\u200C\u200D\uFEFFwidth.pdf', 'pdf')).toBe('zerowidth.pdf');
    expect(cleanFileName('line\u2028break\r\nname.pdf', 'pdf')).toBe('line break name.pdf');
  });

  it('ends in the detected type’s extension, keeping an alias and replacing a wrong one', () => {
    expect(cleanFileName('photo.JPEG', 'jpg')).toBe('photo.jpeg');
    expect(cleanFileName('scan.tiff', 'tif')).toBe('scan.tiff');
    expect(cleanFileName('logo.png', 'jpg')).toBe('logo.jpg');
    expect(cleanFileName('invoice.pdf.exe', 'pdf')).toBe('invoice.pdf.pdf');
    expect(cleanFileName('Version 1.2 final', 'pdf')).toBe('Version 1.2 final.pdf');
    expect(cleanFileName('.htaccess', 'png')).toBe('htaccess.png');
    expect(cleanFileName('...', 'png')).toBe('file.png');
    expect(cleanFileName('', 'docx')).toBe('file.docx');
  });

  it('is at most 200 characters, never splitting a character', () => {
    const long = cleanFileName(`${'😀'.repeat(250)}.pdf`, 'pdf');
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('😀.pdf')).toBe(true);
    expect(cleanFileName(`${'a'.repeat(300)}`, 'pdf')).toBe(`${'a'.repeat(196)}.pdf`);
  });

  it('downloads under the file’s name with the version’s type', () => {
    expect(downloadName('Logo.png', { mime_type: 'application/pdf', original_name: 'x.pdf' })).toBe(
      'Logo.pdf',
    );
  });

  it('writes an RFC 6266 attachment header with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Grüße "final" 100%.pdf')).toBe(
      `attachment; filename="Gruße _final_ 100_.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22final%22%20100%25.pdf`.replace(
        'Gruße',
        'Gru_e',
      ),
    );
    expect(attachmentDisposition("it's (1).pdf")).toBe(
      `attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});

describe('the type from the head taken as the upload streamed in', () => {
  const log = createLogger('silent');

  it('judges every sample as reading the stored file would, also padded past the head', async () => {
    const d = localDriver();
    try {
      const samples = [
        ...(await allowedSamples()).map((s) => ({ name: s.name, bytes: s.bytes })),
        ...refusedSamples(),
      ];
      for (const [i, s] of samples.entries()) {
        for (const bytes of [s.bytes, Buffer.concat([s.bytes, randomBytes(TYPE_HEAD_BYTES)])]) {
          const key = `t/${i}-${bytes.length}.bin`;
          const put = await d.store.put(key, Readable.from([bytes]), { headBytes: TYPE_HEAD_BYTES });
          expect(put.head?.length).toBe(Math.min(bytes.length, TYPE_HEAD_BYTES));
          expect(await detectTypeFromHead(d.store, key, put.head as Buffer, put.size), s.name).toEqual(
            await detectStoredType(d.store, key),
          );
        }
      }
    } finally {
      await d.close();
    }
  });

  it('decides a PDF by its head alone, and reads an office document whose entries lie past it', async () => {
    const d = localDriver();
    try {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MAX_BYTES - 9)]);
      // Not in the store: reading it back would throw.
      expect(
        await detectTypeFromHead(d.store, 't/absent.pdf', pdf.subarray(0, TYPE_HEAD_BYTES), pdf.length),
      ).toEqual({ mimeType: 'application/pdf', ext: 'pdf', kind: 'pdf' });
      // A Word document whose content types come after 100 KiB of an incompressible stored entry.
      const docx = zip([
        { name: 'customXml/blob.bin', data: randomBytes(100 * 1024), store: true },
        {
          name: '[Content_Types].xml',
          data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        },
        { name: 'word/document.xml', data: '<w:document/>' },
      ]);
      const stored = await storeFileBytes(d.store, 't/late.docx', 'late.docx', docx, log);
      expect(stored.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const head = docx.subarray(0, TYPE_HEAD_BYTES);
      expect((await fileTypeFromBuffer(head))?.mime).not.toBe(stored.mimeType);
    } finally {
      await d.close();
    }
  });
});
