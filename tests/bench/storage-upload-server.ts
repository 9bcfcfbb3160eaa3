import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../../api/config';
import type { AppEnv } from '../../api/http/context';
import { onError } from '../../api/http/errors';
import { createLogger } from '../../api/http/logger';
import { createStore } from '../../api/storage/create-store';
import { uploadToStore } from '../../api/storage/multipart-upload';
import { createMemoryProbe } from './memory-probe';

/**
 * The storage bench's server: the upload helper the Files feature will mount (`uploadToStore`, the
 * spec's 10 MB limit) on the store the environment names (STORAGE_DRIVER, S3_*), served by
 * @hono/node-server as the app is, plus its own memory probe.
 */
const config = loadConfig(process.env);
const store = createStore(config, createLogger('warn'));
const memory = createMemoryProbe();
const app = new Hono<AppEnv>();
app.onError(onError);
app.put('/api/bench/upload', async (c) =>
  c.json(await uploadToStore(c, store, { field: 'file', key: 'bench/upload.bin' }), 200),
);
app.post('/bench/memory/start', (c) => {
  memory.start();
  return c.json({ ok: true });
});
app.post('/bench/memory/stop', (c) => c.json(memory.stop()));
app.get('/bench/health', (c) => c.text('ok'));
serve({ fetch: app.fetch, port: config.PORT, hostname: '127.0.0.1' });
