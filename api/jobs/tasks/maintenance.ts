import { z } from 'zod';
import { resendDomains } from '../../integrations/mail-domain/resend-domains';
import { purgeStaleDomainClaims } from '../../services/domains/purge-domain-claims';
import { recheckVerifiedDomains } from '../../services/domains/recheck-domains';
import { STORED_PREFIXES_PER_JOB } from '../../services/files/file-storage';
import { purgeExpired } from '../../services/maintenance/purge-expired';
import { isStorageKey, isStoragePrefix } from '../../storage/keys';
import { deleteProviderFiles } from '../../storage/provider-files';
import { defineTask } from '../task';

/** Deletes expired sessions, links, handoff ids and finished rate-limit windows (`purgeExpired`). Hourly. */
export const purgeExpiredRows = defineTask({
  name: 'purge_expired',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    log.info({ ...(await purgeExpired(deps.sql, deps.now())) }, 'expired rows purged');
  },
});

/** Frees custom-domain names whose claim was never verified in time (`purgeStaleDomainClaims`). Hourly. */
export const purgeDomainClaims = defineTask({
  name: 'purge_domain_claims',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    log.info({ freed: await purgeStaleDomainClaims(deps.sql, deps.now()) }, 'stale domain claims purged');
  },
});

/**
 * Re-checks a batch of verified custom domains whose TXT record is due for a look (`recheckVerifiedDomains`);
 * runs every 10 minutes, so a gone record is noticed within its interval and a large number of domains is
 * spread over many small runs.
 */
export const recheckDomains = defineTask({
  name: 'recheck_domains',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const summary = await recheckVerifiedDomains(deps, deps.now());
    if (summary.checked > 0) log.info({ ...summary }, 'verified domains re-checked');
  },
});

/**
 * Removes the files of a deleted account (everything under its prefix, and the listed keys kept elsewhere).
 * Enqueued in the deletion's transaction, so the files go exactly when the rows do, and a storage failure is
 * retried with backoff instead of leaving them behind.
 */
export const deleteProviderFilesTask = defineTask({
  name: 'delete_provider_files',
  payload: z.object({ providerId: z.uuid(), keys: z.array(z.string().min(1).max(1024)).max(1000) }),
  maxAttempts: 10,
  async run({ providerId, keys }, { deps, log }) {
    log.info(
      { providerId, removed: await deleteProviderFiles(deps.store, providerId, keys) },
      'provider files deleted',
    );
  },
});

/**
 * Removes a deleted account's sending domain at Resend (issue 27): enqueued in the deletion's transaction,
 * so the domain does not outlive the account there (it would stay verified for the server's Resend account
 * and keep its name taken); retried with backoff while Resend cannot be reached, done when it is gone.
 */
export const removeMailDomainTask = defineTask({
  name: 'remove_mail_domain',
  payload: z.object({ resendDomainId: z.string().min(1).max(200) }),
  maxAttempts: 10,
  async run({ resendDomainId }, { deps, log }) {
    const domains = resendDomains(deps.config);
    if (!domains) {
      log.warn({ resendDomainId }, 'no Resend account configured: the sending domain is left at Resend');
      return;
    }
    await domains.remove(resendDomainId);
    log.info({ resendDomainId }, 'sending domain removed at Resend');
  },
});

/**
 * Removes stored folders whose rows are gone: a deleted file's `filePrefix` (all its versions and
 * previews), or every file of a deleted project, client or portal. Enqueued in the deletion's transaction
 * (`queueFileStorageDeletion`), so the bytes go exactly when the rows do, and a storage failure is retried
 * with backoff. Idempotent: a prefix already gone removes nothing.
 */
export const deleteStoredPrefixes = defineTask({
  name: 'delete_stored_prefixes',
  payload: z.object({
    prefixes: z
      .array(z.string().min(2).max(512).refine(isStoragePrefix, 'not a storage prefix'))
      .min(1)
      .max(STORED_PREFIXES_PER_JOB),
  }),
  maxAttempts: 10,
  async run({ prefixes }, { deps, log, signal }) {
    let removed = 0;
    for (const prefix of prefixes) {
      if (signal.aborted) throw new Error('aborted');
      removed += await deps.store.deletePrefix(prefix);
    }
    log.info({ prefixes: prefixes.length, removed }, 'stored prefixes deleted');
  },
});

/**
 * Removes objects an upload may have left when the store failed under it (issue 31): its PUT may have
 * reached the bucket although no answer came back, and no row points at the key (the upload answered
 * 503 `storage_unavailable`). Enqueued by `uploadToStore` in the request's transaction; retried with
 * backoff until the store answers. Idempotent: a key that is not there removes nothing.
 */
export const deleteStoredKeys = defineTask({
  name: 'delete_stored_keys',
  payload: z.object({
    keys: z.array(z.string().min(2).max(512).refine(isStorageKey, 'not a storage key')).min(1).max(100),
  }),
  maxAttempts: 10,
  async run({ keys }, { deps, log }) {
    for (const key of keys) await deps.store.delete(key);
    log.info({ keys: keys.length }, 'stored keys of failed uploads deleted');
  },
});
