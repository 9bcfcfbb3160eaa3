import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEmail {
  authorization: string | undefined;
  /** The `Idempotency-Key` header, when the SDK sent one. */
  idempotencyKey: string | undefined;
  body: { from: string; to: string | string[]; subject: string; html?: string; text?: string };
}

type Status = 'not_started' | 'pending' | 'verified' | 'failed';

/** A domain as the stand-in keeps it (Resend's shape of `GET /domains/{id}`). */
export interface StandInDomain {
  id: string;
  name: string;
  status: Status;
  created_at: string;
  region: 'us-east-1';
  capabilities: { sending: 'enabled'; receiving: 'disabled' };
  records: {
    record: 'SPF' | 'DKIM';
    name: string;
    type: 'MX' | 'TXT';
    value: string;
    ttl: string;
    status: Status;
    priority?: number;
  }[];
}

/** The label of `name` under its registrable domain, as Resend names records (`send.mail` for `mail.example.com`). */
function subLabel(name: string, label: string): string {
  const parts = name.split('.');
  const sub = parts.slice(0, -2).join('.');
  return sub ? `${label}.${sub}` : label;
}

function recordsFor(name: string): StandInDomain['records'] {
  const dkim = `p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ${randomBytes(48).toString('base64')}IDAQAB`;
  return [
    {
      record: 'SPF',
      name: subLabel(name, 'send'),
      type: 'MX',
      value: 'feedback-smtp.us-east-1.amazonses.com',
      ttl: 'Auto',
      priority: 10,
      status: 'not_started',
    },
    {
      record: 'SPF',
      name: subLabel(name, 'send'),
      type: 'TXT',
      value: '"v=spf1 include:amazonses.com ~all"',
      ttl: 'Auto',
      status: 'not_started',
    },
    {
      record: 'DKIM',
      name: subLabel(name, 'resend._domainkey'),
      type: 'TXT',
      value: dkim,
      ttl: 'Auto',
      status: 'not_started',
    },
  ];
}

const DOMAIN_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/**
 * A local stand-in for Resend's HTTP API, so the real `resend` SDK can be exercised without reaching
 * Resend's servers: `POST /emails`, and the domains API (`POST /domains`, `GET /domains/{id}`,
 * `POST /domains/{id}/verify`, `DELETE /domains/{id}`). `failNext(n)` makes the next n calls answer like a
 * Resend error (`failures()` counts those answered so).
 *
 * Verification is deterministic: a domain becomes `verified` when it is verified after the test said its
 * records are published (`publishRecords(name)`), else it stays `pending` (Resend keeps looking). A name
 * already added (by any account, as at Resend) or listed by `refuseDomain` is refused with 422.
 */
export async function startResendStandIn() {
  const received: ReceivedEmail[] = [];
  const domains = new Map<string, StandInDomain>();
  const published = new Set<string>();
  const refused = new Set<string>();
  let failures = 0;
  let failed = 0;

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status).end(JSON.stringify(body));
  const error = (res: ServerResponse, status: number, name: string, message: string) =>
    send(res, status, { name, message, statusCode: status });

  function route(req: IncomingMessage, res: ServerResponse, raw: string) {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/emails') {
      received.push({
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(raw),
      });
      return send(res, 200, { id: `stand-in-${received.length}` });
    }
    if (req.method === 'POST' && path === '/domains') {
      const { name } = JSON.parse(raw || '{}') as { name?: string };
      if (!name || !DOMAIN_NAME.test(name) || refused.has(name))
        return error(res, 422, 'validation_error', 'The domain is invalid.');
      if ([...domains.values()].some((d) => d.name === name))
        return error(res, 422, 'validation_error', `The domain ${name} has been registered already.`);
      const domain: StandInDomain = {
        id: randomUUID(),
        name,
        status: 'not_started',
        created_at: new Date().toISOString(),
        region: 'us-east-1',
        capabilities: { sending: 'enabled', receiving: 'disabled' },
        records: recordsFor(name),
      };
      domains.set(domain.id, domain);
      return send(res, 200, domain);
    }
    const match = path.match(/^\/domains\/([^/]+)(\/verify)?$/);
    const domain = match?.[1] ? domains.get(decodeURIComponent(match[1])) : undefined;
    if (match && !domain) return error(res, 404, 'not_found', 'Domain not found');
    if (domain && req.method === 'GET' && !match?.[2]) return send(res, 200, { object: 'domain', ...domain });
    if (domain && req.method === 'POST' && match?.[2]) {
      const status: Status = published.has(domain.name) ? 'verified' : 'pending';
      domain.status = status;
      for (const record of domain.records) record.status = status;
      return send(res, 200, { object: 'domain', id: domain.id });
    }
    if (domain && req.method === 'DELETE' && !match?.[2]) {
      domains.delete(domain.id);
      return send(res, 200, { object: 'domain', id: domain.id, deleted: true });
    }
    return error(res, 404, 'not_found', 'Not found');
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (failures > 0) {
        failures -= 1;
        failed += 1;
        return error(res, 500, 'internal_server_error', 'Stand-in failure');
      }
      route(req, res, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The domains added, by id (Resend's view of them). */
    domains,
    /** From now on, verifying `name` finds its DNS records. */
    publishRecords(name: string) {
      published.add(name);
    },
    /** Refuses to add `name` (as Resend does for a domain it will not take). */
    refuseDomain(name: string) {
      refused.add(name);
    },
    failNext(times = 1) {
      failures = times;
    },
    failures: () => failed,
    /**
     * Stops listening (Resend down: connections refused) until `start()`; requests under way are answered
     * first, so nothing it recorded goes unanswered.
     */
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    /** Listens again on the same port after `stop()`. */
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

export type ResendStandIn = Awaited<ReturnType<typeof startResendStandIn>>;
