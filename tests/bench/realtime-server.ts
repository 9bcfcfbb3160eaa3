import v8 from 'node:v8';
import vm from 'node:vm';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/http/logger';
import { createDeps, startServer } from '../../api/server';

/**
 * The realtime bench's app instance, in its own process so that its memory is its own: the real server
 * (createDeps + startServer, as api/main.ts) on the database DATABASE_URL names. Over IPC it reports its
 * port, and on request its memory after forced collections.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const config = loadConfig(process.env);
const { deps, db } = await createDeps(config, createLogger(config.LOG_LEVEL));
const server = await startServer(deps, db);

const settle = async () => {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
};

process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    await settle();
    const m = process.memoryUsage();
    process.send?.({
      type: 'memory',
      heap: m.heapUsed,
      external: m.external,
      rss: m.rss,
      sockets: server.realtime.hub.stats().sockets,
    });
  } else if (message.type === 'stop') {
    await server.stop();
    process.exit(0);
  }
});
process.send?.({ type: 'ready', port: server.port });
