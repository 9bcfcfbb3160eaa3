import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES } from '../../shared/remotes';
import { freePort, withApp } from './app';
import { clientsListThroughput } from './clients-list';
import { coldStartMs } from './cold-start';
import { type LighthouseResult, lighthouseRun, medianResult } from './lighthouse';
import { type Budget, formatBudget } from './report';
import { sessionThroughput } from './session-throughput';
import { remoteEntryKb } from './sizes';

/**
 * `npm run bench`: every performance budget of the issues, measured against a baseline in the same run
 * where the budget is a ratio. Prints `budget <name>: <measured> (limit <limit>) ok|over` per budget and
 * the raw numbers behind each. Set BENCH_ONLY=sizes,session,clients,lighthouse,cold-start,navigate,portal,widget,storage,files,jobs,realtime,invoices,einvoices,keys,webhooks,analytics,slots,rls,overload to run a subset.
 */
const DIST = 'dist';
/** Lighthouse runs per page of the dashboard's budgets (their median counts): single runs vary by several points. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ADMIN_DB =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = new Set((process.env.BENCH_ONLY ?? 'sizes,session,clients,lighthouse,cold-start').split(','));
const budgets: Budget[] = [];
const report = (b: Budget) => {
  budgets.push(b);
  console.log(formatBudget(b));
};

// Every bench but the job queue's, the realtime, the storage and the files one loads the built frontends.
const needsFrontends = [...only].some(
  (name) =>
    ![
      'jobs',
      'realtime',
      'files',
      'invoices',
      'einvoices',
      'storage',
      'keys',
      'webhooks',
      'analytics',
      'slots',
      'rls',
      'overload',
    ].includes(name),
);
if (needsFrontends && !existsSync(join(DIST, 'host', 'index.html'))) {
  const build = spawnSync('npx', ['rsbuild', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (only.has('sizes')) {
  const { initialJsKb } = await import('./initial-js');
  await withApp(async ({ base, signIn }) => {
    for (const path of ['/', '/auth']) {
      report({
        name: `host-initial-js-gzip ${path}`,
        measured: await initialJsKb(base, path),
        limit: 130,
        unit: ' KB',
        kind: 'max',
        digits: 1,
      });
    }
    report({
      name: 'host-initial-js-gzip /dashboard (signed in)',
      measured: await initialJsKb(base, '/dashboard', await signIn()),
      limit: 130,
      unit: ' KB',
      kind: 'max',
      digits: 1,
    });
  });
  for (const remote of REMOTE_NAMES) {
    report({
      name: `remote-${remote}-first-chunk-gzip`,
      measured: remoteEntryKb(DIST, remote),
      limit: 40,
      unit: ' KB',
      kind: 'max',
      digits: 1,
    });
  }
}

if (only.has('sizes')) {
  const { snippetBytes, runtimeKb } = (await import('./widget-sizes')).widgetSizes(DIST);
  report({
    name: 'widget-snippet-gzip',
    measured: snippetBytes,
    limit: 600,
    unit: ' B',
    kind: 'max',
    digits: 0,
  });
  report({ name: 'widget-runtime-gzip', measured: runtimeKb, limit: 8, unit: ' KB', kind: 'max', digits: 2 });
}

if (only.has('session')) {
  const r = await sessionThroughput(ADMIN_DB, { app: await freePort(), baseline: await freePort() });
  console.log(
    `session GET: app ${r.app.rps.toFixed(0)} req/s p99 ${r.app.p99} ms; baseline node:http+postgres.js ${r.baseline.rps.toFixed(0)} req/s p99 ${r.baseline.p99} ms`,
  );
  report({
    name: 'session-get-throughput-ratio',
    measured: r.app.rps / r.baseline.rps,
    limit: 0.85,
    unit: '×',
    kind: 'min',
  });
  report({
    name: 'session-get-p99-ratio',
    measured: r.app.p99 / Math.max(r.baseline.p99, 1),
    limit: 1.5,
    unit: '×',
    kind: 'max',
  });
}

if (only.has('clients')) {
  const r = await clientsListThroughput(ADMIN_DB, { app: await freePort(), baseline: await freePort() });
  console.log(
    `clients list (search, page of 50; ${r.total} matches of 10,000 clients, 100,000 in the table; 50 connections): app ${r.app.rps.toFixed(0)} req/s p99 ${r.app.p99} ms; baseline node:http+postgres.js ${r.baseline.rps.toFixed(0)} req/s p99 ${r.baseline.p99} ms`,
  );
  console.log(`clients list query plan:\n${r.plan}`);
  report({
    name: 'clients-list-throughput-ratio',
    measured: r.app.rps / r.baseline.rps,
    limit: 0.7,
    unit: '×',
    kind: 'min',
  });
  report({
    name: 'clients-list-p99-ratio',
    measured: r.app.p99 / Math.max(r.baseline.p99, 1),
    limit: 2,
    unit: '×',
    kind: 'max',
  });
}

if (only.has('lighthouse')) {
  const { buildTrivialPage, serveTrivialPage } = await import('./trivial-page');
  await buildTrivialPage();
  const trivial = await serveTrivialPage();
  try {
    await withApp(async ({ base, signIn }) => {
      const cookie = await signIn();
      // Each page LIGHTHOUSE_RUNS times, interleaved (a drift of the machine's speed hits every page alike);
      // the budgets take each page's medians.
      const pages: { label: string; url: string; cookie?: string }[] = [
        { label: 'trivial React page', url: trivial.url },
        { label: '/', url: `${base}/` },
        { label: '/auth', url: `${base}/auth` },
        { label: '/dashboard (signed in)', url: `${base}/dashboard`, cookie },
      ];
      const runs = pages.map(() => [] as LighthouseResult[]);
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        for (const [j, page] of pages.entries()) runs[j]?.push(await lighthouseRun(page.url, page.cookie));
      }
      const [baseline, home, auth, dash] = pages.map((page, j) => {
        const r = runs[j] ?? [];
        const m = medianResult(r);
        console.log(
          `lighthouse ${page.label} (median of ${LIGHTHOUSE_RUNS}): score ${m.score}, LCP ${m.lcpMs.toFixed(0)} ms, TBT ${m.tbtMs.toFixed(0)} ms (scores ${r.map((x) => x.score).join(' ')})`,
        );
        return m;
      });
      if (!baseline || !home || !auth || !dash) throw new Error('bench: a Lighthouse page is missing');
      for (const [path, r] of [
        ['/', home],
        ['/auth', auth],
      ] as const) {
        report({
          name: `lighthouse-performance ${path}`,
          measured: r.score,
          limit: 95,
          kind: 'min',
          digits: 0,
        });
      }
      report({
        name: 'lighthouse-performance /dashboard',
        measured: dash.score,
        limit: 95,
        kind: 'min',
        digits: 0,
      });
      report({
        name: 'dashboard-lcp-vs-trivial-react',
        measured: dash.lcpMs / baseline.lcpMs,
        limit: 2,
        unit: '×',
        kind: 'max',
      });
    });
  } finally {
    await trivial.close();
  }
}

if (only.has('cold-start')) {
  report({
    name: 'cold-start-npm-start',
    measured: (await coldStartMs(await freePort())) / 1000,
    limit: 1.5,
    unit: ' s',
    kind: 'max',
  });
}

if (only.has('navigate') || !process.env.BENCH_ONLY)
  report(await (await import('./navigate')).sectionNavigation());

if (only.has('portal') || !process.env.BENCH_ONLY) await (await import('./portal')).portalBench(report);

if (only.has('widget') || !process.env.BENCH_ONLY) await (await import('./widget')).widgetBench(report);

if (only.has('storage') || !process.env.BENCH_ONLY) await (await import('./storage')).storageBench(report);
if (only.has('files') || !process.env.BENCH_ONLY)
  await (await import('./files')).filesBench(report, ADMIN_DB);
if (only.has('jobs') || !process.env.BENCH_ONLY) {
  const { jobPickup, pickupBudgets } = await import('./jobs');
  for (const kind of ['postgres', 'embedded'] as const) {
    const r = await jobPickup(kind, ADMIN_DB);
    console.log(
      `job pickup ${kind} (enqueue → handler start${kind === 'embedded' ? `, polling every ${r.pollMs} ms` : ', LISTEN/NOTIFY'}): p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; a burst drains at ${r.jobsPerSecond.toFixed(0)} jobs/s`,
    );
    for (const b of pickupBudgets(r)) report(b);
  }
}

if (only.has('realtime') || !process.env.BENCH_ONLY)
  await (await import('./realtime')).realtimeBench(ADMIN_DB, report);

if (only.has('keys') || !process.env.BENCH_ONLY) {
  const { keysThroughput } = await import('./keys');
  const r = await keysThroughput(ADMIN_DB, await freePort());
  console.log(
    `clients list GET (page of 50; 50 connections): API key ${r.key.rps.toFixed(0)} req/s p99 ${r.key.p99} ms; session cookie ${r.cookie.rps.toFixed(0)} req/s p99 ${r.cookie.p99} ms`,
  );
  console.log(`API key lookup plan:\n${r.plan}`);
  report({ name: 'api-key-get', measured: r.key.rps / r.cookie.rps, limit: 0.9, unit: 'x', kind: 'min' });
}

if (only.has('invoices') || !process.env.BENCH_ONLY)
  await (await import('./invoices')).invoicesBench(report, ADMIN_DB);

if (only.has('einvoices') || !process.env.BENCH_ONLY)
  await (await import('./einvoices')).eInvoiceBench(report);

if (only.has('webhooks') || !process.env.BENCH_ONLY)
  await (await import('./webhooks')).webhooksBench(report, ADMIN_DB);

if (only.has('analytics') || !process.env.BENCH_ONLY)
  await (await import('./analytics')).analyticsBench(report, ADMIN_DB);
if (only.has('rls') || !process.env.BENCH_ONLY) await (await import('./rls')).rlsBench(report, ADMIN_DB);

if (only.has('slots') || !process.env.BENCH_ONLY)
  await (await import('./slots')).slotsBench(report, ADMIN_DB);

if (only.has('overload') || !process.env.BENCH_ONLY)
  await (await import('./overload')).overloadBench(report, ADMIN_DB);

const over = budgets.filter((b) => (b.kind === 'max' ? b.measured > b.limit : b.measured < b.limit));
console.log(`\n${budgets.length - over.length} of ${budgets.length} budgets ok`);
