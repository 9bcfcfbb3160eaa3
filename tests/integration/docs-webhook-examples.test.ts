import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  NODE_VERIFY_EXAMPLE,
  PHP_VERIFY_EXAMPLE,
  PYTHON_VERIFY_EXAMPLE,
  WEBHOOK_SECRET_VARIABLE,
} from '../../host/dashboard/docs/webhook-examples';

/*
 * The documentation's signature checks (host/dashboard/docs/webhook-examples.ts), run as a receiver would
 * run them, on deliveries signed by the Standard Webhooks reference library: a genuine delivery is
 * accepted (also beside an old secret's signature during a rotation); a changed body, another secret's
 * signature and an old timestamp are refused.
 */

const hasPhp = spawnSync('php', ['--version']).status === 0;
const hasPython = spawnSync('python3', ['--version']).status === 0;

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const secret = newSecret();
const body = JSON.stringify({
  type: 'invoice.paid',
  timestamp: new Date().toISOString(),
  data: { object: { id: '6f8e7d1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f', status: 'paid', amountCents: 120000 } },
});

type Delivery = { headers: Record<string, string>; body: string };

/** A delivery signed by `signingSecret` at `at` (what the platform sends). */
function signed(signingSecret: string, at = new Date(), payload = body): Delivery {
  const id = `msg_${randomBytes(8).toString('hex')}`;
  const signature = new Webhook(signingSecret).sign(id, at, payload);
  return {
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: payload,
  };
}

const cases: [string, () => Delivery, boolean][] = [
  ['a genuine delivery', () => signed(secret), true],
  [
    'a delivery during a rotation (old and new secret both sign)',
    () => {
      const delivery = signed(secret);
      const old = new Webhook(newSecret()).sign(
        delivery.headers['webhook-id'] as string,
        new Date(Number(delivery.headers['webhook-timestamp']) * 1000),
        body,
      );
      delivery.headers['webhook-signature'] = `${old} ${delivery.headers['webhook-signature']}`;
      return delivery;
    },
    true,
  ],
  [
    'a changed body',
    () => {
      const delivery = signed(secret);
      return { ...delivery, body: delivery.body.replace('120000', '1') };
    },
    false,
  ],
  ['another secret', () => signed(newSecret()), false],
  ['a timestamp 6 minutes old', () => signed(secret, new Date(Date.now() - 6 * 60_000)), false],
  ['a timestamp 6 minutes ahead', () => signed(secret, new Date(Date.now() + 6 * 60_000)), false],
  [
    'no signature',
    () => {
      const delivery = signed(secret);
      delivery.headers['webhook-signature'] = '';
      return delivery;
    },
    false,
  ],
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'docs-webhooks-'));
  writeFileSync(join(dir, 'verify-webhook.mjs'), NODE_VERIFY_EXAMPLE);
  writeFileSync(join(dir, 'verify_webhook.py'), PYTHON_VERIFY_EXAMPLE);
  const fn = PHP_VERIFY_EXAMPLE.slice(0, PHP_VERIFY_EXAMPLE.indexOf('// The endpoint.'));
  writeFileSync(
    join(dir, 'verify.php'),
    `${fn}\ntry { echo json_encode(verify_webhook($argv[1], $argv[2], $argv[3], $argv[4])); } catch (Throwable $e) { fwrite(STDERR, $e->getMessage()); exit(1); }\n`,
  );
  writeFileSync(join(dir, 'endpoint.php'), PHP_VERIFY_EXAMPLE);
});

const env = (signingSecret = secret) => ({ ...process.env, [WEBHOOK_SECRET_VARIABLE]: signingSecret });

/** Runs one example on a delivery: the event it returned, or null when it refused. */
function run(language: 'node' | 'php' | 'python', delivery: Delivery): unknown {
  const { headers } = delivery;
  const result =
    language === 'node'
      ? spawnSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `import { verifyWebhook } from ${JSON.stringify(join(dir, 'verify-webhook.mjs'))};
             process.stdout.write(JSON.stringify(verifyWebhook(JSON.parse(process.argv[1]), process.argv[2])));`,
            JSON.stringify(headers),
            delivery.body,
          ],
          { env: env(), encoding: 'utf8' },
        )
      : language === 'php'
        ? spawnSync(
            'php',
            [
              join(dir, 'verify.php'),
              headers['webhook-id'] ?? '',
              headers['webhook-timestamp'] ?? '',
              headers['webhook-signature'] ?? '',
              delivery.body,
            ],
            { env: env(), encoding: 'utf8' },
          )
        : spawnSync(
            'python3',
            [
              '-c',
              'import json, sys\nfrom verify_webhook import verify_webhook\nprint(json.dumps(verify_webhook(json.loads(sys.argv[1]), sys.argv[2].encode())))',
              JSON.stringify(headers),
              delivery.body,
            ],
            { env: env(), encoding: 'utf8', cwd: dir },
          );
  if (result.status !== 0) {
    // A refusal is the example's own error, never a crash of the runtime (a syntax error would say so).
    expect(result.stderr).toMatch(/invalid signature|timestamp|not a webhook delivery|not a delivery/);
    return null;
  }
  return JSON.parse(result.stdout);
}

describe.each([
  ['Node', 'node', true],
  ['PHP', 'php', hasPhp],
  ['Python', 'python', hasPython],
] as const)('the %s example', (_, language, available) => {
  it.skipIf(!available).each(cases.map(([name, make, accepted]) => [name, accepted, make] as const))(
    '%s (accepted: %s)',
    (_name, accepted, make) => {
      const delivery = make();
      const event = run(language, delivery);
      if (accepted) expect(event).toEqual(JSON.parse(body));
      else expect(event).toBeNull();
    },
  );
});

describe.skipIf(!hasPhp)('the PHP endpoint', () => {
  /** The whole example as a PHP endpoint (php-cgi's way of passing the headers): its status code. */
  function status(delivery: Delivery): string {
    const run = spawnSync(
      'php',
      [
        '-r',
        `$_SERVER['HTTP_WEBHOOK_ID'] = $argv[1]; $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] = $argv[2];
         $_SERVER['HTTP_WEBHOOK_SIGNATURE'] = $argv[3];
         register_shutdown_function(function () { fwrite(STDERR, (string) http_response_code()); });
         $code = file_get_contents($argv[4]);
         eval('?>' . str_replace("file_get_contents('php://input')", 'file_get_contents($argv[5])', $code));`,
        '--',
        delivery.headers['webhook-id'] ?? '',
        delivery.headers['webhook-timestamp'] ?? '',
        delivery.headers['webhook-signature'] ?? '',
        join(dir, 'endpoint.php'),
        writeBody(delivery.body),
      ],
      { env: env(), encoding: 'utf8' },
    );
    return run.stderr.trim();
  }
  const writeBody = (text: string) => {
    const file = join(dir, `body-${randomBytes(4).toString('hex')}.json`);
    writeFileSync(file, text);
    return file;
  };

  it('answers 204 to a genuine delivery and 400 to a forged one', () => {
    expect(status(signed(secret))).toBe('204');
    expect(status(signed(newSecret()))).toBe('400');
  });
});
