import { z } from 'zod';
import { processFileVersion } from '../../services/files/previews';
import { defineTask } from '../task';

/**
 * Makes a file version's previews (thumbnail, page 1) and records its page count and size
 * (`processFileVersion`). Enqueued with every upload and new version; a version whose bytes do not decode
 * is marked `failed` at once, a transient failure (storage, a render out of time) is retried and marked
 * `failed` on the last attempt. Running it again overwrites the same keys.
 */
export const processFileVersionTask = defineTask({
  name: 'process_file_version',
  payload: z.object({ providerId: z.uuid(), fileId: z.uuid(), versionId: z.uuid() }),
  maxAttempts: 4,
  async run(payload, { deps, log, attempt, maxAttempts, signal }) {
    signal.throwIfAborted();
    const outcome = await processFileVersion(deps, payload, { lastAttempt: attempt >= maxAttempts, signal });
    log.info({ ...payload, outcome }, 'file version processed');
  },
});
