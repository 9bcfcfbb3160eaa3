import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { FileSide, FileStatus } from '../../../shared/contracts/files';
import { ownedBy, type Scope } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import { type Lang, translate } from '../../http/i18n';
import { versionFor } from './access';
import { INTER_REGULAR, INTER_SEMIBOLD } from './fonts';

/*
 * The approval record of a version: a PDF naming the file, its project and client, the version (number,
 * name, size, upload, SHA-256 of its bytes) and every event of that version from the audit trail (who,
 * which side, when, status before → after, feedback), plus the feedback pinned to it, in the caller's
 * language. Made by pdfkit with Inter embedded (subset, with its Unicode map), so umlauts and ß render
 * and can be copied and searched.
 */

let fonts: { regular: Buffer; semibold: Buffer } | undefined;
function interFonts() {
  fonts ??= {
    regular: readFileSync(INTER_REGULAR),
    semibold: readFileSync(INTER_SEMIBOLD),
  };
  return fonts;
}

interface EventRow {
  kind: 'uploaded' | 'version' | 'decision';
  status_before: FileStatus | null;
  status_after: FileStatus;
  actor_type: FileSide;
  actor_name: string;
  feedback: string | null;
  created_at: Date;
}

interface PinRow {
  page: number;
  body: string;
  author_type: FileSide;
  author_name: string;
}

const LOCALES: Record<Lang, string> = { en: 'en-GB', de: 'de-DE' };

function formatters(lang: Lang) {
  const locale = LOCALES[lang];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(locale);
  const megabytes = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 2,
  });
  const bytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  return {
    date: (d: Date | string) => date.format(new Date(d)),
    size: (n: number) =>
      n >= 100_000 ? `${megabytes.format(n / 1_000_000)} (${bytes.format(n)})` : bytes.format(n),
    number: (n: number) => number.format(n),
  };
}

/** The record as PDF bytes, and the name it is downloaded under. */
export async function approvalRecordPdf(
  deps: AppDeps,
  scope: Scope,
  fileId: string,
  versionId: string,
  lang: Lang,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { file, version } = await versionFor(deps.sql, scope, fileId, versionId);
  const events = await deps.sql<EventRow[]>`
    SELECT kind, status_before, status_after, actor_type, actor_name, feedback, created_at FROM file_events
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND file_id = ${file.id} AND version_id = ${version.id}
    ORDER BY seq`;
  const pins = await deps.sql<PinRow[]>`
    SELECT page, body, author_type, author_name FROM file_pins
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND file_id = ${file.id} AND version_id = ${version.id}
    ORDER BY created_at, id`;
  const [uploader] = await deps.sql<{ uploaded_by_type: FileSide; uploaded_by_name: string }[]>`
    SELECT uploaded_by_type, uploaded_by_name FROM file_versions
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND id = ${version.id}`;

  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `files.${key}`, vars);
  const f = formatters(lang);
  const side = (s: FileSide) => t(`side.${s}`);
  const status = (s: FileStatus) => t(`status.${s}`);
  const now = deps.now();

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    lang: lang === 'de' ? 'de-DE' : 'en-GB',
    info: {
      Title: `${t('record.title')}: ${file.name} (v${version.number})`,
      Creator: 'Client Portal',
      CreationDate: now,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const { regular, semibold } = interFonts();
  doc.registerFont('Inter', regular);
  doc.registerFont('Inter-SemiBold', semibold);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const ink = '#111827';
  const muted = '#4b5563';

  doc.font('Inter-SemiBold').fontSize(20).fillColor(ink).text(t('record.title'), left, doc.page.margins.top);
  doc.moveDown(0.2).font('Inter').fontSize(10).fillColor(muted).text(t('record.intro'), { width });
  doc.moveDown(1);

  const labelWidth = 130;
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font('Inter-SemiBold')
      .fontSize(10)
      .fillColor(muted)
      .text(label, left, y, { width: labelWidth - 8 });
    const afterLabel = doc.y;
    doc
      .font('Inter')
      .fontSize(10)
      .fillColor(ink)
      .text(value, left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 4;
  };
  row(t('record.file'), file.name);
  row(t('record.project'), file.project_name);
  row(t('record.client'), file.client_name);
  row(t('record.currentStatus'), status(file.status));
  row(
    t('record.version'),
    t('record.versionValue', {
      number: version.number,
      latest: file.latest_version,
      name: version.original_name,
    }),
  );
  row(t('record.size'), f.size(Number(version.size_bytes)));
  row(
    t('record.uploaded'),
    t('record.uploadedValue', {
      date: f.date(version.created_at),
      name: uploader?.uploaded_by_name ?? '',
      side: side(uploader?.uploaded_by_type ?? 'provider'),
    }),
  );
  doc.font('Inter-SemiBold').fontSize(10).fillColor(muted).text(t('record.sha256'), left, doc.y);
  doc
    .font('Inter')
    .fontSize(9.5)
    .fillColor(ink)
    .text(version.sha256, left, doc.y + 2, { width, lineBreak: false });
  doc.moveDown(0.3).fontSize(8.5).fillColor(muted).text(t('record.hashNote'), left, doc.y, { width });

  const heading = (text: string) => {
    doc.moveDown(1.2);
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    doc.font('Inter-SemiBold').fontSize(13).fillColor(ink).text(text, left, doc.y, { width });
    const y = doc.y + 3;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor('#d1d5db')
      .stroke();
    doc.y = y + 8;
  };

  heading(t('record.history'));
  if (events.length === 0)
    doc.font('Inter').fontSize(10).fillColor(muted).text(t('record.noEvents'), left, doc.y);
  for (const e of events) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 50) doc.addPage();
    const change = e.status_before
      ? t('record.statusChange', { before: status(e.status_before), after: status(e.status_after) })
      : t('record.statusSet', { after: status(e.status_after) });
    doc
      .font('Inter-SemiBold')
      .fontSize(10.5)
      .fillColor(ink)
      .text(`${t(`event.${e.kind}`)}: ${change}`, left, doc.y, { width });
    doc
      .font('Inter')
      .fontSize(9.5)
      .fillColor(muted)
      .text(
        t('record.eventBy', { date: f.date(e.created_at), name: e.actor_name, side: side(e.actor_type) }),
        {
          width,
        },
      );
    if (e.feedback) {
      doc
        .moveDown(0.2)
        .fontSize(10)
        .fillColor(ink)
        .text(t('record.feedback', { feedback: e.feedback }), { width });
    }
    doc.moveDown(0.8);
  }

  if (pins.length > 0) {
    heading(t('record.pins'));
    for (const p of pins) {
      doc
        .font('Inter')
        .fontSize(10)
        .fillColor(ink)
        .text(
          t('record.pin', { page: p.page, name: p.author_name, side: side(p.author_type), body: p.body }),
          left,
          doc.y,
          {
            width,
          },
        );
      doc.moveDown(0.4);
    }
  }

  // Footer on every page: when it was made, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom + 24;
    doc.page.margins.bottom = 0;
    doc.font('Inter').fontSize(8).fillColor(muted);
    doc.text(t('record.generatedAt', { date: f.date(now) }), left, y, {
      width: width - 100,
      lineBreak: false,
    });
    doc.text(t('record.page', { page: i + 1, count: range.count }), left + width - 100, y, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  await done;
  const base = file.name.replace(/\.[A-Za-z0-9]{1,8}$/, '') || 'file';
  return { bytes: Buffer.concat(chunks), fileName: `${base}-v${version.number}-approval-record.pdf` };
}
