import postgres from 'postgres';

/**
 * The service for Playwright, on a database of its own: with DATABASE_URL, a fresh schema on that server
 * (so runs never see each other's accounts, mails or rate-limit counters); without it, the embedded
 * database in the temp DATA_DIR the config passes. Schemas of runs older than two hours are dropped.
 */
const url = process.env.DATABASE_URL;
if (url) {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const stale = await admin<
    { nspname: string }[]
  >`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'e2e\\_%'`;
  // Only schemas older than two hours: another run may be using a newer one right now.
  const cutoff = Date.now() - 2 * 60 * 60 * 1000;
  for (const { nspname } of stale) {
    const started = Number.parseInt(nspname.slice(4), 36);
    if (Number.isNaN(started) || started < cutoff) {
      await admin.unsafe(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    }
  }
  const schema = `e2e_${Date.now().toString(36)}`;
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('search_path', schema);
  process.env.DATABASE_URL = scoped.toString();
}
await import('../../api/main');
