import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Currency, InvoiceParty, InvoiceStatus } from '../../../../shared/contracts/invoices';
import type { InvoiceTaxMode, InvoiceUnit, VatCategory } from '../../../../shared/contracts/legal';
import { computeTotals } from '../../../../shared/contracts/money';
import type { QuoteStatus } from '../../../../shared/contracts/quotes';
import { INTER_REGULAR, INTER_SEMIBOLD } from '../../files/fonts';
import { pdfFormat } from './format';
import { LABELS, type PdfLanguage } from './labels';

/*
 * The invoice PDF (and its credit note's): A4, pdfkit, Inter embedded as subsets (with their Unicode maps, so
 * umlauts, ß and € render, copy and search), in the INVOICE's language. Everything comes in as data
 * (`InvoicePdfData`; `load.ts` reads it for a caller's scope), so the renderer does no I/O but the fonts.
 *
 * Money: integer cents in, the totals from `computeTotals` (the one arithmetic), formatted exactly
 * (`format.ts`). A credit note prints the cancelled invoice's lines with negative prices and amounts.
 * Reproducible: the metadata's CreationDate is the document's date (issue date; for a draft its creation day),
 * so the same invoice gives the same text and structure every time.
 */

export interface InvoicePdfLine {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  taxRateBp: number | null;
  unit: InvoiceUnit;
  /** The category in effect (null: not chosen; a draft's). */
  vatCategory: VatCategory | null;
  exemptionReason: string | null;
}

/** What a quote's PDF shows beyond an invoice's (issue 28): its validity, its hash and the client's decision. */
export interface QuotePdfFacts {
  validUntil: string;
  /** Null for a draft (fixed when it is sent). */
  contentSha256: string | null;
  decision: {
    outcome: 'accepted' | 'declined';
    /** ISO instant. */
    at: string;
    name: string | null;
    email: string | null;
    ip: string | null;
    contentSha256: string | null;
  } | null;
}

export interface InvoicePdfData {
  kind: 'invoice' | 'credit_note' | 'quote';
  language: PdfLanguage;
  currency: Currency;
  /** An invoice's status, or a quote's. */
  status: InvoiceStatus | QuoteStatus;
  /** Null for a draft (the PDF says "Draft"). */
  number: string | null;
  /** `YYYY-MM-DD`: the issue date (for a draft, the day it was created). */
  issueDate: string;
  dueDate: string | null;
  /** `YYYY-MM-DD` when paid. */
  paidDate: string | null;
  /** Partial payments so far (issue 28); an open invoice with some shows them and the balance due. */
  paidCents?: number;
  description: string | null;
  provider: {
    businessName: string | null;
    fullName: string;
    email: string | null;
    website: string | null;
    paymentInstructions: string | null;
    footerNote: string | null;
  };
  client: { name: string; company: string | null; email: string };
  /** Seller and buyer as the invoice carries them (sent: as sent). */
  seller: InvoiceParty;
  buyer: InvoiceParty;
  sellerNote: string | null;
  /** The date of supply, or the period of service. */
  supply: { date: string | null; from: string | null; to: string | null };
  /** The tax mode in effect (null: a `per_invoice` draft without one). */
  taxMode: InvoiceTaxMode | null;
  /** Legal notes in the document's language (§ 19, reverse charge, exemption reasons). */
  notes: string[];
  branding: {
    /** PNG or JPEG bytes (pdfkit's formats; `load.ts` converts the stored WebP). */
    logo: Buffer | null;
    primaryColor: string;
    secondaryColor: string;
  };
  lines: InvoicePdfLine[];
  /** A cancelled invoice: its credit note's number (printed in the stamp). */
  cancelledBy: string | null;
  /** For `kind: 'credit_note'`: the credit note itself (its number and date are `number`/`issueDate`). */
  cancels: { number: string; issueDate: string; reason: string | null } | null;
  /** For `kind: 'quote'`. */
  quote?: QuotePdfFacts;
}

