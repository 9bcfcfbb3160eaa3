import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { signedInClientContext, world } from './collaboration-world';
import { GERMAN_PHONE, gotoLive, LIVE, shot } from './support';

/**
 * Issue 20's check in two browser contexts: the provider (dashboard) uploads a PDF with progress, the client
 * (portal) sees it live, pins feedback to a point of page 2 and requests a revision; the provider sees the
 * decision and the pin live, downloads the PDF with the feedback as annotations (read back with pdf.js),
 * uploads a new version, and the client approves it; the provider sees the approval live. Then a client in
 * German on a phone approves a deliverable. Set-up goes through the API.
 */

/** A real PDF of `pages` A4 pages, each saying which page and version it is. */
function pdf(pages: number, version: number): Promise<Buffer> {
  return new Promise((done, fail) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => done(Buffer.concat(chunks)));
    doc.on('error', fail);
    for (let p = 1; p <= pages; p++) {
      doc.addPage();
      doc.fontSize(28).text(`Homepage draft, version ${version}`, 72, 96);
      doc.fontSize(16).text(`Page ${p} of ${pages}`, 72, 150);
      doc.rect(72, 220, 450, 300).fill(p === 1 ? '#4338ca' : '#0f766e');
    }
    doc.end();
  });
}

/** Places a pin in the middle of the preview and writes its feedback (the client's draft for a decision). */
async function pinFeedback(
  page: Page,
  text: string,
  labels = { add: 'Add feedback pin', save: /Add to decision|Pin feedback/ },
) {
  await page.getByRole('button', { name: labels.add }).first().click();
  const surface = page.locator('figure button[aria-label]').first();
  await surface.click({ position: { x: 120, y: 160 } });
  const form = page.getByRole('form');
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: labels.save }).click();
}

async function readPdfAnnotations(path: string) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(path)) }).promise;
  const found: { page: number; subtype: string; contents: string; author: string }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    for (const a of await (await doc.getPage(p)).getAnnotations()) {
      found.push({
        page: p,
        subtype: a.subtype,
        contents: a.contentsObj?.str ?? a.contents ?? '',
        author: a.titleObj?.str ?? a.title ?? '',
      });
    }
  }
  await doc.cleanup();
  return found;
}

/**
 * A page's preview or a thumbnail: a background job renders it after the upload (pdf.js, sharp), queued
 * behind the other tests' jobs on a busy machine, so it gets longer than what arrives live.
 */
const RENDERED = { timeout: 30_000 };

const statusIn = (scope: Locator | Page, text: string | RegExp) => scope.getByText(text).first();

