import type { z } from 'zod';
import type { Project, ProjectCreateInput, ProjectUpdateInput } from '../../../shared/contracts/projects';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { publishActivity, publishProjectDeleted, recordActivity } from '../activity/record-activity';
import { queueFileStorageDeletion } from '../files/file-storage';
import { getProject } from './list-projects';

type CreateInput = z.output<typeof ProjectCreateInput>;
type UpdateInput = z.output<typeof ProjectUpdateInput>;

/** The provider's currency (profile, else USD for English and EUR for German, spec §9). */
function providerCurrency(tx: Tx, scope: ProviderScope) {
  return tx`(SELECT coalesce(pr.currency, CASE WHEN pr.preferred_language = 'de' THEN 'EUR' ELSE 'USD' END)
             FROM profiles pr WHERE ${ownedBy(tx, scope, 'pr.user_id')})`;
}

/** Publishes committed activity; a lost notification is caught up from the table, so it only logs. */
async function announce(deps: AppDeps, providerId: string, seqs: number[]) {
  for (const seq of seqs) {
    await publishActivity(deps.pubsub, providerId, seq).catch((err) =>
      deps.log.warn({ err, seq }, 'activity notification not published'),
    );
  }
}

/**
 * Creates a project for one of the provider's clients (the INSERT … SELECT finds the client with the
 * provider in its `where`, so another provider's client inserts nothing and answers 404), with its
 * budget in the provider's currency and a `project_created` activity row in the same transaction.
 */
