import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import PDFDocument from 'pdfkit';
import postgres from 'postgres';
import sharp from 'sharp';
import { hashPassword } from '../../api/auth/password';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { invoicePdfFile } from '../../api/services/invoices/pdf/load';
import { insertTestInvoice } from '../../api/services/invoices/pdf/testing';
import { portalLogoKey } from '../../api/storage/keys';
import { createLocalStore } from '../../api/storage/local-store';
import { freePort, freshDatabase } from './app';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { type Budget, median } from './report';

/*
 * `BENCH_ONLY=invoices`: the issue's invoice budgets.
 * - The invoice list with totals (`GET /api/invoices`, first page of 50, authenticated) for a provider with
 *   50,000 invoices (among 100,000 in the table) on the production app, against a minimal node:http +
 *   postgres.js server running the same SQL (`invoices-baseline-server.ts`), side by side on one PostgreSQL
 *   database at 50 connections, interleaved rounds, median of 3: the app's p99 ≤ 300 ms
 *   (`invoice-list-totals-p99`) and its throughput ≥ 0.9× the baseline's; the load average is printed beside
 *   (the machine is shared).
 * - PDF generation per invoice (`invoicePdfFile`: the scoped load, the logo from the store, the render) against
 *   pdfkit's own minimal invoice (a bare document with a few text lines in its built-in Helvetica): for
 *   information, no limit.
 */

const tsx = 'node_modules/.bin/tsx';
const INVOICES = 50_000;
const OTHER_PROVIDERS = 2;
const OTHER_INVOICES = 25_000;
const CLIENT_COUNT = 200;
const PROJECT_COUNT = 100;
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 30);

type Load = { rps: number; p99: number; errors: number };

function load(url: string, cookie: string, seconds: number) {
  return new Promise<Load>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers: { cookie } }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

/**
 * A provider's clients, projects and `count` invoices in a few statements, valid under migration 0014's checks:
 * 5 % drafts (no number, not issued), 20 % sent, 10 % overdue, 55 % paid (paid_at), 10 % cancelled (a credit
 * note each); amount = subtotal + 19 % tax (rounded half up, as computeTotals does), EUR and USD alternating,
 * one line each, a third with a project, created over the last ~3 years. `opts` sets the clients (200) and
 * projects (100); the analytics bench seeds its own payments, files and messages on top.
 */
