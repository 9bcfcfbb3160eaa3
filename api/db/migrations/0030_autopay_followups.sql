-- Automatic payment, the follow-ups (issue 28). Conventions of 0001–0028 hold; in addition:
--   * an ended agreement's saved card is detached from the client's Stripe customer by a job
--     (`stripe_detach_payment_method`): `detached_at` when Stripe confirmed it (or the card was already gone),
--     `detach_error` when it gave up (the provider is told to remove it in Stripe);
--   * an agreement the provider ended (`withdrawn_by = 'provider'`, the provider being the account's one user)
--     records the API key it was ended with (`withdrawn_key_id`; NULL: in the app, signed in);
--   * the events our webhook endpoint in a provider's account listens to (`webhook_events`): NULL for a
--     connection made before this was recorded, so the `stripe_webhook_events` job brings its endpoint up to
--     date (a provider connected before `payment_intent.succeeded` was needed).

ALTER TABLE autopay_agreements ADD COLUMN detached_at timestamptz;
ALTER TABLE autopay_agreements ADD COLUMN detach_error text CHECK (length(detach_error) <= 64);
ALTER TABLE autopay_agreements ADD COLUMN withdrawn_key_id text CHECK (length(withdrawn_key_id) <= 64);

ALTER TABLE stripe_connections ADD COLUMN webhook_events text[];
