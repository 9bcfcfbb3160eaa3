import type { z } from 'zod';
import type { TaskDefinition } from '../task';
import { deleteProviderFilesTask, purgeDomainClaims, purgeExpiredRows, recheckDomains } from './maintenance';
import { messageDigest } from './message-digest';
import { processFileVersionTask } from './process-file-version';
import { pruneFailedJobs } from './prune-failed-jobs';
import { pruneOutbox } from './prune-outbox';
import { sendMail } from './send-mail';

/**
 * Every task the worker runs, by name. A new task: one file beside this one (`defineTask`), one entry
 * here; periodic ones also get an entry in `../schedules.ts`.
 */
export const TASKS = {
  [sendMail.name]: sendMail,
  [pruneOutbox.name]: pruneOutbox,
  [pruneFailedJobs.name]: pruneFailedJobs,
  [messageDigest.name]: messageDigest,
  [purgeExpiredRows.name]: purgeExpiredRows,
  [purgeDomainClaims.name]: purgeDomainClaims,
  [recheckDomains.name]: recheckDomains,
  [deleteProviderFilesTask.name]: deleteProviderFilesTask,
  [processFileVersionTask.name]: processFileVersionTask,
} as const;

export type TaskName = keyof typeof TASKS;
/** What `enqueue` takes for a task (the schema's input). */
export type PayloadOf<N extends TaskName> = z.input<(typeof TASKS)[N]['payload']>;

/** A task list for the worker (the registry, or another one in tests). */
export type TaskList = Record<string, TaskDefinition>;
