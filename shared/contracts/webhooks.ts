import { z } from 'zod';
import { Booking } from './bookings';
import { Client } from './clients';
import { text, Uuid } from './common';
import { FileSummary } from './files';
import { Invoice } from './invoices';
import { Message } from './messages';
import { PageQuery, pageOf } from './paging';
import { Project } from './projects';
import { Quote } from './quotes';

/*
 * Outgoing webhooks (issue 27): a provider's endpoints, their delivery log, and the events they receive.
 * Every event is signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) and its body is `{ id, type, version, timestamp, data: { object } }`, the object as
 * the API returns it to the provider at the moment of the change.
 */

/** The events an endpoint can subscribe to (later sections add theirs by the same `resource.verb` pattern). */
export const WEBHOOK_EVENT_TYPES = [
  'client.created',
  'client.updated',
  'client.deleted',
  'project.created',
  'project.updated',
  'project.status_changed',
  'message.created',
  'file.uploaded',
  'file.status_changed',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'invoice.cancelled',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
] as const;

export const WebhookEventType = z
  .enum(WEBHOOK_EVENT_TYPES, { error: 'validation.webhookEventTypeInvalid' })
  .meta({ description: 'An event an endpoint can subscribe to.', example: 'invoice.paid' });
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The event `POST /api/webhook-endpoints/{id}/test` sends (no subscription needed). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The payload format's version: a change that is not purely additive gets a new one. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

export const WEBHOOK_LIMITS = {
  /** Endpoints one provider may have. */
  endpointsPerProvider: 20,
  urlMaxLength: 2048,
  descriptionMaxLength: 500,
  /** Of each answer the delivery log keeps this many bytes (the request reads at most 64 KB). */
  responseBodyStoredBytes: 2048,
  /** Old and new secret both sign this long after a rotation. */
  rotationOverlapHours: 24,
  /** An endpoint whose every attempt failed for this long is turned off and its provider e-mailed. */
  disableAfterFailingDays: 3,
} as const;

/**
 * An endpoint's URL: an absolute http(s) URL without user name or password, at most 2,048 characters.
 * Whether it may be `http:` and where it may point (no internal addresses) the server decides by its
 * configuration (422 with the reason).
 */
export const WebhookUrl = text({ error: 'validation.webhookUrlInvalid' })
  .trim()
  .min(1, { error: 'validation.webhookUrlInvalid' })
  .max(WEBHOOK_LIMITS.urlMaxLength, { error: 'validation.webhookUrlTooLong', abort: true })
  .refine(isWebUrl, { error: 'validation.webhookUrlInvalid' })
  .meta({ example: 'https://hooks.example.com/client-portal' });

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    !!url.hostname
  );
}

const Description = text()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMaxLength, { error: 'validation.webhookDescriptionTooLong' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .meta({ example: 'Zapier: new invoices to the bookkeeping sheet' });

const EventTypes = z
  .array(WebhookEventType)
  .min(1, { error: 'validation.webhookEventTypesRequired' })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)])
  .meta({ example: ['invoice.sent', 'invoice.paid'] });