test('provider and client: upload with progress, pinned feedback, a revision, a new version and an approval, live on both sides', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const w = await world(request);
  const providerContext = await browser.newContext({
    storageState: await request.storageState(),
    acceptDownloads: true,
  });
  const clientContext = await signedInClientContext(browser, request, w);
  try {
    const provider = await providerContext.newPage();
    const client = await clientContext.newPage();
    await gotoLive(client, `/portal/${w.portalId}/files`);
    await expect(client.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();

    // The provider uploads a PDF and a refused SVG into the project: a progress bar per file, the PDF
    // uploaded, the SVG refused with the translated reason.
    await gotoLive(provider, '/dashboard/files');
    await provider.getByRole('button', { name: 'Upload files' }).first().click();
    await provider
      .getByRole('combobox', { name: 'Upload into project' })
      .last()
      .selectOption({ label: 'Website relaunch' });
    await provider.locator('input[type="file"]').setInputFiles([
      { name: 'homepage-draft.pdf', mimeType: 'application/pdf', buffer: await pdf(2, 1) },
      {
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ]);
    const progress = provider.getByRole('progressbar', { name: /homepage-draft\.pdf/ });
    await expect(progress).toHaveAttribute('aria-valuenow', '100', LIVE);
    await expect(provider.getByText('This file type is not allowed', { exact: false }).first()).toBeVisible();
    await shot(provider, 'files/provider-upload');

    // The client's list shows it live, waiting for their review.
    const fileLink = client.getByRole('link', { name: /homepage-draft\.pdf/ }).first();
    await expect(fileLink).toBeVisible(LIVE);
    await expect(client.getByText('Waiting for your review').first()).toBeVisible();
    await shot(client, 'files/client-files-waiting');

    // The provider opens the file's page and stays there.
    await gotoLive(provider, '/dashboard/files');
    await provider
      .getByRole('link', { name: /homepage-draft\.pdf/ })
      .first()
      .click();
    await expect(provider.getByRole('heading', { name: /homepage-draft\.pdf/ })).toBeVisible();
    await expect(statusIn(provider.getByRole('main'), 'Pending review')).toBeVisible();

    // The client opens it, goes to page 2, pins feedback there and requests a revision.
    await fileLink.click();
    await expect(client.getByRole('img', { name: /homepage-draft\.pdf, page 1/ })).toBeVisible(RENDERED);
    await client.getByRole('button', { name: 'Next page' }).click();
    await expect(client.getByRole('img', { name: /page 2/ })).toBeVisible(RENDERED);
    await pinFeedback(client, 'Use the darker green here');
    await client
      .getByRole('textbox', { name: 'Feedback', exact: true })
      .last()
      .fill('Please try a darker palette.');
    await client.getByRole('button', { name: 'Request revision' }).click();
    await expect(statusIn(client.getByRole('main'), /Revision requested/)).toBeVisible(LIVE);
    await shot(client, 'files/client-revision-requested');

    // The provider sees the decision and the pin without a reload.
    await expect(statusIn(provider.getByRole('main'), 'Revision requested')).toBeVisible(LIVE);
    await expect(provider.getByText('Use the darker green here').first()).toBeVisible(LIVE);
    await expect(provider.getByText('Please try a darker palette.').first()).toBeVisible();
    await shot(provider, 'files/provider-revision-live');

    // "Download with feedback": the PDF with the pin and the decision as real annotations.
    const [download] = await Promise.all([
      provider.waitForEvent('download'),
      provider.getByRole('link', { name: 'Download with feedback' }).first().click(),
    ]);
    const annotated = `${test.info().outputPath('annotated.pdf')}`;
    await download.saveAs(annotated);
    const annotations = await readPdfAnnotations(annotated);
    expect(annotations).toContainEqual(
      expect.objectContaining({
        page: 2,
        subtype: 'Text',
        contents: expect.stringContaining('Use the darker green here'),
      }),
    );
    expect(annotations.some((a) => a.contents.includes('Please try a darker palette.'))).toBe(true);
    expect(annotations.find((a) => a.page === 2)?.author).toBe('Grace Hopper');

    // A new version: back to review on both sides; the client approves it, the provider sees it live.
    await provider
      .getByRole('button', { name: 'Upload new version' })
      .setInputFiles({ name: 'homepage-draft-v2.pdf', mimeType: 'application/pdf', buffer: await pdf(2, 2) });
    await expect(statusIn(provider.getByRole('main'), 'Pending review')).toBeVisible(LIVE);
    await expect(client.getByRole('button', { name: 'Approve' })).toBeVisible(LIVE);
    await expect(client.getByText(/Version 2/).first()).toBeVisible();
    await client.getByRole('button', { name: 'Approve' }).click();
    await expect(statusIn(provider.getByRole('main'), 'Client approved')).toBeVisible(LIVE);
    await shot(provider, 'files/provider-approved-live');
    await shot(client, 'files/client-approved');
  } finally {
    await providerContext.close();
    await clientContext.close();
  }
});

test('in German on a phone: the client sees a deliverable with its thumbnail and approves it', async ({
  browser,
  request,
}) => {
  const w = await world(request, 'de');
  const png = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#4338ca' },
  })
    .png()
    .toBuffer();
  const upload = await request.post(`/api/projects/${w.website}/files`, {
    multipart: { file: { name: 'startseite-entwurf.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const clientContext = await signedInClientContext(browser, request, w, GERMAN_PHONE);
  try {
    const client = await clientContext.newPage();
    await client.goto(`/portal/${w.portalId}/files`);
    await expect(client.getByRole('heading', { name: 'Dateien', level: 1 })).toBeVisible();
    await expect(client.getByText('Wartet auf Ihre Prüfung').first()).toBeVisible();
    // The thumbnail arrives once the preview job has run (the list asks again while it is pending).
    await expect(client.getByRole('img', { name: /startseite-entwurf\.png/ }).first()).toBeVisible(RENDERED);
    await shot(client, 'files/client-de-phone-list');
    await client
      .getByRole('link', { name: /startseite-entwurf\.png/ })
      .first()
      .click();
    await client.getByRole('button', { name: 'Freigeben' }).click();
    await expect(client.getByText(/Von Ihnen freigegeben|Freigegeben/).first()).toBeVisible(LIVE);
    await shot(client, 'files/client-de-phone-approved');
    const { items } = (await (await request.get(`/api/files?projectId=${w.website}`)).json()) as {
      items: { status: string }[];
    };
    expect(items[0]?.status).toBe('client_approved');
  } finally {
    await clientContext.close();
  }
});
