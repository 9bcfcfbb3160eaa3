import { actingFor, ownedBy } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import type { Lang } from '../../http/i18n';
import { messageDigestMail } from '../../mail/templates/message-digest';

/**
 * Spec-silent, as chat products do it: a message unread this long after it arrived is e-mailed (the
 * default of `MESSAGE_DIGEST_DELAY_MS`).
 */
export const DIGEST_DELAY_MS = 5 * 60_000;

export type Side = 'provider' | 'client';

/**
 * Opens (or joins) the e-mail window of a conversation's recipient, in the new message's transaction: the
 * first unread message starts it, later ones join it without postponing it (`preserve_run_at`).
 */
export function scheduleDigest(deps: AppDeps, tx: Tx, projectId: string, recipient: Side) {
  return deps.jobs.enqueue(
    tx,
    'message_digest',
    { projectId, recipient },
    {
      runAt: new Date(deps.now().getTime() + deps.config.MESSAGE_DIGEST_DELAY_MS),
      jobKey: `message-digest:${projectId}:${recipient}`,
      jobKeyMode: 'preserve_run_at',
    },
  );
}

interface Recipient {
  provider_id: string;
  portal_id: string;
  email: string;
  name: string;
  lang: Lang;
  project_name: string;
  after: string;
}

/**
 * The digest job: the other side's messages the recipient has neither read nor been e-mailed about, in
 * one e-mail in the recipient's language, queued in the same transaction that records them as e-mailed
 * (a retry after a crash never sends them twice; one read meanwhile is never sent).
 * @returns how many messages the e-mail covered (0: nothing to send)
 */
export async function sendMessageDigest(deps: AppDeps, projectId: string, recipient: Side): Promise<number> {
  const sender: Side = recipient === 'provider' ? 'client' : 'provider';
  return deps.sql.begin(async (tx) => {
    const [to] =
      recipient === 'provider'
        ? await tx<Recipient[]>`
            SELECT p.provider_id, c.portal_id, u.email, coalesce(pr.full_name, u.email) AS name,
                   coalesce(pr.preferred_language, 'en') AS lang, p.name AS project_name,
                   greatest(coalesce(r.last_read_seq, 0), coalesce(r.last_emailed_seq, 0))::text AS after
            FROM projects p
            JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
            JOIN users u ON u.id = p.provider_id
            LEFT JOIN profiles pr ON pr.user_id = u.id
            LEFT JOIN conversation_reads r ON r.project_id = p.id AND r.reader = 'provider'
            WHERE p.id = ${projectId}
            FOR UPDATE OF p`
        : await tx<Recipient[]>`
            SELECT p.provider_id, c.portal_id, c.email, c.name, c.language AS lang, p.name AS project_name,
                   greatest(coalesce(r.last_read_seq, 0), coalesce(r.last_emailed_seq, 0))::text AS after
            FROM projects p
            JOIN clients c ON c.provider_id = p.provider_id AND c.id = p.client_id
            LEFT JOIN conversation_reads r ON r.project_id = p.id AND r.reader = 'client'
            WHERE p.id = ${projectId}
            FOR UPDATE OF p`;
    if (!to) return 0;
    const unread = await tx<{ seq: string; body: string; sender_name: string }[]>`
      SELECT seq, body, sender_name FROM messages
      WHERE ${ownedBy(tx, actingFor(to.provider_id), 'provider_id')} AND project_id = ${projectId} AND sender_type = ${sender}
        AND seq > ${to.after}
      ORDER BY seq`;
    const last = unread.at(-1);
    if (!last) return 0;
    const origin = deps.config.publicOrigin;
    const link =
      recipient === 'provider'
        ? `${origin}/dashboard/projects/${projectId}?tab=messages`
        : `${origin}/portal/${to.portal_id}/messages?project=${projectId}`;
    await deps.mailer.queue(tx, {
      ...messageDigestMail({
        to: to.email,
        name: to.name,
        lang: to.lang,
        project: to.project_name,
        sender: last.sender_name,
        messages: unread.map((m) => m.body.replace(/\s+/g, ' ').trim().slice(0, 300)),
        link,
      }),
      // To a client, the mail is the provider's: their sending domain, when in use.
      ...(recipient === 'client' ? { senderProviderId: to.provider_id } : {}),
    });
    await tx`
      INSERT INTO conversation_reads (provider_id, project_id, reader, last_emailed_seq, updated_at)
      VALUES (${to.provider_id}, ${projectId}, ${recipient}, ${last.seq}, now())
      ON CONFLICT (project_id, reader) DO UPDATE
        SET last_emailed_seq = greatest(conversation_reads.last_emailed_seq, EXCLUDED.last_emailed_seq)`;
    return unread.length;
  });
}
