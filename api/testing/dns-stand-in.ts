import { createSocket, type RemoteInfo } from 'node:dgram';
import { type AddressInfo, isIP } from 'node:net';

/** DNS constants (RFC 1035) the stand-in needs. */
const TYPE_TXT = 16;
const TYPE_A = 1;
const TYPE_AAAA = 28;
const CLASS_IN = 1;
const RCODE_NOERROR = 0;
const RCODE_FORMERR = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_NOTIMP = 4;
const HEADER_BYTES = 12;

export interface DnsQuery {
  name: string;
  type: number;
}

/**
 * A local stand-in for a DNS server (UDP, RFC 1035 wire format), so custom-domain verification runs the
 * real resolver (`node:dns` `Resolver` with `setServers`, i.e. `DNS_SERVERS`) end to end without the
 * internet. It answers from a zone the test sets: a name with TXT values answers them; a name set with no
 * values exists without TXT records (the resolver reports ENODATA); any other name does not exist
 * (NXDOMAIN, reported as ENOTFOUND). Other record types of a known name answer empty.
 *
 * Written with `node:dgram` rather than a DNS library: a question and a TXT answer are a few dozen bytes.
 * @example const dns = await startDnsStandIn(); dns.setTxt('_x.example.com', ['token']); dns.address // '127.0.0.1:53535'
 */
export async function startDnsStandIn(options: { port?: number; host?: string } = {}) {
  const zone = new Map<string, string[]>();
  const hosts = new Map<string, string[]>();
  const queries: DnsQuery[] = [];
  const socket = createSocket('udp4');

  socket.on('message', (message: Buffer, peer: RemoteInfo) => {
    const reply = answer(message, zone, hosts, queries);
    if (reply) socket.send(reply, peer.port, peer.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const { address, port } = socket.address() as AddressInfo;

  return {
    /** `host:port`, the form `DNS_SERVERS` and `Resolver#setServers` take. */
    address: `${address}:${port}`,
    port,
    /** Every question asked so far, in order. */
    queries,
    /** Makes `name` exist with these TXT values (none: the name exists but has no TXT record). */
    setTxt(name: string, values: string[]) {
      zone.set(normalise(name), values);
    },
    /** Makes `name` not exist again. */
    remove(name: string) {
      zone.delete(normalise(name));
      hosts.delete(normalise(name));
    },
    /** Gives `name` these addresses (A records for IPv4, AAAA for IPv6), e.g. a webhook host. */
    setAddresses(name: string, addresses: string[]) {
      hosts.set(normalise(name), addresses);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

const normalise = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** The reply to one datagram, or null when it is too short to carry a query id. */
function answer(
  message: Buffer,
  zone: Map<string, string[]>,
  hosts: Map<string, string[]>,
  queries: DnsQuery[],
): Buffer | null {
  if (message.length < HEADER_BYTES) return null;
  const flags = message.readUInt16BE(2);
  const isQuery = (flags & 0x8000) === 0;
  const opcode = (flags >> 11) & 0xf;
  if (!isQuery) return null;
  if (opcode !== 0 || message.readUInt16BE(4) !== 1) return header(message, RCODE_NOTIMP, 0);
  const question = readQuestion(message);
  if (!question) return header(message, RCODE_FORMERR, 0);
  queries.push({ name: question.name, type: question.type });
  const name = normalise(question.name);
  const values = zone.get(name);
  const addresses = hosts.get(name);
  if (!values && !addresses) return Buffer.concat([header(message, RCODE_NXDOMAIN, 1), question.raw]);
  if (question.class === CLASS_IN && (question.type === TYPE_A || question.type === TYPE_AAAA)) {
    const family = question.type === TYPE_A ? 4 : 6;
    const matching = (addresses ?? []).filter((a) => isIP(a) === family);
    return Buffer.concat([
      header(message, RCODE_NOERROR, 1, matching.length),
      question.raw,
      ...matching.map((a) => address(a, question.type)),
    ]);
  }
  const records = question.type === TYPE_TXT && question.class === CLASS_IN ? (values ?? []) : [];
  return Buffer.concat([
    header(message, RCODE_NOERROR, 1, records.length),
    question.raw,
    ...records.map(txt),
  ]);
}

/** The first question: its name (labels joined by dots), type, class and its bytes to echo back. */
function readQuestion(message: Buffer) {
  const labels: string[] = [];
  let offset = HEADER_BYTES;
  for (;;) {
    const length = message[offset];
    if (length === undefined || length > 63) return null; // compression pointers never occur in a query
    offset += 1;
    if (length === 0) break;
    if (offset + length > message.length) return null;
    labels.push(message.toString('latin1', offset, offset + length));
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  return {
    name: labels.join('.'),
    type: message.readUInt16BE(offset),
    class: message.readUInt16BE(offset + 2),
    raw: message.subarray(HEADER_BYTES, offset + 4),
  };
}

/** A response header for `query`: same id and RD bit, authoritative, recursion available. */
function header(query: Buffer, rcode: number, questions: number, answers = 0): Buffer {
  const out = Buffer.alloc(HEADER_BYTES);
  query.copy(out, 0, 0, 2);
  const rd = query.readUInt16BE(2) & 0x0100;
  out.writeUInt16BE(0x8000 | 0x0400 | rd | 0x0080 | rcode, 2);
  out.writeUInt16BE(questions, 4);
  out.writeUInt16BE(answers, 6);
  return out;
}

/** A TXT answer for the question's name (a pointer to offset 12), the value in ≤ 255-byte strings. */
function txt(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i === 0 || i < bytes.length; i += 255) {
    const part = bytes.subarray(i, i + 255);
    chunks.push(Buffer.from([part.length]), part);
  }
  const rdata = Buffer.concat(chunks);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc000 | HEADER_BYTES, 0);
  fixed.writeUInt16BE(TYPE_TXT, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

/** An A or AAAA answer for the question's name (a pointer to offset 12). */
function address(value: string, type: number): Buffer {
  const rdata = type === TYPE_A ? Buffer.from(value.split('.').map(Number)) : Buffer.from(ipv6Bytes(value));
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc000 | HEADER_BYTES, 0);
  fixed.writeUInt16BE(type, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

/** The 16 bytes of an IPv6 address (`::` expanded; a trailing dotted IPv4 part as its 4 bytes). */
function ipv6Bytes(value: string): number[] {
  let text = value;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a, b, c, d] = v4[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}