export async function seedProvider(
  sql: Sql,
  label: string,
  count: number,
  passwordHash: string,
  opts: { clients?: number; projects?: number } = {},
): Promise<string> {
  const CLIENTS = opts.clients ?? CLIENT_COUNT;
  const PROJECTS = opts.projects ?? PROJECT_COUNT;
  const [user] = await sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at)
    VALUES (${`${label}@bench.example`}, ${passwordHash}, now()) RETURNING id`;
  const userId = user?.id as string;
  await sql`INSERT INTO profiles (user_id, full_name, business_name) VALUES (${userId}, ${label}, ${`${label} GmbH`})`;
  const [portal] = await sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name) VALUES (${userId}, ${`${label} portal`}) RETURNING id`;
  const clients = await sql<{ id: string }[]>`
    INSERT INTO clients (provider_id, portal_id, name, email, company)
    SELECT ${userId}, ${portal?.id as string}, 'Client ' || g, 'client' || g || '@' || ${label} || '.example',
      CASE WHEN g % 3 = 0 THEN NULL ELSE 'Company ' || g END
    FROM generate_series(1, ${CLIENTS}) g RETURNING id`;
  const clientIds = clients.map((c) => c.id);
  const projects = await sql<{ id: string }[]>`
    INSERT INTO projects (provider_id, client_id, name)
    SELECT ${userId}, (${clientIds}::uuid[])[1 + g % ${CLIENTS}], 'Project ' || g
    FROM generate_series(1, ${PROJECTS}) g RETURNING id`;
  const projectIds = projects.map((p) => p.id);
  await sql`
    INSERT INTO invoices (provider_id, client_id, project_id, number, amount_cents, subtotal_cents, tax_cents,
      currency, status, language, description, due_date, issued_at, paid_at, paid_via, cancelled_at,
      created_at, updated_at)
    SELECT ${userId}, (${clientIds}::uuid[])[1 + g % ${CLIENTS}],
      CASE WHEN g % 3 = 0 THEN (${projectIds}::uuid[])[1 + g % ${PROJECTS}] END,
      CASE WHEN status = 'draft' THEN NULL ELSE 'INV-' || lpad(g::text, 6, '0') END,
      net + tax, net, tax, CASE WHEN g % 2 = 0 THEN 'EUR' ELSE 'USD' END, status,
      CASE WHEN g % 2 = 0 THEN 'de' ELSE 'en' END, 'Work package ' || g,
      (created + interval '14 days')::date,
      CASE WHEN status = 'draft' THEN NULL ELSE created + interval '1 hour' END,
      CASE WHEN status = 'paid' THEN created + interval '10 days' END,
      CASE WHEN status = 'paid' THEN 'manual' END,
      CASE WHEN status = 'cancelled' THEN created + interval '20 days' END,
      created, created
    FROM (
      SELECT g, net, (net * 1900 * 2 + 10000) / 20000 AS tax,
        (ARRAY['draft','sent','sent','sent','sent','overdue','overdue','paid','paid','paid','paid','paid',
               'paid','paid','paid','paid','paid','paid','cancelled','cancelled'])[1 + g % 20] AS status,
        now() - make_interval(mins => g * 30) AS created
      FROM (SELECT g, (1000 + (g * 7919) % 800000)::bigint AS net FROM generate_series(1, ${count}) g) n
    ) s`;
  await sql`
    INSERT INTO invoice_lines (provider_id, invoice_id, position, description, quantity_milli, unit_price_cents,
      tax_rate_bp, amount_cents)
    SELECT provider_id, id, 1, coalesce(description, 'Work'), 1000, subtotal_cents, 1900, subtotal_cents
    FROM invoices WHERE provider_id = ${userId}`;
  await sql`
    INSERT INTO credit_notes (provider_id, invoice_id, number, reason, amount_cents, created_at)
    SELECT provider_id, id, 'CN-' || lpad((row_number() OVER (ORDER BY created_at))::text, 6, '0'), NULL,
      amount_cents, cancelled_at
    FROM invoices WHERE provider_id = ${userId} AND status = 'cancelled'`;
  return userId;
}

export interface InvoicesBench {
  app: { rps: number; p99: number };
  baseline: { rps: number; p99: number };
  pageQueryPlan: string;
  /** `os.loadavg()` right after the timed rounds: the machine is shared, figures mean little without it. */
  loadAverage: number[];
  pdf: { appMs: number; minimalMs: number; bytes: number; pages: number };
}

/** pdfkit's own minimal invoice: a bare document with a few text lines in its built-in font. */
function minimalPdfkitInvoice(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(20).text('Invoice INV-0001');
  doc.fontSize(10).text('Bill to: Client 1');
  doc.text('Work package 1    1 x 100.00 EUR    100.00 EUR');
  doc.text('VAT 19 % on 100.00 EUR    19.00 EUR');
  doc.text('Total    119.00 EUR');
  doc.end();
  return done;
}

