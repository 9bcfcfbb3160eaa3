import { randomBytes } from 'node:crypto';
import { FILE_MAX_BYTES } from '../../shared/contracts/files';
import { freshDatabase, json, startApp } from './app';

const BOUNDARY = 'bench-files-7d2c41b8';
const file = randomBytes(FILE_MAX_BYTES);
file.write('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 0, 'latin1');
const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="d.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
const body = Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
const pg = process.env.EMBEDDED ? undefined : await freshDatabase('postgres://postgres@127.0.0.1:5432/postgres', `bench_prof_${randomBytes(3).toString('hex')}`);
const app = await startApp({ env: { ...(pg ? { DATABASE_URL: pg.url, SEED_DEMO: 'true' } : {}), NODE_OPTIONS: process.env.PROF ? `--cpu-prof --cpu-prof-dir=${process.env.PROF}` : '' } });
try {
  const cookie = await app.signIn();
  const headers = { Cookie: cookie, Origin: app.base };
  const { items } = await json<{ items: { id: string }[] }>(await fetch(`${app.base}/api/projects?pageSize=1`, { headers }), 'p');
  const up = async () => {
    const t = performance.now();
    await json(await fetch(`${app.base}/api/projects/${items[0]?.id}/files`, { method: 'POST', headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body }), 'up');
    return performance.now() - t;
  };
  await up();
  const times: number[] = [];
  for (let i = 0; i < Number(process.env.N ?? 8); i++) times.push(await up());
  console.log('upload ms', times.map((t) => t.toFixed(0)).join(' '));
} finally {
  await app.stop();
  await pg?.drop();
}