export const WebhookEndpointCreateInput = z
  .object({
    url: WebhookUrl,
    description: Description,
    eventTypes: EventTypes,
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({ id: 'WebhookEndpointCreateInput' });
export type WebhookEndpointCreateInput = z.input<typeof WebhookEndpointCreateInput>;

export const WebhookEndpointUpdateInput = z
  .object({
    url: WebhookUrl.optional(),
    description: Description,
    eventTypes: EventTypes.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'WebhookEndpointUpdateInput' });
export type WebhookEndpointUpdateInput = z.input<typeof WebhookEndpointUpdateInput>;

export const WebhookEndpoint = z
  .object({
    id: Uuid(),
    url: text(),
    description: text().nullable(),
    eventTypes: z.array(WebhookEventType),
    enabled: z.boolean(),
    disabledReason: z.enum(['failing']).nullable().meta({
      description:
        '`failing`: turned off by the platform after every attempt failed for 3 days (the provider was e-mailed); null otherwise.',
    }),
    failingSince: text()
      .nullable()
      .meta({ description: 'When the current run of failed attempts began; null after a success.' }),
    previousSecretExpiresAt: text().nullable().meta({
      description: 'After a rotation: until when the old secret still signs (a second signature).',
    }),
    createdAt: text(),
    updatedAt: text(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The signing secret, shown once: on creation and on rotation. */
export const WebhookSecret = text().meta({
  description:
    'The signing secret (`whsec_` + base64 of 32 random bytes), shown only now. Verify `webhook-signature` with it (Standard Webhooks).',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8dTb4NhMuKQ=',
});

export const WebhookEndpointCreated = WebhookEndpoint.extend({ secret: WebhookSecret }).meta({
  id: 'WebhookEndpointCreated',
});
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreated>;

export const WebhookListQuery = z.object({ ...PageQuery });

export const WebhookEndpointList = pageOf(WebhookEndpoint).meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

export const WebhookDeliveryStatus = z
  .enum(['pending', 'succeeded', 'failed'])
  .meta({ description: 'pending: queued or waiting for a retry; failed: given up.' });
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDeliveryAttempt = z
  .object({
    id: Uuid(),
    attempt: z.number().int().meta({ description: '1 for the first try.' }),
    manual: z.boolean().meta({ description: 'A redelivery you asked for.' }),
    statusCode: z.number().int().nullable().meta({ description: 'null when no answer came.' }),
    durationMs: z.number().int(),
    responseBody: text().nullable().meta({ description: 'The first 2 KB of the answer’s body.' }),
    error: text().nullable().meta({
      description:
        'Why no usable answer came: `timeout`, `address_refused` (an internal address), `dns_failed`, `connection_failed`, `redirect_not_followed`, `endpoint_disabled`; null for an HTTP answer.',
    }),
    createdAt: text(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });
export type WebhookDeliveryAttempt = z.infer<typeof WebhookDeliveryAttempt>;

export const WebhookDelivery = z
  .object({
    id: Uuid(),
    eventId: Uuid().meta({
      description: 'The event’s id: `webhook-id` of every attempt (stable for de-duplication).',
    }),
    eventType: text().meta({ example: 'invoice.paid' }),
    status: WebhookDeliveryStatus,
    attempts: z.number().int().meta({ description: 'Attempts made so far, redeliveries included.' }),
    createdAt: text(),
    updatedAt: text(),
    log: z.array(WebhookDeliveryAttempt).meta({ description: 'Its attempts, newest first (the latest 20).' }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = pageOf(WebhookDelivery).meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

export const WebhookDeliveryQueued = z
  .object({ deliveryId: Uuid(), eventId: Uuid() })
  .meta({ id: 'WebhookDeliveryQueued' });
export type WebhookDeliveryQueued = z.infer<typeof WebhookDeliveryQueued>;

// ── The events themselves (the OpenAPI document's top-level `webhooks`) ─────────────────────────────────

/** The body of every event, with `object` the changed thing as the API returns it. */
function eventOf<const T extends string, O extends z.ZodType>(type: T, object: O, description: string) {
  return z
    .object({
      id: Uuid().meta({ description: 'The event’s id, also sent as `webhook-id`; the same on every retry.' }),
      type: z.literal(type),
      version: z.literal(WEBHOOK_PAYLOAD_VERSION),
      timestamp: text().meta({
        description: 'When it happened (ISO 8601).',
        example: '2026-12-07T10:15:00.000Z',
      }),
      data: z.object({ object }),
    })
    .meta({ id: `${pascal(type)}Event`, description });
}

/** `invoice.status_changed` → `InvoiceStatusChanged`. */
function pascal(type: string): string {
  return type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export const WebhookTestObject = z.object({
  endpointId: Uuid(),
  message: text().meta({ example: 'A test event from Client Portal.' }),
});

/** Every event: type, payload schema, and what it means (one entry each in the document's `webhooks`). */
export const WEBHOOK_EVENTS = {
  'client.created': eventOf('client.created', Client, 'A client was added.'),
  'client.updated': eventOf('client.updated', Client, 'A client’s details changed (by you or the client).'),
  'client.deleted': eventOf('client.deleted', Client, 'A client was deleted; the object as it was.'),
  'project.created': eventOf('project.created', Project, 'A project was created.'),
  'project.updated': eventOf('project.updated', Project, 'A project’s details (not its status) changed.'),
  'project.status_changed': eventOf('project.status_changed', Project, 'A project’s status changed.'),
  'message.created': eventOf('message.created', Message, 'A message was written in a project (either side).'),
  'file.uploaded': eventOf('file.uploaded', FileSummary, 'A file or a new version of it was uploaded.'),
  'file.status_changed': eventOf(
    'file.status_changed',
    FileSummary,
    'A file was approved or changes were requested.',
  ),
  'invoice.sent': eventOf('invoice.sent', Invoice, 'An invoice was sent to its client.'),
  'invoice.paid': eventOf('invoice.paid', Invoice, 'An invoice was paid (by card, or marked paid).'),
  'invoice.overdue': eventOf('invoice.overdue', Invoice, 'An invoice passed its due date unpaid.'),
  'invoice.cancelled': eventOf('invoice.cancelled', Invoice, 'An invoice was cancelled.'),
  'quote.sent': eventOf('quote.sent', Quote, 'A quote was sent to its client.'),
  'quote.accepted': eventOf(
    'quote.accepted',
    Quote,
    'The client accepted a quote in the portal (`decision` records who, when, from where and the content’s SHA-256).',
  ),
  'quote.declined': eventOf('quote.declined', Quote, 'The client declined a quote in the portal.'),
  'booking.created': eventOf(
    'booking.created',
    Booking,
    'A client booked a meeting in the portal or the widget.',
  ),
  'booking.rescheduled': eventOf('booking.rescheduled', Booking, 'A client moved a booking to another time.'),
  'booking.cancelled': eventOf(
    'booking.cancelled',
    Booking,
    'A booking was cancelled (`cancelledBy` says by whom: the client, or you).',
  ),
  [WEBHOOK_TEST_EVENT]: eventOf(WEBHOOK_TEST_EVENT, WebhookTestObject, 'Sent by “Send test event”.'),
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;