export async function createProject(
  deps: AppDeps,
  scope: ProviderScope,
  input: CreateInput,
): Promise<Project> {
  const now = deps.now();
  const { id, seq } = await deps.sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO projects (provider_id, client_id, name, status, budget_cents, currency, start_date, end_date,
                            description, internal_notes, budget_visible_to_client, created_at, updated_at)
      SELECT ${scope.providerId}, c.id, ${input.name}, ${input.status ?? 'planning'}, ${input.budgetCents ?? null},
             ${providerCurrency(tx, scope)}, ${input.startDate ?? null}, ${input.endDate ?? null},
             ${input.description ?? null}, ${input.internalNotes ?? null}, ${input.budgetVisibleToClient ?? false},
             ${now}, ${now}
      FROM clients c WHERE ${ownedBy(tx, scope, 'c.provider_id')} AND c.id = ${input.clientId}
      RETURNING id`;
    if (!row) throw new ApiError('not_found');
    const activity = await recordActivity(tx, {
      jobs: deps.jobs,
      providerId: scope.providerId,
      projectId: row.id,
      type: 'project_created',
      actor: 'provider',
    });
    return { id: row.id, seq: activity.seq };
  });
  await announce(deps, scope.providerId, [seq]);
  return getProject(deps.sql, scope, id);
}

interface StoredProject {
  client_id: string;
  status: string;
  start_date: string | null;
  end_date: string | null;
  has_messages: boolean;
}

/** The fields a client sees change when any of these do (internal notes never reach the client). */
const CLIENT_VISIBLE: (keyof UpdateInput)[] = [
  'name',
  'description',
  'startDate',
  'endDate',
  'budgetCents',
  'budgetVisibleToClient',
];

/**
 * Changes only the fields sent. The end date is checked against the stored start date too (422 on
 * `endDate`); moving a project to another client is refused once it has a conversation (409
 * `project_client_locked`: the new client would read the old one's messages). A status change writes a
 * `project_status` activity row, any other change a `project_updated` row (visible to the client only
 * when a field the client sees changed), in the same transaction.
 */
export async function updateProject(
  deps: AppDeps,
  scope: ProviderScope,
  projectId: string,
  input: UpdateInput,
): Promise<Project> {
  const now = deps.now();
  const sent = (key: keyof UpdateInput) => input[key] !== undefined;
  const seqs = await deps.sql.begin(async (tx) => {
    const [current] = await tx<StoredProject[]>`
      SELECT p.client_id, p.status, to_char(p.start_date, 'YYYY-MM-DD') AS start_date,
             to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
             EXISTS (SELECT 1 FROM messages m WHERE m.provider_id = p.provider_id AND m.project_id = p.id)
               AS has_messages
      FROM projects p WHERE ${ownedBy(tx, scope, 'p.provider_id')} AND p.id = ${projectId}
      FOR UPDATE`;
    if (!current) throw new ApiError('not_found');
    const start = sent('startDate') ? (input.startDate ?? null) : current.start_date;
    const end = sent('endDate') ? (input.endDate ?? null) : current.end_date;
    if (start && end && end < start) {
      throw new ApiError('validation_failed', {
        fields: [{ path: 'endDate', key: 'validation.endBeforeStart' }],
      });
    }
    const movesClient = sent('clientId') && input.clientId !== current.client_id;
    if (movesClient) {
      if (current.has_messages) throw new ApiError('project_client_locked');
      const [client] = await tx`
        SELECT 1 FROM clients WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${input.clientId ?? null}`;
      if (!client) throw new ApiError('not_found');
    }
    const value = <K extends keyof UpdateInput>(key: K, column: string) =>
      sent(key) ? tx`${input[key] ?? null}` : tx.unsafe(`p.${column}`);
    await tx`
      UPDATE projects p SET
        name = ${sent('name') ? (input.name ?? null) : tx`p.name`},
        client_id = ${value('clientId', 'client_id')},
        status = ${sent('status') ? (input.status ?? null) : tx`p.status`},
        budget_cents = ${value('budgetCents', 'budget_cents')},
        start_date = ${value('startDate', 'start_date')},
        end_date = ${value('endDate', 'end_date')},
        description = ${value('description', 'description')},
        internal_notes = ${value('internalNotes', 'internal_notes')},
        budget_visible_to_client = ${value('budgetVisibleToClient', 'budget_visible_to_client')},
        updated_at = ${now}
      WHERE ${ownedBy(tx, scope, 'p.provider_id')} AND p.id = ${projectId}`;
    if (movesClient) {
      // The feed follows the project: its new client's notifications are the project's.
      await tx`UPDATE activity_feed SET client_id = ${input.clientId ?? null}
               WHERE ${ownedBy(tx, scope, 'provider_id')} AND project_id = ${projectId}`;
    }
    const written: number[] = [];
    if (sent('status') && input.status !== current.status) {
      const status = await recordActivity(tx, {
        jobs: deps.jobs,
        providerId: scope.providerId,
        projectId,
        type: 'project_status',
        metadata: { status: input.status, from: current.status },
        actor: 'provider',
      });
      written.push(status.seq);
    }
    const others = (Object.keys(input) as (keyof UpdateInput)[]).filter(
      (key) => key !== 'status' && input[key] !== undefined,
    );
    if (others.length > 0) {
      const updated = await recordActivity(tx, {
        jobs: deps.jobs,
        providerId: scope.providerId,
        projectId,
        type: 'project_updated',
        metadata: { fields: others },
        clientVisible: others.some((key) => CLIENT_VISIBLE.includes(key)),
        actor: 'provider',
      });
      written.push(updated.seq);
    }
    return written;
  });
  await announce(deps, scope.providerId, seqs);
  return getProject(deps.sql, scope, projectId);
}

/**
 * Deletes a project with its conversation, activity and files (foreign keys cascade; the files' stored bytes
 * go by a job queued in the same transaction); its invoices stay (their numbers are part of the books)
 * without the project, and so do their activity rows. Open pages learn it over the realtime sockets.
 * @returns what went with it
 */
export async function deleteProject(deps: AppDeps, scope: ProviderScope, projectId: string) {
  const gone = await deps.sql.begin(async (tx) => {
    const [row] = await tx<{ messages: number; invoices: number; client_id: string }[]>`
      SELECT p.client_id,
        (SELECT count(*)::int FROM messages WHERE provider_id = p.provider_id AND project_id = p.id) AS messages,
        (SELECT count(*)::int FROM invoices WHERE provider_id = p.provider_id AND project_id = p.id) AS invoices
      FROM projects p WHERE ${ownedBy(tx, scope, 'p.provider_id')} AND p.id = ${projectId}
      FOR UPDATE`;
    if (!row) throw new ApiError('not_found');
    await queueFileStorageDeletion(tx, deps.jobs, scope, { projectId });
    // The invoices stay, and so does their history: their activity rows lose the project, not their lives.
    await tx`
      UPDATE activity_feed SET project_id = NULL
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND project_id = ${projectId}
        AND activity_type IN ('invoice_created', 'invoice_status')`;
    await tx`DELETE FROM projects WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${projectId}`;
    return row;
  });
  await publishProjectDeleted(deps.pubsub, scope.providerId, projectId, gone.client_id).catch((err) =>
    deps.log.warn({ err, projectId }, 'project deletion not published'),
  );
  return { messages: gone.messages, invoices: gone.invoices };
}
