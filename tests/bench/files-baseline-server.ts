import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The files bench's baseline: a minimal node:http server that streams an upload's body, as it comes, into
 * one file on the same disk as the app's store (no parsing, no hashing, no database), and streams that
 * file back on GET with its length.
 */
const file = join(process.env.DATA_DIR as string, 'baseline.bin');
createServer(async (req, res) => {
  if (req.url === '/bench/health') {
    res.end('ok');
    return;
  }
  if (req.method === 'POST') {
    await pipeline(req, createWriteStream(file));
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/pdf',
    'content-length': String(statSync(file).size),
  });
  await pipeline(createReadStream(file), res);
}).listen(Number(process.env.PORT), '127.0.0.1');
