-- Custom domains: a claim is not ownership. Until now a custom domain was unique across all portals as
-- soon as it was SET, so anyone could claim a domain they do not control and the real owner got
-- `domain_taken` forever. From here on (api/services/domains/domain-policy.ts holds the numbers):
--   * any number of portals may hold an unverified (pending or failed) claim of the same domain, each
--     with its own token; only a VERIFIED domain is unique, enforced here by a partial unique index, so
--     of two verifications racing for one name exactly one commits (the other gets 23505);
--   * an unverified claim expires a fixed time after domain_claimed_at (set when the claim starts, and
--     again when a verified domain falls back to unverified);
--   * a verified domain is re-checked periodically: domain_check_failures counts consecutive checks that
--     found the TXT record gone, and domain_revoked_at records when the re-check stopped serving it.

ALTER TABLE client_portals DROP CONSTRAINT client_portals_custom_domain_key;
DROP INDEX client_portals_verified_domain_idx;
CREATE UNIQUE INDEX client_portals_verified_domain_key ON client_portals (custom_domain)
  WHERE domain_status = 'verified';

ALTER TABLE client_portals
  ADD COLUMN domain_claimed_at timestamptz,
  ADD COLUMN domain_check_failures integer NOT NULL DEFAULT 0 CHECK (domain_check_failures >= 0),
  ADD COLUMN domain_revoked_at timestamptz;

-- Claims made before this migration get the full time from now, so nobody loses one at deploy time.
UPDATE client_portals SET domain_claimed_at = now() WHERE domain_status IN ('pending', 'failed');

ALTER TABLE client_portals ADD CONSTRAINT client_portals_claim_started
  CHECK (domain_status NOT IN ('pending', 'failed') OR domain_claimed_at IS NOT NULL);

-- The purge finds expired claims, the re-check takes the verified domains checked longest ago.
CREATE INDEX client_portals_domain_claims_idx ON client_portals (domain_claimed_at)
  WHERE domain_status IN ('pending', 'failed');
CREATE INDEX client_portals_domain_recheck_idx ON client_portals (domain_checked_at NULLS FIRST)
  WHERE domain_status = 'verified';
