import { Webhook } from 'standardwebhooks';

/**
 * The three Standard Webhooks headers of one message: `webhook-id` (the event's id, the same on every
 * retry), `webhook-timestamp` (seconds, this attempt) and `webhook-signature`, one `v1,<base64 HMAC-SHA256
 * of "id.timestamp.body">` per secret, space-separated (after a rotation the old and the new secret both
 * sign, so a receiver with either verifies). Made by `standardwebhooks`, the specification's reference
 * library.
 * @example signedHeaders({ id, body, secrets: ['whsec_…'], at: new Date() })
 */
export function signedHeaders(message: {
  id: string;
  body: string;
  secrets: readonly string[];
  at: Date;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signatures = message.secrets.map((secret) =>
    new Webhook(secret).sign(message.id, message.at, message.body),
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
