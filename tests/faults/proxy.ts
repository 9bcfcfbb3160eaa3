import http from 'node:http';
import net from 'node:net';

/**
 * A small load balancer in front of service instances, as production has one: round robin over the
 * upstreams' ports, HTTP and WebSocket upgrades. Like a real balancer it moves a request to the next
 * upstream only when the connection could not be made (nothing was sent, so nothing can run twice); a
 * connection that fails after the request went out is answered 502. A new connection per request
 * (no keep-alive to the upstreams), so an instance that closes its idle connections on shutdown never
 * races a request reusing one. The client's address goes along in `X-Forwarded-For`.
 */
export interface Proxy {
  port: number;
  url: string;
  /** Replaces the upstreams (ports on 127.0.0.1): the next requests go to these. */
  setUpstreams(ports: number[]): void;
  /** Requests and upgrades handed to each upstream port so far. */
  counts: Map<number, number>;
  close(): Promise<void>;
}

export async function startProxy(
  upstreams: number[],
  {
    keepAlive = false,
  }: {
    /**
     * Keeps connections to the upstreams alive and reuses them, as nginx's `keepalive` or Envoy do: an
     * instance that closes such a connection while the proxy sends on it costs a 502 (a request sent on a
     * reused connection is never moved to another upstream, it may have run). Default: a new connection
     * per request.
     */
    keepAlive?: boolean;
  } = {},
): Promise<Proxy> {
  let ports = [...upstreams];
  const agent = keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 32 }) : false;
  let turn = 0;
  const counts = new Map<number, number>();
  const sockets = new Set<net.Socket>();

  /** The upstreams in this request's order: the next in turn first, then the others. */
  const order = () => {
    const list = ports.map((_, i) => ports[(turn + i) % ports.length] as number);
    turn = (turn + 1) % Math.max(ports.length, 1);
    return list;
  };
  const count = (port: number) => counts.set(port, (counts.get(port) ?? 0) + 1);
  const forwardedFor = (req: http.IncomingMessage) =>
    [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const candidates = order();
      const attempt = () => {
        const port = candidates.shift();
        if (port === undefined) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream');
          return;
        }
        let connected = false;
        const upstream = http.request({
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            'x-forwarded-for': forwardedFor(req),
            connection: keepAlive ? 'keep-alive' : 'close',
          },
          agent,
        });
        upstream.on('socket', (socket) => {
          // A reused kept-alive connection is connected already.
          if (!socket.connecting) connected = true;
          else socket.once('connect', () => (connected = true));
        });
        upstream.on('response', (answer) => {
          count(port);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        upstream.on('error', () => {
          if (!connected) return attempt();
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed');
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt();
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const candidates = order();
    const attempt = () => {
      const port = candidates.shift();
      if (port === undefined) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        count(port);
        sockets.add(upstream);
        const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(headers)) {
          for (const v of Array.isArray(value) ? value : [value])
            if (v !== undefined) lines.push(`${name}: ${v}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
      });
      upstream.on('error', () => {
        if (!connected) return attempt();
        client.destroy();
      });
    };
    attempt();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    setUpstreams(next) {
      ports = [...next];
      turn = 0;
    },
    counts,
    async close() {
      if (agent) agent.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
