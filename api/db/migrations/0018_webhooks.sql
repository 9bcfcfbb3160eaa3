-- Outgoing webhooks (issue 27): a provider's endpoints, the events that happened, and each event's
-- delivery to each endpoint with every attempt. Conventions of 0001–0016 hold.
--   * An event row is written, with one delivery row per subscribed endpoint and one job per delivery, in
--     the transaction of the change it reports (api/integrations/webhooks/events.ts). Its body is stored
--     as the exact bytes that are signed and sent, so every retry and redelivery sends the same message
--     under the same `webhook-id` (the event's id).
--   * Signing secrets are stored encrypted (AES-256-GCM under PAYMENT_SECRETS_KEY, bound to the endpoint
--     and slot), never in plaintext: the provider sees a secret once, when it is made.

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  description text CHECK (length(description) <= 500),
  event_types text[] NOT NULL CHECK (cardinality(event_types) BETWEEN 1 AND 64),
  enabled boolean NOT NULL DEFAULT true,
  -- Why the platform turned it off: 'failing' (every attempt failed for 3 days); NULL when the provider did.
  disabled_reason text CHECK (disabled_reason IN ('failing')),
  secret_encrypted bytea NOT NULL,
  -- After a rotation the old secret signs too (a second `v1,` signature) until it expires, 24 h later.
  previous_secret_encrypted bytea,
  previous_secret_expires_at timestamptz,
  -- The first failed attempt of the current unbroken run of failures; NULL after any success.
  failing_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, id)
);
CREATE INDEX webhook_endpoints_provider_idx ON webhook_endpoints (provider_id, created_at DESC, id DESC);

CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type ~ '^[a-z_]+\.[a-z_]+$'),
  -- The JSON body exactly as signed and sent.
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, id)
);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL,
  endpoint_id uuid NOT NULL,
  event_id uuid NOT NULL,
  -- pending (queued or waiting for a retry), succeeded (a 2xx answer), failed (given up).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, id),
  UNIQUE (endpoint_id, event_id),
  CONSTRAINT webhook_deliveries_endpoint_fkey FOREIGN KEY (provider_id, endpoint_id)
    REFERENCES webhook_endpoints (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT webhook_deliveries_event_fkey FOREIGN KEY (provider_id, event_id)
    REFERENCES webhook_events (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (provider_id, event_id);

-- One row per attempt: the delivery log.
CREATE TABLE webhook_delivery_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL,
  delivery_id uuid NOT NULL,
  attempt int NOT NULL CHECK (attempt >= 1),
  -- A redelivery the provider asked for (not counted against the delivery's retries).
  manual boolean NOT NULL DEFAULT false,
  status_code int CHECK (status_code BETWEEN 100 AND 999),
  duration_ms int NOT NULL CHECK (duration_ms >= 0),
  -- The first 2 KB of the answer's body (UTF-8, cut at a character).
  response_body text CHECK (length(response_body) <= 2048),
  -- Why it failed without a usable answer: timeout, refused_address, dns_failed, connection_failed…
  error text CHECK (length(error) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_delivery_attempts_delivery_fkey FOREIGN KEY (provider_id, delivery_id)
    REFERENCES webhook_deliveries (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_id, created_at DESC);
