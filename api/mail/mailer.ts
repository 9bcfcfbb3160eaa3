import { Resend } from 'resend';
import type { Sql } from '../db/client';
import type { Logger } from '../http/logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is for, e.g. `verify_email`, `magic_link`; used by the outbox and tests. */
  kind: string;
}

export interface SentMail {
  id: string;
  via: 'resend' | 'outbox';
}

export interface Mailer {
  readonly via: 'resend' | 'outbox';
  /** Records the mail, then delivers it through Resend when a key is configured. Throws when delivery fails. */
  send(mail: OutgoingMail): Promise<SentMail>;
}

/**
 * E-mail through the Resend SDK, or, without a key, into the development outbox (the same table, status
 * `outbox`, also logged) so a developer can open links without a mail server.
 */
export function createMailer(opts: {
  sql: Sql;
  log: Logger;
  apiKey?: string;
  baseUrl?: string;
  from: string;
}): Mailer {
  const resend = opts.apiKey
    ? new Resend(opts.apiKey, opts.baseUrl ? { baseUrl: opts.baseUrl } : undefined)
    : undefined;
  return {
    via: resend ? 'resend' : 'outbox',
    async send(mail) {
      const [row] = await opts.sql<{ id: string }[]>`
        INSERT INTO outbox_emails (to_address, subject, html, text_body, kind, status)
        VALUES (${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.kind}, ${resend ? 'pending' : 'outbox'})
        RETURNING id`;
      const id = row?.id ?? '';
      if (!resend) {
        opts.log.info({ mailId: id, to: mail.to, kind: mail.kind }, 'mail stored in the development outbox');
        return { id, via: 'outbox' };
      }
      const { data, error } = await resend.emails.send({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
      if (error || !data) {
        await opts.sql`UPDATE outbox_emails SET status = 'failed', error = ${error?.message ?? 'unknown'} WHERE id = ${id}`;
        opts.log.warn({ mailId: id, kind: mail.kind, error: error?.message }, 'mail delivery failed');
        throw new Error(`Mail delivery failed: ${error?.message ?? 'unknown error'}`);
      }
      await opts.sql`UPDATE outbox_emails SET status = 'sent', provider_message_id = ${data.id} WHERE id = ${id}`;
      return { id, via: 'resend' };
    },
  };
}
