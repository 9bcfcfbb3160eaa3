/**
 * Verifying the signature of an outgoing webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the base64-decoded
 * part of the secret after `whsec_`), in Node, PHP and Python without dependencies.
 * `tests/integration/docs-webhook-examples.test.ts` signs deliveries with the reference library
 * (`standardwebhooks`) and runs these: genuine ones pass; a changed body, another secret and an old
 * timestamp are refused. Code, not prose: not translated.
 */

/** The environment variable the examples read the endpoint's signing secret from. */
export const WEBHOOK_SECRET_VARIABLE = 'CLIENT_PORTAL_WEBHOOK_SECRET';

/** Node.js 18+, `node:crypto` only. */
export const NODE_VERIFY_EXAMPLE = `// verify-webhook.mjs — Node.js 18+, no dependencies.
import { createHmac, timingSafeEqual } from 'node:crypto';

const SECRET = process.env.${WEBHOOK_SECRET_VARIABLE}; // whsec_…, shown once
const TOLERANCE_SECONDS = 5 * 60;

/**
 * The delivery's event if it is genuine, else an error. \`headers\` are the request's (lower-case names),
 * \`body\` the raw body exactly as received (a string or Buffer): verify before you parse it.
 */
export function verifyWebhook(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('not a webhook delivery');
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!(age <= TOLERANCE_SECONDS)) throw new Error('timestamp too old (or in the future)');

  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  // Several signatures, space-separated, while a secret is being rotated: one must match.
  const genuine = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!genuine) throw new Error('invalid signature');
  return JSON.parse(body.toString());
}
`;

/** How the Node function is used in a route (Express): the raw body, a quick 2xx, de-duplication. */
export const NODE_ROUTE_EXAMPLE = `// Express: keep the body raw for this route.
import express from 'express';
import { verifyWebhook } from './verify-webhook.mjs';

app.post('/webhooks/client-portal', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = verifyWebhook(req.headers, req.body);
  } catch {
    return res.sendStatus(400);
  }
  // At least once: the same webhook-id may come again. Skip ids you have handled.
  if (alreadyHandled(req.headers['webhook-id'])) return res.sendStatus(204);
  queueForProcessing(event); // answer within 10 seconds, work afterwards
  res.sendStatus(204);
});
`;

/** The same check with the reference library, for those who prefer a dependency. */
export const NODE_LIBRARY_EXAMPLE = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.${WEBHOOK_SECRET_VARIABLE}); // whsec_… as shown
const event = webhook.verify(rawBody, headers); // throws when it is not genuine or too old
`;

/** PHP 7.4+: `hash_hmac` and `hash_equals`. */
export const PHP_VERIFY_EXAMPLE = `<?php
// verify-webhook.php — PHP 7.4+, no dependencies.

/** The delivery's event if it is genuine; throws when it is not. $body: the raw body as received. */
function verify_webhook(string $id, string $timestamp, string $signatures, string $body): array
{
    $secret = getenv('${WEBHOOK_SECRET_VARIABLE}'); // whsec_…, shown once
    if ($id === '' || !ctype_digit($timestamp) || abs(time() - (int) $timestamp) > 300) {
        throw new RuntimeException('not a delivery, or its timestamp is too old');
    }
    $key = base64_decode(substr($secret, strlen('whsec_')));
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", $key, true));
    // Several signatures, space-separated, while a secret is being rotated: one must match.
    foreach (explode(' ', $signatures) as $entry) {
        [$version, $signature] = array_pad(explode(',', $entry, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $signature)) {
            return json_decode($body, true, 512, JSON_THROW_ON_ERROR);
        }
    }
    throw new RuntimeException('invalid signature');
}

// The endpoint.
try {
    $event = verify_webhook(
        $_SERVER['HTTP_WEBHOOK_ID'] ?? '',
        $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '',
        $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '',
        file_get_contents('php://input')
    );
} catch (Throwable $e) {
    http_response_code(400);
    exit;
}
// At least once: skip a webhook-id you have handled already, then answer quickly.
http_response_code(204);
`;

/** Python 3.9+: `hmac.compare_digest`. */
export const PYTHON_VERIFY_EXAMPLE = `# verify_webhook.py — Python 3.9+, no dependencies.
import base64
import hashlib
import hmac
import json
import os
import time

SECRET = os.environ["${WEBHOOK_SECRET_VARIABLE}"]  # whsec_…, shown once
TOLERANCE_SECONDS = 5 * 60


def verify_webhook(headers, body: bytes) -> dict:
    """The delivery's event if it is genuine; raises ValueError when it is not.

    headers: the request's headers (e.g. Flask's request.headers); body: the raw body as received.
    """
    msg_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    if not msg_id or not timestamp.isdigit() or abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("not a delivery, or its timestamp is too old")
    key = base64.b64decode(SECRET.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # Several signatures, space-separated, while a secret is being rotated: one must match.
    for entry in headers.get("webhook-signature", "").split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(expected, signature):
            return json.loads(body)
    raise ValueError("invalid signature")
`;

/** What a delivery looks like on the wire (a client.created event). */
export const DELIVERY_EXAMPLE = `POST /webhooks/client-portal HTTP/1.1
Content-Type: application/json
webhook-id: 3f2a9c4e-8b1d-4e6f-9a0c-5d7e1b2c3a4f
webhook-timestamp: 1767787200
webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">

{
  "id": "3f2a9c4e-8b1d-4e6f-9a0c-5d7e1b2c3a4f",
  "type": "client.created",
  "version": 1,
  "timestamp": "2026-01-07T12:00:00.000Z",
  "data": {
    "object": {
      "id": "6f8e7d1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f",
      "name": "Grace Hopper",
      "email": "grace@example.com",
      "company": "Navy Labs",
      "phone": null,
      "notes": null,
      "language": "en",
      "portal": { "id": "0d9c8b7a-6f5e-4d3c-9b2a-1f0e9d8c7b6a", "portalName": "Studio North" },
      "hasPassword": false,
      "createdAt": "2026-01-07T12:00:00.000Z",
      "updatedAt": "2026-01-07T12:00:00.000Z"
    }
  }
}
`;
