import { facturXPdf, warmEInvoices, xrechnungXml } from '../../api/services/invoices/einvoice/generate';
import { toEInvoice } from '../../api/services/invoices/einvoice/map';
import { renderInvoicePdf } from '../../api/services/invoices/pdf/render';
import { germanInvoice } from '../../api/services/invoices/pdf/testing';
import { type Budget, median } from './report';

/*
 * `BENCH_ONLY=einvoices`: issue 28's budget "one e-invoice (12 lines) generated and embedded in under 100 ms
 * median". Measured: a 12-line German invoice (19 % and 7 %, SEPA transfer) mapped to the library's input,
 * its EN 16931 CII generated and embedded into the invoice's PDF as PDF/A-3 (`facturXPdf`: the ZUGFeRD file),
 * with the PDF already rendered (that is the invoice PDF's own cost, printed beside it for information, as are
 * the XRechnung XML alone and the whole download: render + embed). In process, after one warm-up (the
 * library's schema validators are compiled once per process, `warmEInvoices`).
 */

const RUNS = Number(process.env.BENCH_EINVOICE_RUNS ?? 30);

/** The German sample with a period of service and 12 lines. */
const data = germanInvoice({
  supply: { date: null, from: '2026-02-01', to: '2026-02-28' },
  lines: Array.from({ length: 12 }, (_, i) => ({
    description: `Leistung ${i + 1}: Konzeption, Gestaltung und Abstimmung (Maße & Größen)`,
    quantityMilli: 1000 + 250 * i,
    unitPriceCents: 8000 + 1234 * i,
    taxRateBp: i % 3 === 0 ? 700 : 1900,
    unit: (['hour', 'day', 'piece', 'flat_rate'] as const)[i % 4] ?? 'hour',
    vatCategory: i % 3 === 0 ? ('reduced' as const) : ('standard' as const),
    exemptionReason: null,
  })),
});

const payment = {
  phone: '+49 89 1234567',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  stripeConnected: false,
};

async function timeEach(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function eInvoiceBench(report: (b: Budget) => void) {
  const warm = performance.now();
  warmEInvoices();
  const warmMs = performance.now() - warm;
  const pdf = await renderInvoicePdf(data);
  const input = () => toEInvoice({ data, payment, payUrl: null });
  const embedMs = await timeEach(() =>
    facturXPdf(input(), 'de', { bytes: pdf, fileName: 'RE-2026-0042.pdf' }),
  );
  const xmlMs = await timeEach(() => xrechnungXml(input(), 'de'));
  const renderMs = await timeEach(() => renderInvoicePdf(data));
  console.log(
    `e-invoice (12 lines, median of ${RUNS}): ZUGFeRD (map + CII + PDF/A-3 embedding) ${embedMs.toFixed(1)} ms; XRechnung XML ${xmlMs.toFixed(1)} ms; the invoice PDF itself ${renderMs.toFixed(1)} ms (information); validators compiled once per process in ${warmMs.toFixed(0)} ms`,
  );
  report({ name: 'einvoice-12-lines', measured: embedMs, limit: 100, unit: ' ms', kind: 'max', digits: 1 });
}
