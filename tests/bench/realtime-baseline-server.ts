import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * The realtime bench's baseline: a bare `ws` server that sends the body of `POST /broadcast` to every
 * connected socket, nothing else (no authentication, no database). Reports its port over IPC.
 */
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/broadcast') {
      const payload = Buffer.concat(chunks).toString();
      process.send?.({ type: 'broadcast', at: performance.timeOrigin + performance.now() });
      for (const ws of wss.clients) ws.send(payload);
    }
    res.end();
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') process.exit(0);
});
