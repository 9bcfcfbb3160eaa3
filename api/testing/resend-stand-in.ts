import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEmail {
  authorization: string | undefined;
  /** The `Idempotency-Key` header, when the SDK sent one. */
  idempotencyKey: string | undefined;
  body: { from: string; to: string | string[]; subject: string; html?: string; text?: string };
}

/**
 * A local stand-in for Resend's HTTP API (only `POST /emails`), so the real `resend` SDK can be exercised
 * without reaching Resend's servers. `failNext(n)` makes the next n calls answer like a Resend error
 * (`failures()` counts those answered so).
 */
export async function startResendStandIn() {
  const received: ReceivedEmail[] = [];
  let failures = 0;
  let failed = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/emails') {
        res.writeHead(404).end(JSON.stringify({ name: 'not_found', message: 'Not found', statusCode: 404 }));
        return;
      }
      if (failures > 0) {
        failures -= 1;
        failed += 1;
        res
          .writeHead(500)
          .end(
            JSON.stringify({ name: 'internal_server_error', message: 'Stand-in failure', statusCode: 500 }),
          );
        return;
      }
      received.push({
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(raw),
      });
      res.writeHead(200).end(JSON.stringify({ id: `stand-in-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(times = 1) {
      failures = times;
    },
    failures: () => failed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