/**
 * Inter as fontkit fonts, parsed once per process and shared by every document (pdfkit 0.20's `registerFont`
 * takes a fontkit font as well as bytes); each document still makes its own subset. The fontkit is pdfkit's
 * own dependency, resolved from pdfkit's package.
 *
 * Their `layout` (shaping: Inter's GSUB contextual alternates and GPOS kerning) is memoised across documents:
 * pdfkit caches the layout of each word per document only, and shaping every word afresh cost most of a PDF's
 * time (≈ 200 ms for a 12-line invoice). pdfkit scales the positions it gets in place, so every call gets
 * copies of them; glyphs are only read. The cache is cleared when it passes 20,000 words.
 */
interface GlyphPosition {
  xAdvance: number;
  [key: string]: number;
}
interface GlyphRun {
  glyphs: unknown[];
  positions: GlyphPosition[];
  readonly advanceWidth: number;
}
type FontkitFont = { layout: (text: string, features?: unknown) => GlyphRun };

const LAYOUT_CACHE_MAX = 20_000;

function memoiseLayout(font: FontkitFont): FontkitFont {
  const shape = font.layout.bind(font);
  const cache = new Map<string, { glyphs: unknown[]; positions: GlyphPosition[] }>();
  font.layout = (text, features) => {
    const key = features ? `${JSON.stringify(features)}\u0000${text}` : text;
    let shaped = cache.get(key);
    if (!shaped) {
      const run = shape(text, features);
      shaped = { glyphs: run.glyphs, positions: run.positions.map((p) => ({ ...p })) };
      if (cache.size >= LAYOUT_CACHE_MAX) cache.clear();
      cache.set(key, shaped);
    }
    const positions = shaped.positions.map((p) => ({ ...p }));
    return {
      glyphs: shaped.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((width, p) => width + p.xAdvance, 0);
      },
    };
  };
  return font;
}

let fonts: { regular: FontkitFont; semibold: FontkitFont } | undefined;
function interFonts() {
  if (!fonts) {
    const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
      create(buffer: Buffer): FontkitFont;
    };
    fonts = {
      regular: memoiseLayout(fontkit.create(readFileSync(INTER_REGULAR))),
      semibold: memoiseLayout(fontkit.create(readFileSync(INTER_SEMIBOLD))),
    };
  }
  return fonts;
}

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const PAID = '#15803d';
const CANCELLED = '#b91c1c';

/** Tabular figures, so amounts line up in their columns. */
const TNUM: PDFKit.Mixins.OpenTypeFeatures[] = ['tnum'];

const HEX = /^#[0-9a-f]{6}$/i;
const color = (value: string, fallback: string) => (HEX.test(value) ? value.toLowerCase() : fallback);

