import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../../shared/contracts/webhooks';
import type { App } from '../../http/context';

const SignatureHeaders = z.object({
  'webhook-id': z.string().meta({
    description:
      'The event’s id, the same on every retry and redelivery: drop a message whose id you have seen.',
    example: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  }),
  'webhook-timestamp': z.string().meta({
    description:
      'When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes).',
    example: '1796638500',
  }),
  'webhook-signature': z.string().meta({
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
});

/**
 * The events endpoints receive, in the OpenAPI 3.1 document's top-level `webhooks`: one POST per event
 * type with the Standard Webhooks headers and the event's body (`shared/contracts/webhooks.ts`).
 */
export function registerWebhookEvents(app: App) {
  for (const [type, schema] of Object.entries(WEBHOOK_EVENTS)) {
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `${type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase())}Event`,
      tags: ['Webhooks'],
      // The receiver checks the Standard Webhooks signature (the headers below), not a credential of ours.
      security: [],
      summary: type,
      description: `${schema.description ?? ''} Sent to each enabled endpoint subscribed to \`${type}\`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.`,
      request: {
        headers: SignatureHeaders,
        body: { required: true, content: { 'application/json': { schema } } },
      },
      responses: {
        200: {
          description:
            'Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off.',
        },
      },
    });
  }
}
