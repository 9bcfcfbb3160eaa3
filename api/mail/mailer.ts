import { Resend } from 'resend';
import type { Sql, Tx } from '../db/client';
import type { Logger } from '../http/logger';
import { senderOf } from '../integrations/mail-domain/sender';
import { isLastAttempt } from '../jobs/backoff';
import type { JobQueue } from '../jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is for, e.g. `verify_email`, `magic_link`; used by the outbox and tests. */
  kind: string;
  /**
   * The provider a portal e-mail is sent for (to one of their clients): it goes out From the provider's own
   * sending domain while that is verified and in use (`integrations/mail-domain/sender.ts`).
   */
  senderProviderId?: string | undefined;
  /** Files sent with it (an invoice's XRechnung XML, issue 28); stored on the outbox row. */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Where an attempt stands, as the `send_mail` task knows it. */
export interface DeliveryAttempt {
  attempt: number;
  maxAttempts: number;
  signal?: AbortSignal;
}

export type Delivered = 'sent' | 'outbox' | 'already_delivered' | 'missing';

export interface Mailer {
  readonly via: 'resend' | 'outbox';
  /**
   * Records the mail and enqueues its `send_mail` job in the caller's transaction: the mail exists
   * (and goes out) exactly when the change that causes it commits, and a failed delivery is retried with
   * backoff. Returns the outbox row's id.
   * @example await sql.begin(async (tx) => { await createThing(tx); await deps.mailer.queue(tx, mail) })
   */
  queue(tx: Tx | Sql, mail: OutgoingMail): Promise<{ id: string }>;
  /**
   * Delivers one outbox row (the `send_mail` task's work): through Resend, or into the development outbox.
   * Counts the attempt and keeps its error on the row; throws when Resend refuses, so the job retries.
   */
  deliver(id: string, attempt: DeliveryAttempt): Promise<Delivered>;
}

interface OutboxRow {
  to_address: string;
  subject: string;
  html: string;
  text_body: string;
  kind: string;
  status: string;
  sender_provider_id: string | null;
  attachments: StoredAttachment[] | null;
}

/** An attachment as the outbox row keeps it: its bytes in base64 (what Resend's API takes as well). */
interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

const stored = (a: MailAttachment): StoredAttachment => ({
  filename: a.filename,
  contentType: a.contentType,
  content: Buffer.from(a.content).toString('base64'),
});

/**
 * E-mail through the Resend SDK, or, without a key, into the development outbox (the same table, status
 * `outbox`, also logged) so a developer can open links without a mail server.
 */
export function createMailer(opts: {
  sql: Sql;
  log: Logger;
  jobs: JobQueue;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  from: string;
}): Mailer {
  const { sql, log } = opts;
  const resend = opts.apiKey
    ? new Resend(opts.apiKey, opts.baseUrl ? { baseUrl: opts.baseUrl } : undefined)
    : undefined;
  const via = resend ? 'resend' : 'outbox';

  async function insert(db: Tx | Sql, mail: OutgoingMail): Promise<string> {
    const [row] = await db<{ id: string }[]>`
      INSERT INTO outbox_emails (to_address, subject, html, text_body, kind, status, attempts, sender_provider_id,
                                 attachments)
      VALUES (${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.kind}, 'pending', 0,
              ${mail.senderProviderId ?? null}, ${mail.attachments?.length ? db.json(mail.attachments.map(stored) as never) : null})
      RETURNING id`;
    if (!row) throw new Error('outbox insert returned no row');
    return row.id;
  }

  return {
    via,
    async queue(tx, mail) {
      const id = await insert(tx, mail);
      await opts.jobs.enqueue(tx, 'send_mail', { mailId: id });
      return { id };
    },

    async deliver(id, attempt) {
      const [row] = await sql<OutboxRow[]>`
        SELECT to_address, subject, html, text_body, kind, status, sender_provider_id, attachments
        FROM outbox_emails WHERE id = ${id}`;
      // Deleted with its account meanwhile: nothing left to send.
      if (!row) return 'missing';
      // A job that runs twice (its worker died after delivering) delivers once.
      if (row.status === 'sent' || row.status === 'outbox') return 'already_delivered';
      if (!resend) {
        await sql`
          UPDATE outbox_emails SET status = 'outbox', attempts = attempts + 1, sent_at = now(), updated_at = now()
          WHERE id = ${id}`;
        log.info({ mailId: id, to: row.to_address, kind: row.kind }, 'mail stored in the development outbox');
        return 'outbox';
      }
      // Read at delivery: a domain removed or taken out of use meanwhile no longer sends.
      const from = row.sender_provider_id
        ? await senderOf(sql, row.sender_provider_id, opts.from)
        : opts.from;
      const { data, error } = await resend.emails.send(
        {
          from,
          to: row.to_address,
          subject: row.subject,
          html: row.html,
          text: row.text_body,
          ...(row.attachments?.length
            ? {
                attachments: row.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                })),
              }
            : {}),
        },
        // Resend sends a key it has seen within 24 hours only once, should a retry follow a lost answer.
        { idempotencyKey: `outbox/${id}`, ...(attempt.signal ? { signal: attempt.signal } : {}) },
      );
      if (error || !data) {
        const message = error?.message ?? 'unknown error';
        // The delivery rule's last attempt (jobs/backoff.ts) gives the mail up; before it, it waits for the next.
        const status = isLastAttempt(attempt) ? 'failed' : 'pending';
        await sql`
          UPDATE outbox_emails SET status = ${status}, attempts = attempts + 1, last_error = ${message},
            updated_at = now()
          WHERE id = ${id}`;
        throw new Error(`Mail delivery failed: ${message}`);
      }
      await sql`
        UPDATE outbox_emails SET status = 'sent', attempts = attempts + 1, provider_message_id = ${data.id},
          sent_at = now(), updated_at = now()
        WHERE id = ${id}`;
      return 'sent';
    },
  };
}
