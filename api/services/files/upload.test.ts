import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadName } from './download';
import { cleanFileName } from './upload';

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
