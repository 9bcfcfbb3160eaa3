import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalWorld, portalWorld } from '../../api/routes/portal-client/testing';
import { tempDataDir } from '../../api/routes/portals/testing';
import { exchange, rotateSecret } from '../../api/routes/widget/testing';
import { createTestContext, type TestContext } from '../../api/testing/harness';
import {
  BROWSER_EXAMPLE,
  NODE_ROUTE_EXAMPLE,
  NODE_SIGN_EXAMPLE,
  PHP_EXAMPLE,
} from '../../shared/widget/handoff-examples';

const doc = readFileSync(join(import.meta.dirname, '../../shared/widget/HANDOFF.md'), 'utf8');
const hasPhp = spawnSync('php', ['--version']).status === 0;

let t: TestContext;
let world: PortalWorld;
let secret: string;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'examples');
  secret = await rotateSecret(t, world.owner, world.portalId);
});
afterAll(() => t.close());

const env = () => ({ ...process.env, CLIENT_PORTAL_ID: world.portalId, CLIENT_PORTAL_WIDGET_SECRET: secret });

describe('the handoff examples', () => {
  it('HANDOFF.md quotes every example verbatim', () => {
    for (const example of [NODE_SIGN_EXAMPLE, NODE_ROUTE_EXAMPLE, PHP_EXAMPLE, BROWSER_EXAMPLE]) {
      expect(doc).toContain(example.trimEnd());
    }
  });

  it('the Node example signs a token the exchange accepts, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'handoff-node-'));
    writeFileSync(join(dir, 'client-portal-token.mjs'), NODE_SIGN_EXAMPLE);
    const token = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { clientPortalToken } from ${JSON.stringify(join(dir, 'client-portal-token.mjs'))};
         process.stdout.write(clientPortalToken(process.argv[1]));`,
        world.client.email,
      ],
      { env: env(), encoding: 'utf8' },
    );
    const res = await exchange(t, world.portalId, token);
    expect(res.status).toBe(200);
    expect((await res.json()).client.email).toBe(world.client.email);
    expect((await exchange(t, world.portalId, token)).status).toBe(401);
  });

  it.skipIf(!hasPhp)('the PHP example signs a token the exchange accepts', async () => {
    const fn = PHP_EXAMPLE.slice(0, PHP_EXAMPLE.indexOf('// The endpoint'));
    const dir = mkdtempSync(join(tmpdir(), 'handoff-php-'));
    writeFileSync(join(dir, 'sign.php'), `${fn}\necho client_portal_token($argv[1]);\n`);
    const token = execFileSync('php', [join(dir, 'sign.php'), world.client.email], {
      env: env(),
      encoding: 'utf8',
    });
    const res = await exchange(t, world.portalId, token);
    expect(res.status).toBe(200);
  });

  it.skipIf(!hasPhp)('the PHP endpoint refuses a visitor who is not signed in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'handoff-php-'));
    writeFileSync(join(dir, 'endpoint.php'), PHP_EXAMPLE);
    const run = spawnSync('php', ['-d', `session.save_path=${dir}`, join(dir, 'endpoint.php')], {
      env: env(),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });
});