async function timeEach(runs: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** PDF generation per invoice, in this process: a 12-line invoice with the portal's logo, vs pdfkit's minimal. */
async function pdfTiming(sql: Sql, providerId: string) {
  const [client] = await sql<{ id: string; portal_id: string }[]>`
    SELECT id, portal_id FROM clients WHERE provider_id = ${providerId} ORDER BY name LIMIT 1`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-invoice-pdf-'));
  const store = createLocalStore(dir);
  try {
    const key = portalLogoKey(providerId, client?.portal_id as string);
    const logo = await sharp({ create: { width: 480, height: 160, channels: 4, background: '#0f766e' } })
      .webp()
      .toBuffer();
    await store.put(key, Readable.from([logo]));
    await sql`UPDATE client_portals SET logo_path = ${key} WHERE id = ${client?.portal_id as string}`;
    await sql`
      INSERT INTO invoice_settings (provider_id, street, postcode, city, country, vat_id, payment_instructions,
                                    footer_note)
      VALUES (${providerId}, 'Hauptstraße 5', '80331', 'München', 'DE', 'DE123456789',
              'IBAN DE89 3704 0044 0532 0130 00', 'Vielen Dank für Ihren Auftrag!')
      ON CONFLICT (provider_id) DO NOTHING`;
    const invoiceId = await insertTestInvoice(sql, {
      providerId,
      clientId: client?.id as string,
      status: 'sent',
      number: 'PDF-BENCH-1',
      language: 'de',
      dueDate: '2026-03-26',
      description: 'Website-Relaunch für die Bäckerei Groß',
      lines: Array.from({ length: 12 }, (_, i) => ({
        description: `Leistung ${i + 1}: Gestaltung, Umsetzung und Abstimmung (Größen, Maße, Straßenkarte)`,
        quantityMilli: 1500 + i * 250,
        unitPriceCents: 8000 + i * 1234,
        taxRateBp: i % 3 === 0 ? 700 : 1900,
      })),
    });
    const scope = { kind: 'provider' as const, providerId, sessionId: '' };
    const sample = await invoicePdfFile({ sql, store }, scope, invoiceId, 'invoice');
    const appMs = await timeEach(PDF_RUNS, () => invoicePdfFile({ sql, store }, scope, invoiceId, 'invoice'));
    const minimalMs = await timeEach(PDF_RUNS, minimalPdfkitInvoice);
    const pages = (sample.bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    return { appMs, minimalMs, bytes: sample.bytes.length, pages };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function invoicesListBench(
  adminUrl: string,
  ports: { app: number; baseline: number },
  seconds = 5,
): Promise<InvoicesBench | { skipped: string }> {
  const { url: dbUrl } = await freshDatabase(adminUrl, 'bench_invoices');
  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} }) as unknown as Sql;
  let userId: string;
  let token: string;
  let pageQueryPlan: string;
  let pdf: InvoicesBench['pdf'];
  try {
    await migrate(sql);
    const passwordHash = await hashPassword('benchmark');
    userId = await seedProvider(sql, 'provider0', INVOICES, passwordHash);
    const others: string[] = [];
    for (let i = 1; i <= OTHER_PROVIDERS; i++)
      others.push(await seedProvider(sql, `provider${i}`, OTHER_INVOICES, passwordHash));
    await sql`ANALYZE`;
    token = (await createSession(sql, userId, new Date())).token;
    pageQueryPlan = (
      await sql.unsafe<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN (ANALYZE, BUFFERS) SELECT i.id FROM invoices i
           JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
           LEFT JOIN projects p ON p.provider_id = i.provider_id AND p.id = i.project_id
           LEFT JOIN credit_notes cn ON cn.provider_id = i.provider_id AND cn.invoice_id = i.id
         WHERE i.provider_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT 51;
         `,
        [userId],
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    const plan = async (query: string) =>
      (await sql.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, [userId]))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    // The list's totals as the database keeps them (migration 0026), and, for comparison, the sums over the
    // provider's invoices they replace (a filtered list still runs those).
    const totalsPlan = await plan(
      `SELECT t.status, t.currency::text, t.invoice_count, t.amount_cents::text FROM invoice_totals t
       WHERE t.provider_id = $1 ORDER BY t.status, t.currency`,
    );
    const summedPlan = await plan(
      `SELECT i.status, i.currency::text, count(*)::int, sum(i.amount_cents::int)::text
       FROM invoices i WHERE i.provider_id = $1 GROUP BY i.status, i.currency ORDER BY i.status, i.currency`,
    );
    pageQueryPlan = `${pageQueryPlan}\n--- totals (invoice_totals) ---\n${totalsPlan}\n--- totals summed over the invoices (filtered lists) ---\n${summedPlan}`;
    // On another provider, so the listed provider keeps exactly INVOICES invoices.
    pdf = await pdfTiming(sql, others[0] as string);
  } finally {
    await sql.end();
  }

  const children: Started[] = [];
  try {
    const env = { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' };
    const appUrl = `http://127.0.0.1:${ports.app}/api/invoices`;
    const baseUrl = `http://127.0.0.1:${ports.baseline}/`;
    await Promise.all([assertFree(`http://127.0.0.1:${ports.app}/`), assertFree(baseUrl)]);
    const app = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(ports.app), LOG_LEVEL: 'warn' });
    const base = startProcess(tsx, ['tests/bench/invoices-baseline-server.ts'], {
      ...env,
      PORT: String(ports.baseline),
    });
    children.push(app, base);
    await Promise.all([
      waitForUrl(`http://127.0.0.1:${ports.app}/api/health`, app.child),
      waitForUrl(baseUrl, base.child),
    ]);

    const cookie = `session=${token}`;
    const first = await fetch(appUrl, { headers: { cookie } });
    if (first.status === 404) {
      return {
        skipped: `GET /api/invoices is not on this branch yet (404); PDF per invoice ${pdf.appMs.toFixed(1)} ms vs pdfkit minimal ${pdf.minimalMs.toFixed(1)} ms`,
      };
    }
    // Both answer the same page and totals before anything is timed.
    type Answer = {
      items: { id: string }[];
      totals: { status: string; count: number; amounts: unknown[] }[];
      nextCursor: string | null;
    };
    const a = (await first.json()) as Answer;
    const b = (await (await fetch(baseUrl, { headers: { cookie } })).json()) as Answer;
    const count = a.totals?.reduce((n, t) => n + t.count, 0);
    if (a.items?.length !== 50 || count !== INVOICES || !a.nextCursor) {
      throw new Error(`unexpected app answer: ${a.items?.length} items, ${count} invoices in the totals`);
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      throw new Error('the app and the baseline answer differently');
    }

    await load(appUrl, cookie, 2);
    await load(baseUrl, cookie, 2);
    const appRuns: Load[] = [];
    const baseRuns: Load[] = [];
    for (let round = 0; round < 3; round++) {
      const x = await load(appUrl, cookie, seconds);
      const y = await load(baseUrl, cookie, seconds);
      if (x.errors || y.errors) throw new Error(`errors during load: app ${x.errors}, baseline ${y.errors}`);
      appRuns.push(x);
      baseRuns.push(y);
    }
    return {
      app: { rps: median(appRuns.map((r) => r.rps)), p99: median(appRuns.map((r) => r.p99)) },
      baseline: { rps: median(baseRuns.map((r) => r.rps)), p99: median(baseRuns.map((r) => r.p99)) },
      pageQueryPlan,
      loadAverage: loadavg(),
      pdf,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}

/** Runs the invoice benches and reports their budgets. */
export async function invoicesBench(report: (b: Budget) => void, adminUrl: string) {
  const r = await invoicesListBench(adminUrl, { app: await freePort(), baseline: await freePort() });
  if ('skipped' in r) {
    console.log(`invoices list: skipped: ${r.skipped}`);
    return;
  }
  console.log(
    `invoices list (first page of 50 with totals; ${INVOICES.toLocaleString('en')} invoices of the provider, ${(INVOICES + OTHER_PROVIDERS * OTHER_INVOICES).toLocaleString('en')} in the table; 50 connections): app ${r.app.rps.toFixed(0)} req/s p99 ${r.app.p99} ms; baseline node:http+postgres.js ${r.baseline.rps.toFixed(0)} req/s p99 ${r.baseline.p99} ms`,
  );
  console.log(`invoices list query plans:\n${r.pageQueryPlan}`);
  console.log(
    `load average (1, 5, 15 min) after the list's runs: ${r.loadAverage.map((l) => l.toFixed(2)).join(', ')}`,
  );
  report({
    name: 'invoice-list-totals-p99',
    measured: r.app.p99,
    limit: 300,
    unit: ' ms',
    kind: 'max',
    digits: 0,
  });
  report({
    name: 'invoices-list-throughput-ratio',
    measured: r.app.rps / r.baseline.rps,
    limit: 0.9,
    unit: '×',
    kind: 'min',
  });
  console.log(
    `invoice PDF per invoice (12 lines, logo, load + render, median of ${PDF_RUNS}): ${r.pdf.appMs.toFixed(1)} ms (${r.pdf.pages} page(s), ${(r.pdf.bytes / 1024).toFixed(0)} KB); pdfkit's minimal invoice ${r.pdf.minimalMs.toFixed(1)} ms; ratio ${(r.pdf.appMs / r.pdf.minimalMs).toFixed(1)}× (information, no limit)`,
  );
}
