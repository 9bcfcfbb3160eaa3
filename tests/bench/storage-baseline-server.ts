import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createMemoryProbe } from './memory-probe';

/**
 * The storage bench's baseline: a minimal node:http server that streams each request body, as it comes,
 * into one file on the same disk as the local store (no parsing, no hashing, no flush), and streams that
 * file back on `GET /bench/file` (the download baseline), with the same memory probe.
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
  if (req.method === 'GET' && req.url === '/bench/file') {
    // The download baseline: the same file streamed back from disk, nothing else.
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': statSync(file).size });
    await pipeline(createReadStream(file), res);
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
