import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createMemoryProbe } from './memory-probe';

/**
 * The storage bench's baseline: a minimal node:http server that streams each request body, as it comes,
 * into one file on the same disk as the local store (no parsing, no hashing, no flush), with the same
 * memory probe.
 */
const file = join(process.env.DATA_DIR as string, 'baseline.bin');
const memory = createMemoryProbe();
createServer(async (req, res) => {
  if (req.url === '/bench/memory/start') {
    memory.start();
    res.end('{"ok":true}');
    return;
  }
  if (req.url === '/bench/memory/stop') {
    res.end(JSON.stringify(memory.stop()));
    return;
  }
  if (req.method !== 'PUT') {
    res.end('ok');
    return;
  }
  await pipeline(req, createWriteStream(file));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
}).listen(Number(process.env.PORT), '127.0.0.1');
