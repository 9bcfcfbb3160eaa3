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
const gc = vm.runInNewContext('gc') as (options?: object) => void;

const config = loadConfig(process.env);
const { deps, db } = await createDeps(config, createLogger(config.LOG_LEVEL));
// The clock of a delivery starts when the committed message is announced (the app's NOTIFY): the bench
// is told the moment, as the baseline tells it when it starts its broadcast.
const pubsub = deps.pubsub;
deps.pubsub = {
  subscribe: pubsub.subscribe.bind(pubsub),
  publish(channel, payload) {
    if (!payload.startsWith('probe:')) {
      process.send?.({ type: 'published', at: performance.timeOrigin + performance.now() });
    }
    return pubsub.publish(channel, payload);
  },
};
const server = await startServer(deps, db);

/**
 * A steady state: full collections that also give unused heap pages back (V8's memory reducer does the
 * same by itself once a burst of allocation is over; a connection burst leaves garbage, not sockets).
 */
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    await new Promise((r) => setTimeout(r, 200));
  }
};

process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    await settle();
    const m = process.memoryUsage();
    process.send?.({
      type: 'memory',
      heap: m.heapUsed,
      heapTotal: m.heapTotal,
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
