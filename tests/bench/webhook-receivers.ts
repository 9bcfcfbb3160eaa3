import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The webhook bench's receivers, in their own process (forked by `webhooks.ts`), so that the memory the
 * bench measures is the delivering worker's alone: an HTTP server's sockets, parsers and buffers would
 * otherwise be counted as the worker's. Starts `count` servers on 127.0.0.1, sends their ports, and once
 * `expected` requests have arrived sends every receipt (`webhook-id` and the wall-clock time of arrival,
 * `performance.timeOrigin + performance.now()`, comparable across processes) in one message.
 * Messages: parent → { count, expected }; child → { ports } then { receipts }.
 */
process.once('message', async (msg: { count: number; expected: number }) => {
  const ids: string[] = [];
  const times: number[] = [];
  const servers: Server[] = [];
  for (let i = 0; i < msg.count; i++) {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        ids.push(String(req.headers['webhook-id']));
        times.push(performance.timeOrigin + performance.now());
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        if (ids.length === msg.expected) process.send?.({ receipts: { ids, times } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  process.send?.({ ports: servers.map((s) => (s.address() as AddressInfo).port) });
  process.once('disconnect', () => {
    for (const server of servers) server.close();
    process.exit(0);
  });
});
