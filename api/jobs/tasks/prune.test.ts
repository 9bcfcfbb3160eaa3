import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness';
import type { TaskContext } from '../task';
import { taskContext } from '../testing';
import { pruneFailedJobs } from './prune-failed-jobs';
import { pruneOutbox } from './prune-outbox';

describe('the periodic purges', () => {
  let t: TestContext;
  let ctx: TaskContext;
  beforeAll(async () => {
    t = await createTestContext();
    ctx = taskContext(t);
  });
  afterAll(() => t.close());

  it('prune_outbox deletes mails done with for 30 days and keeps the rest', async () => {
    const add = (to: string, status: string, ageDays: number) => t.sql`
      INSERT INTO outbox_emails (to_address, subject, html, text_body, kind, status, sent_at, updated_at, created_at)
      VALUES (${to}, 's', 'h', 't', 'test_mail', ${status},
        CASE WHEN ${status} IN ('sent', 'outbox') THEN now() - make_interval(days => ${ageDays}) END,
        now() - make_interval(days => ${ageDays}), now() - make_interval(days => ${ageDays}))`;
    await add('old-sent@example.com', 'sent', 31);
    await add('old-outbox@example.com', 'outbox', 45);
    await add('old-failed@example.com', 'failed', 31);
    await add('old-pending@example.com', 'pending', 31);
    await add('new-sent@example.com', 'sent', 29);
    await pruneOutbox.run({}, ctx);
    const left = await t.sql<
      { to_address: string }[]
    >`SELECT to_address FROM outbox_emails ORDER BY to_address`;
    expect(left.map((r) => r.to_address)).toEqual(['new-sent@example.com', 'old-pending@example.com']);
  });

  it('prune_failed_jobs deletes jobs failed for good over 14 days ago, nothing else', async () => {
    const schema = t.sql(t.db.queueSchema);
    const add = async (name: string, maxAttempts: number, attempts: number, ageDays: number) => {
      const [job] = await t.sql<{ id: string }[]>`
        SELECT id FROM ${schema}.add_job(${name}::text, '{}'::json, max_attempts => ${maxAttempts}::int)`;
      await t.sql`
        UPDATE ${schema}._private_jobs SET attempts = ${attempts},
          updated_at = now() - make_interval(days => ${ageDays})
        WHERE id = ${job?.id ?? '0'}`;
    };
    await add('old_failed', 3, 3, 15);
    await add('new_failed', 3, 3, 13);
    await add('old_waiting', 3, 1, 15);
    await pruneFailedJobs.run({}, ctx);
    const left = await t.sql<{ task_identifier: string }[]>`
      SELECT task_identifier FROM ${schema}.jobs ORDER BY task_identifier`;
    expect(left.map((r) => r.task_identifier)).toEqual(['new_failed', 'old_waiting']);
  });
});
