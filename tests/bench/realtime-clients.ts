import { WebSocket } from 'ws';

/**
 * The realtime bench's load generator, in its own process: opens groups of sockets (to the app, with a
 * portal hello each, or to the bare baseline) and, when armed with a marker, reports when the first and
 * the last socket of a group received a message containing it (absolute high-resolution time, so the
 * bench process can subtract its own send time).
 */
type Command =
  | {
      type: 'connect';
      group: string;
      url: string;
      origin: string;
      protocol?: string;
      hellos?: object[];
      count: number;
    }
  | { type: 'arm'; group: string; marker: string }
  | { type: 'sample'; group: string }
  | { type: 'close'; group: string }
  | { type: 'stop' };

const now = () => performance.timeOrigin + performance.now();
const groups = new Map<string, WebSocket[]>();
let armed: { group: string; marker: Buffer; got: Uint8Array; left: number; first: number } | null = null;
let sample = '';

function onMessage(this: WebSocket & { group?: string; index?: number }, data: Buffer) {
  const a = armed;
  if (this.index === 0) sample = data.toString();
  if (!a || a.group !== this.group || this.index === undefined) return;
  if (a.got[this.index] || data.indexOf(a.marker) < 0) return;
  a.got[this.index] = 1;
  const t = now();
  if (!a.first) a.first = t;
  a.left -= 1;
  if (a.left === 0) {
    armed = null;
    process.send?.({ type: 'done', first: a.first, last: t });
  }
}

async function open(c: Extract<Command, { type: 'connect' }>, index: number): Promise<WebSocket> {
  const ws = new WebSocket(c.url, c.protocol ? [c.protocol] : [], {
    headers: { Origin: c.origin },
    perMessageDeflate: false,
  }) as WebSocket & { group?: string; index?: number };
  ws.group = c.group;
  ws.index = index;
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      const hello = c.hellos?.[index];
      if (!hello) return resolve();
      ws.send(JSON.stringify(hello));
      const wait = (data: Buffer) => {
        if (data.includes('"synced"')) {
          ws.off('message', wait);
          resolve();
        }
      };
      ws.on('message', wait);
    });
    ws.once('close', (code) => reject(new Error(`closed ${code}`)));
  });
  ws.on('message', onMessage);
  return ws;
}

process.on('message', async (c: Command) => {
  if (c.type === 'connect') {
    const sockets: WebSocket[] = [];
    for (let i = 0; i < c.count; i += 100) {
      const batch = [];
      for (let j = i; j < Math.min(c.count, i + 100); j++) batch.push(open(c, j));
      sockets.push(...(await Promise.all(batch)));
    }
    groups.set(c.group, sockets);
    process.send?.({ type: 'connected', count: sockets.length });
  } else if (c.type === 'arm') {
    const size = groups.get(c.group)?.length ?? 0;
    armed = {
      group: c.group,
      marker: Buffer.from(c.marker),
      got: new Uint8Array(size),
      left: size,
      first: 0,
    };
    process.send?.({ type: 'armed' });
  } else if (c.type === 'sample') {
    process.send?.({ type: 'sample', text: sample });
  } else if (c.type === 'close') {
    const sockets = groups.get(c.group) ?? [];
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise((resolve) => {
            ws.once('close', resolve);
            ws.close();
          }),
      ),
    );
    groups.delete(c.group);
    process.send?.({ type: 'closed' });
  } else if (c.type === 'stop') {
    for (const sockets of groups.values()) for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.send?.({ type: 'ready' });
