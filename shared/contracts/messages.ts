import { z } from 'zod';
import { text, Uuid } from './common';
import { PAGE_LIMIT_MAX, PageQuery, pageOf } from './paging';
import { ProjectStatus } from './projects';

/*
 * Messages (spec §3 "per-project conversation"): one conversation per project, both sides writing. The
 * text is plain: the frontends render it as text nodes (line breaks kept, links made clickable), never as
 * HTML. `seq` orders a conversation (older pages load with `before`); `clientMessageId` is made by the
 * sender's browser, so a retried send never stores a message twice.
 */

export const MessageSenderType = z.enum(['provider', 'client']).meta({ description: 'Who wrote it.' });
export type MessageSenderType = z.infer<typeof MessageSenderType>;

export const MESSAGE_MAX_LENGTH = 5000;

export const MessageInput = z
  .object({
    clientMessageId: Uuid({ error: 'validation.invalid' }).meta({
      description: 'Made by the sender once per message; a retry with the same id returns the stored one.',
    }),
    body: text({ error: 'validation.messageRequired' })
      .trim()
      .min(1, { error: 'validation.messageRequired' })
      .max(MESSAGE_MAX_LENGTH, { error: 'validation.messageTooLong' })
      .meta({ example: 'The first draft is ready for review.' }),
  })
  .strict()
  .meta({ id: 'MessageInput' });
export type MessageInput = z.input<typeof MessageInput>;

export const Message = z
  .object({
    id: Uuid(),
    projectId: Uuid(),
    seq: z.number().int().meta({ description: 'Position in the conversation (increasing).' }),
    clientMessageId: Uuid(),
    sender: z.object({ type: MessageSenderType, name: text() }),
    mine: z.boolean().meta({ description: 'Written by the caller’s side.' }),
    body: text(),
    createdAt: text(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const MessagePageQuery = z.object({
  ...PageQuery,
  limit: PageQuery.limit
    .default(30)
    .meta({ description: `Messages per page, 1–${PAGE_LIMIT_MAX} (default 30).` }),
});

export const MessagePage = z
  .object({
    items: z.array(Message).max(PAGE_LIMIT_MAX).meta({ description: 'Oldest first within the page.' }),
    nextCursor: pageOf(Message).shape.nextCursor.meta({
      description: 'Send as `cursor` for the page of older messages; null when there are none.',
    }),
    lastReadSeq: z
      .number()
      .int()
      .meta({ description: 'The caller’s side has read up to this seq (0: nothing).' }),
  })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof MessagePage>;

export const MarkConversationRead = z
  .object({ upToSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ format: 'int64' }) })
  .strict()
  .meta({ id: 'MarkConversationRead', example: { upToSeq: 42 } });

/** One row of the Messages page: a project's conversation with its newest message and unread count. */
export const Conversation = z
  .object({
    project: z.object({ id: Uuid(), name: text(), status: ProjectStatus }),
    client: z.object({ id: Uuid(), name: text() }),
    lastMessage: Message.nullable(),
    unread: z.number().int(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof Conversation>;

export const ConversationList = z.object({ items: z.array(Conversation) }).meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof ConversationList>;