/** `hex` mixed with white: `amount` 0 is white, 1 the colour (table header backgrounds). */
function tint(hex: string, amount: number): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(255 - (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** Relative luminance (WCAG) of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The accent for text on white: the brand colour unless too light to read (contrast below 3:1), then ink. */
const readableOnWhite = (hex: string) => (1.05 / (luminance(hex) + 0.05) >= 3 ? hex : INK);

/** The day of a `YYYY-MM-DD` as a Date at UTC midnight. */
const dayToDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Renders the invoice or credit note as PDF bytes. */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const L = LABELS[data.language];
  const f = pdfFormat(data.language, data.currency);
  const creditNote = data.kind === 'credit_note';
  const quote = data.kind === 'quote' ? data.quote : undefined;
  const sign = creditNote ? -1 : 1;
  const primary = color(data.branding.primaryColor, '#2563eb');
  const secondary = color(data.branding.secondaryColor, '#64748b');
  const accent = readableOnWhite(primary);
  const totals = computeTotals(data.lines);
  const title = creditNote ? L.creditNote : quote ? L.quote.title : L.invoice;
  /** An untaxed line's category, short (the tax column) or long (the totals). */
  const untaxedLabel = (line: InvoicePdfLine, size: 'short' | 'long') => {
    const labels = size === 'short' ? L.category : L.categoryTotal;
    const category = line.vatCategory;
    if (data.taxMode === 'small_business') return labels.small_business;
    if (!category || category === 'standard' || category === 'reduced')
      return size === 'short' ? '–' : labels.zero;
    return labels[category];
  };

  const { regular, semibold } = interFonts();
  const doc = new PDFDocument({
    // Inter from the start: without it pdfkit would parse Helvetica's metrics for every document, unused.
    font: regular as unknown as string,
    size: 'A4',
    margins: { top: 50, bottom: 20, left: 50, right: 50 },
    bufferPages: true,
    lang: data.language === 'de' ? 'de-DE' : 'en-US',
    displayTitle: true,
    info: {
      Title: L.title(data.kind, data.number),
      Author: data.provider.businessName || data.provider.fullName,
      Subject: `${title} ${data.number ?? L.draft} – ${data.client.company || data.client.name}`,
      Creator: 'Client Portal',
      Producer: 'Client Portal (pdfkit)',
      CreationDate: dayToDate(data.issueDate),
      ModDate: dayToDate(data.issueDate),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Inter', regular as unknown as Buffer);
  doc.registerFont('Inter-SemiBold', semibold as unknown as Buffer);
  doc.font('Inter');

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;

  // The footer (the provider's note and a line of their details) sits at the bottom of every page; the
  // content stops above it.
  const footerNote = data.provider.footerNote?.trim() || null;
  const sellerName = data.seller.name || data.provider.businessName || data.provider.fullName;
  const countryName = (code: string | null) => {
    if (!code) return null;
    try {
      return new Intl.DisplayNames([data.language], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const cityLine = (p: InvoiceParty) => [p.postcode, p.city].filter(Boolean).join(' ') || null;
  const sellerAddress = [data.seller.street, cityLine(data.seller), countryName(data.seller.country)].filter(
    (v): v is string => !!v,
  );
  const sellerTaxIds = [
    data.seller.taxNumber ? `${L.taxNumber} ${data.seller.taxNumber}` : null,
    data.seller.vatId ? `${L.vatId} ${data.seller.vatId}` : null,
  ].filter((v): v is string => !!v);
  const providerLine = [sellerName, sellerAddress.join(', '), ...sellerTaxIds].filter(Boolean).join(' · ');
  doc.font('Inter').fontSize(7.5);
  const footerTextWidth = width - 90;
  const footerHeight =
    (footerNote ? doc.heightOfString(footerNote, { width: footerTextWidth }) + 3 : 0) +
    doc.heightOfString(providerLine || ' ', { width: footerTextWidth });
  const footerTop = doc.page.height - 30 - footerHeight;
  const contentBottom = footerTop - 16;

  /* --- Page 1 header: logo or name, the provider's details ------------------------------------------ */
  let y = doc.page.margins.top;
  let leftBottom = y;
  let logoDrawn = false;
  if (data.branding.logo) {
    try {
      doc.image(data.branding.logo, left, y, { fit: [160, 56] });
      leftBottom = y + 56;
      logoDrawn = true;
    } catch {
      // Unreadable bytes: the name below stands in.
    }
  }
  if (!logoDrawn) {
    doc
      .font('Inter-SemiBold')
      .fontSize(16)
      .fillColor(accent)
      .text(data.provider.businessName || sellerName, left, y, { width: 250 });
    leftBottom = doc.y;
  }
  const detailsX = left + width - 220;
  const details: { text: string; bold?: boolean }[] = [
    // The name heads the details beside a logo; without one it is already the heading on the left.
    // The full legal name heads the details (the heading on the left may be a shorter business name).
    ...(logoDrawn || sellerName !== data.provider.businessName ? [{ text: sellerName, bold: true }] : []),
    ...sellerAddress.map((text) => ({ text })),
    ...(data.provider.email ? [{ text: data.provider.email }] : []),
    ...(data.provider.website ? [{ text: data.provider.website }] : []),
    ...(data.seller.taxNumber ? [{ text: `${L.taxNumber}: ${data.seller.taxNumber}` }] : []),
    ...(data.seller.vatId ? [{ text: `${L.vatId}: ${data.seller.vatId}` }] : []),
    ...(data.sellerNote?.trim() ? [{ text: data.sellerNote.trim() }] : []),
  ];
  doc.y = y;
  for (const line of details) {
    doc
      .font(line.bold ? 'Inter-SemiBold' : 'Inter')
      .fontSize(8.5)
      .fillColor(line.bold ? INK : MUTED)
      .text(line.text, detailsX, doc.y, { width: 220, align: 'right' });
  }
  y = Math.max(leftBottom, doc.y) + 28;

  /* --- Title, client, the document's numbers and dates ----------------------------------------------- */
  doc.font('Inter-SemiBold').fontSize(24).fillColor(accent).text(title, left, y, { width: 300 });
  const titleBottom = doc.y;
  if (!data.number) {
    doc
      .font('Inter-SemiBold')
      .fontSize(11)
      .fillColor(MUTED)
      .text(L.draft.toUpperCase(), left, titleBottom, { width: 300, characterSpacing: 1.5 });
  }
  y = doc.y + 14;

  const blockTop = y;
  doc.font('Inter-SemiBold').fontSize(8).fillColor(MUTED).text(L.billTo.toUpperCase(), left, y, {
    width: 230,
    characterSpacing: 0.6,
  });
  doc.moveDown(0.3);
  const buyerName = data.buyer.name || data.client.company || data.client.name;
  const clientLines = [
    { text: buyerName, bold: true },
    ...(buyerName !== data.client.name ? [{ text: data.client.name, bold: false }] : []),
    ...[data.buyer.street, cityLine(data.buyer), countryName(data.buyer.country)]
      .filter((v): v is string => !!v)
      .map((text) => ({ text, bold: false })),
    ...(data.buyer.vatId ? [{ text: `${L.vatId}: ${data.buyer.vatId}`, bold: false }] : []),
    ...(data.buyer.buyerReference
      ? [{ text: `${L.buyerReference}: ${data.buyer.buyerReference}`, bold: false }]
      : []),
    { text: data.client.email, bold: false },
  ];
  for (const line of clientLines) {
    doc
      .font(line.bold ? 'Inter-SemiBold' : 'Inter')
      .fontSize(10)
      .fillColor(line.bold ? INK : MUTED)
      .text(line.text, left, doc.y, { width: 230 });
  }
  const clientBottom = doc.y;

  const supplyMeta: [string, string][] = data.supply.date
    ? [[L.supplyDate, f.date(data.supply.date)]]
    : data.supply.from && data.supply.to
      ? [[L.supplyPeriod, `${f.date(data.supply.from)} – ${f.date(data.supply.to)}`]]
      : [];
  const meta: [string, string][] = quote
    ? [
        [L.quote.number, data.number ?? L.draft],
        [L.quote.date, data.number ? f.date(data.issueDate) : '–'],
        ...supplyMeta,
        [L.quote.validUntil, f.date(quote.validUntil)],
      ]
    : creditNote
      ? [
          [L.creditNoteNumber, data.number ?? L.draft],
          [L.creditNoteDate, f.date(data.issueDate)],
          ...(data.cancels
            ? ([
                [L.cancelsInvoice, data.cancels.number],
                [L.cancelledInvoiceDate, f.date(data.cancels.issueDate)],
              ] as [string, string][])
            : []),
          ...supplyMeta,
        ]
      : [
          [L.invoiceNumber, data.number ?? L.draft],
          [L.issueDate, data.number ? f.date(data.issueDate) : '–'],
          ...supplyMeta,
          ...(data.dueDate ? ([[L.dueDate, f.date(data.dueDate)]] as [string, string][]) : []),
        ];
  let metaY = blockTop;
  const metaX = left + width - 240;
  for (const [label, value] of meta) {
    doc.font('Inter').fontSize(9).fillColor(MUTED).text(label, metaX, metaY, { width: 120 });
    const labelBottom = doc.y;
    doc
      .font('Inter-SemiBold')
      .fontSize(9)
      .fillColor(INK)
      .text(value, metaX + 120, metaY, { width: 120, align: 'right' });
    metaY = Math.max(labelBottom, doc.y) + 3;
  }
  y = Math.max(clientBottom, metaY) + 18;

  const ensureRoom = (height: number) => {
    if (y + height <= contentBottom) return false;
    doc.addPage();
    y = doc.page.margins.top + 14;
    return true;
  };

  /* --- Intro: what a credit note cancels; the invoice's description -------------------------------- */
  const paragraphs: { text: string; color: string }[] = [];
  if (creditNote && data.cancels) {
    paragraphs.push({
      text: L.creditNoteIntro(data.cancels.number, f.date(data.cancels.issueDate)),
      color: INK,
    });
    if (data.cancels.reason) paragraphs.push({ text: `${L.reason}: ${data.cancels.reason}`, color: MUTED });
  }
  if (data.description) paragraphs.push({ text: data.description, color: INK });
  for (const p of paragraphs) {
    doc.font('Inter').fontSize(9.5);
    const h = doc.heightOfString(p.text, { width });
    ensureRoom(h);
    doc.fillColor(p.color).text(p.text, left, y, { width });
    y = doc.y + 8;
  }
  if (paragraphs.length) y += 6;

  /* --- The lines: a table whose header repeats on every page it spans ------------------------------ */
  const cols = {
    pos: { x: left, w: 28 },
    desc: { x: left + 30, w: 0 },
    qty: { x: 0, w: 66 },
    unit: { x: 0, w: 74 },
    tax: { x: 0, w: 42 },
    amount: { x: 0, w: 80 },
  };
  cols.amount.x = right - cols.amount.w;
  cols.tax.x = cols.amount.x - cols.tax.w;
  cols.unit.x = cols.tax.x - cols.unit.w;
  cols.qty.x = cols.unit.x - cols.qty.w;
  cols.desc.w = cols.qty.x - 10 - cols.desc.x;
  const cell = 5;

  const tableHeader = () => {
    const h = 20;
    doc.rect(left, y, width, h).fill(tint(primary, 0.12));
    doc.rect(left, y + h - 1.2, width, 1.2).fill(primary);
    doc.font('Inter-SemiBold').fontSize(8).fillColor(INK);
    const ty = y + 6;
    doc.text(L.position, cols.pos.x + cell, ty, { width: cols.pos.w - cell, lineBreak: false });
    doc.text(L.description, cols.desc.x, ty, { width: cols.desc.w, lineBreak: false });
    doc.text(L.quantity, cols.qty.x, ty, { width: cols.qty.w - cell, align: 'right', lineBreak: false });
    doc.text(L.unitPrice, cols.unit.x, ty, { width: cols.unit.w - cell, align: 'right', lineBreak: false });
    doc.text(L.tax, cols.tax.x, ty, { width: cols.tax.w - cell, align: 'right', lineBreak: false });
    doc.text(L.amount, cols.amount.x, ty, { width: cols.amount.w - cell, align: 'right', lineBreak: false });
    y += h + 2;
  };

  ensureRoom(20 + 30);
  tableHeader();
  data.lines.forEach((line, index) => {
    doc.font('Inter').fontSize(9);
    const descHeight = doc.heightOfString(line.description, { width: cols.desc.w });
    const rowHeight = Math.max(descHeight, 11) + 10;
    if (ensureRoom(rowHeight)) tableHeader();
    const ty = y + 5;
    doc
      .font('Inter')
      .fontSize(9)
      .fillColor(MUTED)
      .text(String(index + 1), cols.pos.x + cell, ty, {
        width: cols.pos.w - cell,
        lineBreak: false,
      });
    doc.fillColor(INK).text(line.description, cols.desc.x, ty, { width: cols.desc.w });
    const figures: [typeof cols.qty, string][] = [
      [cols.qty, `${f.quantity(line.quantityMilli)} ${L.unit[line.unit]}`],
      [cols.unit, f.money(sign * line.unitPriceCents)],
      [cols.tax, line.taxRateBp ? f.rate(line.taxRateBp) : untaxedLabel(line, 'short')],
      [cols.amount, f.money(sign * (totals.lines[index] ?? 0))],
    ];
    for (const [col, value] of figures) {
      doc.text(value, col.x, ty, { width: col.w - cell, align: 'right', lineBreak: false, features: TNUM });
    }
    y += rowHeight;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  });

  /* --- Totals: net, tax per rate, the untaxed net per category, total ------------------------------- */
  const untaxed = new Map<string, number>();
  data.lines.forEach((line, index) => {
    if (line.taxRateBp) return;
    const key = untaxedLabel(line, 'long');
    untaxed.set(key, (untaxed.get(key) ?? 0) + (totals.lines[index] ?? 0));
  });
  const totalRows: { label: string; value: string; strong?: boolean }[] = [
    { label: L.subtotal, value: f.money(sign * totals.subtotalCents) },
    ...totals.taxes.map((group) => ({
      label: L.taxGroup(f.rate(group.rateBp), f.money(sign * group.netCents)),
      value: f.money(sign * group.taxCents),
    })),
    ...[...untaxed].map(([label, net]) => ({
      label: L.untaxedGroup(label, f.money(sign * net)),
      value: f.money(0),
    })),
    { label: creditNote ? L.creditTotal : L.total, value: f.money(sign * totals.totalCents), strong: true },
  ];
  if (
    !creditNote &&
    data.paidCents &&
    data.paidCents > 0 &&
    (data.status === 'sent' || data.status === 'overdue')
  ) {
    totalRows.push(
      { label: L.paidSoFar, value: f.money(-data.paidCents) },
      { label: L.balanceDue, value: f.money(totals.totalCents - data.paidCents), strong: true },
    );
  }
  y += 10;
  ensureRoom(Math.max(totalRows.length * 17 + 12, 70));
  const totalsTop = y;
  const totalsX = left + width - 280;
  for (const row of totalRows) {
    if (row.strong) {
      y += 4;
      doc.rect(totalsX, y, right - totalsX, 1.5).fill(secondary);
      y += 6;
    }
    doc
      .font(row.strong ? 'Inter-SemiBold' : 'Inter')
      .fontSize(row.strong ? 11 : 9)
      .fillColor(row.strong ? INK : MUTED);
    // A long label (an untaxed category's) wraps within its column.
    const labelHeight = doc.heightOfString(row.label, { width: 190 });
    doc.text(row.label, totalsX, y, { width: 190 });
    doc.fillColor(INK).text(row.value, totalsX + 190, y, {
      width: right - totalsX - 190 - cell,
      align: 'right',
      lineBreak: false,
      features: TNUM,
    });
    y += Math.max(row.strong ? 18 : 15, labelHeight + 4);
  }

  /* --- The status stamp: paid or cancelled (beside the totals) --------------------------- */
  const stamp = quote
    ? quote.decision
      ? {
          text: quote.decision.outcome === 'accepted' ? L.quote.acceptedStamp : L.quote.declinedStamp,
          sub: L.quote.decidedOn(f.date(quote.decision.at.slice(0, 10))),
          color: quote.decision.outcome === 'accepted' ? PAID : CANCELLED,
        }
      : null
    : !creditNote && data.status === 'paid'
      ? { text: L.paidStamp, sub: data.paidDate ? L.paidOn(f.date(data.paidDate)) : null, color: PAID }
      : !creditNote && data.status === 'cancelled'
        ? {
            text: L.cancelledStamp,
            sub: data.cancelledBy ? L.cancelledBy(data.cancelledBy) : null,
            color: CANCELLED,
          }
        : null;
  if (stamp) {
    const stampWidth = 190;
    const cx = left + stampWidth / 2 + 4;
    const cy = totalsTop + 24;
    doc.save();
    doc.opacity(0.85);
    doc
      .roundedRect(cx - stampWidth / 2, cy - 22, stampWidth, stamp.sub ? 46 : 34, 4)
      .lineWidth(2)
      .strokeColor(stamp.color)
      .stroke();
    doc
      .font('Inter-SemiBold')
      .fontSize(18)
      .fillColor(stamp.color)
      .text(stamp.text, cx - stampWidth / 2, cy - 17, {
        width: stampWidth,
        align: 'center',
        lineBreak: false,
      });
    if (stamp.sub)
      doc
        .font('Inter')
        .fontSize(8)
        .text(stamp.sub, cx - stampWidth / 2 + 6, cy + 6, {
          width: stampWidth - 12,
          align: 'center',
          lineBreak: false,
        });
    doc.restore();
  }

  /* --- Legal notes: § 19 UStG, reverse charge, exemption reasons ------------------------------------ */
  if (data.notes.length) {
    y = Math.max(y, totalsTop + 70) + 12;
    doc.font('Inter').fontSize(9.5);
    const body = data.notes.join('\n');
    ensureRoom(doc.heightOfString(body, { width }) + 16);
    doc
      .font('Inter-SemiBold')
      .fontSize(8)
      .fillColor(accent)
      .text(L.notes.toUpperCase(), left, y, { width, characterSpacing: 0.6 });
    doc
      .font('Inter')
      .fontSize(9.5)
      .fillColor(INK)
      .text(body, left, doc.y + 3, { width });
    y = doc.y;
  }

  /* --- A quote: how to accept it, or the acceptance record ------------------------------------------ */
  if (quote) {
    const d = quote.decision;
    const texts = d
      ? [
          d.outcome === 'accepted'
            ? L.quote.acceptedBy(
                d.name ?? '',
                d.email ?? '',
                `${d.at.slice(0, 19).replace('T', ' ')} UTC`,
                d.ip ?? '',
              )
            : L.quote.declinedBy(d.name ?? '', `${d.at.slice(0, 19).replace('T', ' ')} UTC`),
          ...(d.contentSha256 ? [`SHA-256: ${d.contentSha256}`] : []),
        ]
      : [
          L.quote.acceptBy(f.date(quote.validUntil)),
          ...(quote.contentSha256 ? [`SHA-256: ${quote.contentSha256}`] : []),
        ];
    y += 16;
    doc.font('Inter').fontSize(9);
    const body = texts.join('\n');
    ensureRoom(doc.heightOfString(body, { width }) + 16);
    doc
      .font('Inter-SemiBold')
      .fontSize(8)
      .fillColor(accent)
      .text((d ? L.quote.record : L.quote.acceptance).toUpperCase(), left, y, {
        width,
        characterSpacing: 0.6,
      });
    doc
      .font('Inter')
      .fontSize(9)
      .fillColor(INK)
      .text(body, left, doc.y + 3, { width });
    y = doc.y;
  }

  /* --- How to pay (an open or draft invoice) -------------------------------------------------------- */
  const open =
    !creditNote && !quote && (data.status === 'draft' || data.status === 'sent' || data.status === 'overdue');
  if (open) {
    const texts = [
      ...(data.dueDate ? [L.payBy(f.date(data.dueDate))] : []),
      ...(data.provider.paymentInstructions?.trim() ? [data.provider.paymentInstructions.trim()] : []),
    ];
    if (texts.length) {
      y += 16;
      doc.font('Inter').fontSize(9.5);
      const body = texts.join('\n');
      const h = doc.heightOfString(body, { width: width * 0.62 }) + 16;
      ensureRoom(h);
      doc
        .font('Inter-SemiBold')
        .fontSize(8)
        .fillColor(accent)
        .text(L.payment.toUpperCase(), left, y, { width, characterSpacing: 0.6 });
      doc
        .font('Inter')
        .fontSize(9.5)
        .fillColor(INK)
        .text(body, left, doc.y + 3, { width: width * 0.62 });
      y = doc.y;
    }
  }

  /* --- Every page: the accent band, the running header, the draft mark, the footer ---------------- */
  const range = doc.bufferedPageRange();
  const count = range.count;
  for (let i = range.start; i < range.start + count; i++) {
    doc.switchToPage(i);
    doc.rect(0, 0, doc.page.width, 5).fill(primary);
    if (i > range.start) {
      doc
        .font('Inter')
        .fontSize(8)
        .fillColor(MUTED)
        .text(`${title} ${data.number ?? L.draft}`, left, 30, { width, lineBreak: false });
    }
    if (!data.number) {
      doc.save();
      doc.rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.opacity(0.07);
      doc
        .font('Inter-SemiBold')
        .fontSize(110)
        .fillColor(INK)
        .text(L.draft.toUpperCase(), 0, doc.page.height / 2 - 60, {
          width: doc.page.width,
          align: 'center',
          lineBreak: false,
        });
      doc.restore();
    }
    doc
      .moveTo(left, footerTop - 8)
      .lineTo(right, footerTop - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.font('Inter').fontSize(7.5).fillColor(MUTED);
    let fy = footerTop;
    if (footerNote) {
      doc.text(footerNote, left, fy, { width: footerTextWidth });
      fy = doc.y + 3;
    }
    if (providerLine) doc.text(providerLine, left, fy, { width: footerTextWidth });
    doc.text(L.page(i - range.start + 1, count), right - 85, footerTop, {
      width: 85,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
