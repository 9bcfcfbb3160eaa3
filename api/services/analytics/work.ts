import type { WorkAnalytics } from '../../../shared/contracts/analytics';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { ResolvedPeriod } from './period';

const hours = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/**
 * The work view (issue 29): projects and files by their status now; in the period (its days in its zone,
 * as instants `[from 00:00, to+1 00:00)`): the clients' decisions on files and how long each took from the
 * version's upload, revisions of the files uploaded, messages per project, and the provider's first
 * response to a client's message (the first of a run of client messages; answered by the next provider
 * message of the project, whenever it came: `messages.opens_wait` and `wait_started_at`, migration 0033).
 */
export async function workAnalytics(
  sql: Sql,
  scope: ProviderScope,
  p: ResolvedPeriod,
): Promise<WorkAnalytics> {
  const start = sql`(${p.from}::date::timestamp AT TIME ZONE ${p.timeZone})`;
  const end = sql`((${p.to}::date + 1)::timestamp AT TIME ZONE ${p.timeZone})`;
  const [projects, files, approvals, revisions, messages, firstResponse] = await Promise.all([
    sql<{ status: string; count: number }[]>`
      SELECT status, count(*)::int AS count FROM projects p WHERE ${ownedBy(sql, scope, 'p.provider_id')}
      GROUP BY status ORDER BY count DESC, status`,
    sql<{ status: string; count: number }[]>`
      SELECT status, count(*)::int AS count FROM files f WHERE ${ownedBy(sql, scope, 'f.provider_id')}
      GROUP BY status ORDER BY count DESC, status`,
    sql<
      {
        client_id: string | null;
        name: string | null;
        count: number;
        median: number | null;
        p90: number | null;
      }[]
    >`
      WITH d AS (
        SELECT c.id AS client_id, c.name, extract(epoch FROM e.created_at - v.created_at) / 3600 AS h
        FROM file_events e
        JOIN file_versions v ON v.provider_id = e.provider_id AND v.id = e.version_id
        JOIN files f ON f.provider_id = e.provider_id AND f.id = e.file_id
        JOIN projects pr ON pr.provider_id = f.provider_id AND pr.id = f.project_id
        JOIN clients c ON c.provider_id = pr.provider_id AND c.id = pr.client_id
        WHERE ${ownedBy(sql, scope, 'e.provider_id')} AND e.kind = 'decision' AND e.actor_type = 'client'
          AND e.created_at >= ${start} AND e.created_at < ${end}
      )
      SELECT client_id, name, count(*)::int AS count,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY h) AS median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY h) AS p90
      FROM d GROUP BY GROUPING SETS ((client_id, name), ())
      ORDER BY count DESC, name`,
    sql<{ revisions: number; files: number; total: number }[]>`
      SELECT least(f.latest_version - 1, 3) AS revisions, count(*)::int AS files,
             sum(f.latest_version - 1)::float8 AS total
      FROM files f
      WHERE ${ownedBy(sql, scope, 'f.provider_id')} AND f.created_at >= ${start} AND f.created_at < ${end}
      GROUP BY 1 ORDER BY 1`,
    sql<{ project_id: string; name: string; client_name: string; count: number; from_client: number }[]>`
      WITH per AS (
        -- Counted per project from the index on (provider, created_at) first; then named.
        SELECT m.project_id, count(*) AS n, count(*) FILTER (WHERE m.sender_type = 'client') AS from_client
        FROM messages m
        WHERE ${ownedBy(sql, scope, 'm.provider_id')} AND m.created_at >= ${start} AND m.created_at < ${end}
        GROUP BY m.project_id
      )
      SELECT pr.id AS project_id, pr.name, c.name AS client_name, per.n::int AS count,
             per.from_client::int AS from_client
      FROM per
      JOIN projects pr ON ${ownedBy(sql, scope, 'pr.provider_id')} AND pr.id = per.project_id
      JOIN clients c ON c.provider_id = pr.provider_id AND c.id = pr.client_id
      ORDER BY per.n DESC, lower(pr.name), pr.id`,
    sql<{ median: number | null; answered: number; unanswered: number }[]>`
      -- The waits (a client message after the provider's or none) begun in the period, and the provider's
      -- replies that ended them, both marked by the database on insert (0033): two partial indexes by day.
      WITH replies AS (
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.created_at - m.wait_started_at) / 60)
                 AS median,
               count(*) AS answered
        FROM messages m
        WHERE ${ownedBy(sql, scope, 'm.provider_id')} AND m.wait_started_at >= ${start} AND m.wait_started_at < ${end}
      ),
      waits AS (
        SELECT count(*) AS n FROM messages m
        WHERE ${ownedBy(sql, scope, 'm.provider_id')} AND m.opens_wait AND m.created_at >= ${start} AND m.created_at < ${end}
      )
      SELECT replies.median, replies.answered::int AS answered, (waits.n - replies.answered)::int AS unanswered
      FROM replies, waits`,
  ]);
  const overall = approvals.find((row) => row.client_id === null);
  const fileCount = revisions.reduce((sum, r) => sum + r.files, 0);
  const revisionTotal = revisions.reduce((sum, r) => sum + r.total, 0);
  const [response] = firstResponse;
  return {
    period: p,
    projectsByStatus: projects,
    filesByStatus: files,
    approvals: {
      count: overall?.count ?? 0,
      medianHours: hours(overall?.median ?? null),
      p90Hours: hours(overall?.p90 ?? null),
      byClient: approvals
        .filter((row) => row.client_id !== null)
        .map((row) => ({
          clientId: row.client_id as string,
          name: row.name ?? '',
          count: row.count,
          medianHours: hours(row.median),
          p90Hours: hours(row.p90),
        })),
    },
    revisions: {
      fileCount,
      averagePerFile: fileCount === 0 ? null : Math.round((revisionTotal / fileCount) * 100) / 100,
      histogram: [0, 1, 2, 3].map((n) => ({
        revisions: n,
        files: revisions.find((r) => r.revisions === n)?.files ?? 0,
      })),
    },
    messages: {
      total: messages.reduce((sum, m) => sum + m.count, 0),
      byProject: messages.map((m) => ({
        projectId: m.project_id,
        name: m.name,
        clientName: m.client_name,
        count: m.count,
        fromClient: m.from_client,
      })),
    },
    firstResponse: {
      medianMinutes: response?.median === null || response === undefined ? null : Math.round(response.median),
      answered: response?.answered ?? 0,
      unanswered: response?.unanswered ?? 0,
    },
  };
}
