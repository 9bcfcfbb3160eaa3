import { ArrowLeft, MessageSquare, MessagesSquare } from 'lucide-react';
import type { Conversation as ConversationRow } from '../../../../shared/contracts/messages';
import { Conversation } from '../../../../shared/conversation/conversation';
import { formatRelativeTime } from '../../../../shared/format/date';
import { Card } from '../../../../shared/ui/card';
import { cn } from '../../../../shared/ui/cn';
import { useEmbed } from '../../embedded/embed-state';
import { useI18n } from '../../i18n/i18n-context';
import { useLocationKey } from '../../navigation/history';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { usePortalConversation } from '../messages/portal-conversation';
import { useConversations } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';

/** The project whose conversation is open (`?project=…`, as a notification or a row links it). */
function useSelectedProject(): string | null {
  const location = useLocationKey();
  const search = location.includes('?') ? location.slice(location.indexOf('?')) : '';
  return new URLSearchParams(search).get('project');
}

function ConversationLink({ row, active }: { row: ConversationRow; active: boolean }) {
  const { t, lang } = useI18n();
  const { pathTo } = useSignedIn();
  const last = row.lastMessage;
  return (
    <Link
      to={`${pathTo('messages')}?project=${row.project.id}`}
      aria-current={active ? 'true' : undefined}
      className="grid min-w-0 gap-0.5 px-4 py-3 hover:bg-surface aria-[current=true]:bg-primary-soft"
    >
      <span className="flex min-w-0 items-center justify-between gap-3">
        <span className={cn('min-w-0 truncate', row.unread > 0 ? 'font-semibold' : 'font-medium')}>
          {row.project.name}
        </span>
        {last ? (
          <time dateTime={last.createdAt} className="shrink-0 text-xs text-muted">
            {formatRelativeTime(last.createdAt, lang)}
          </time>
        ) : null}
      </span>
      <span className="flex min-w-0 items-center justify-between gap-3">
        <span className="min-w-0 truncate text-sm text-muted">
          {last
            ? `${last.mine ? t('messages.you') : last.sender.name}: ${last.body}`
            : t('messages.noMessagesYet')}
        </span>
        {row.unread > 0 ? (
          <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-on-primary tabular-nums">
            {row.unread}
            <span className="sr-only"> {t('messages.unread', { count: row.unread })}</span>
          </span>
        ) : null}
      </span>
    </Link>
  );
}

function ConversationPane({ row, height }: { row: ConversationRow; height: string }) {
  const { t } = useI18n();
  const { portalId, pathTo, projectPathTo } = useSignedIn();
  const conversation = usePortalConversation(portalId, row.project.id);
  return (
    <Card className={cn('flex flex-col overflow-hidden', height)}>
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={pathTo('messages')}
            className="grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface hover:text-ink lg:hidden"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('messages.all')}</span>
          </Link>
          <h2 className="truncate font-semibold">{row.project.name}</h2>
        </div>
        <Link
          to={projectPathTo(row.project.id)}
          className="shrink-0 text-sm font-medium text-primary hover:underline"
        >
          {t('messages.openProject')}
        </Link>
      </div>
      <div className="min-h-0 flex-1">
        <Conversation {...conversation} />
      </div>
    </Card>
  );
}

/**
 * The client's conversations with the provider (one per project, the most recent first, unread counts)
 * and the chosen one beside them; on a phone, the list or the conversation.
 */
export default function MessagesPage() {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const conversations = useConversations(portalId);
  const selectedId = useSelectedProject();
  const inline = useEmbed()?.mode === 'inline';
  usePageTitle(t('nav.messages'), branding?.name);
  useFirstContentMark(conversations.data !== undefined);
  // Inside an inline widget the frame follows its content: a fixed height, never the window's.
  const height = inline ? 'h-[32rem]' : 'h-[calc(100dvh-15rem)] min-h-[24rem] lg:h-[calc(100dvh-14rem)]';
  const listHeight = inline ? 'lg:h-[32rem]' : 'lg:h-[calc(100dvh-14rem)] lg:min-h-[24rem]';
  const items = conversations.data?.items ?? [];
  const selected = items.find((row) => row.project.id === selectedId) ?? null;

  return (
    <>
      <PageHeader title={t('messages.title')} description={t('messages.subtitle')} />
      {conversations.data ? (
        items.length === 0 ? (
          <Card>
            <EmptyState icon={MessageSquare} title={t('messages.empty')} body={t('messages.emptyBody')} />
          </Card>
        ) : (
          <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
            <nav
              aria-label={t('messages.conversations')}
              className={cn(selected && 'hidden lg:block', 'min-w-0')}
            >
              <Card className={cn('overflow-y-auto', listHeight)}>
                <ul className="divide-y divide-line">
                  {items.map((row) => (
                    <li key={row.project.id}>
                      <ConversationLink row={row} active={row.project.id === selected?.project.id} />
                    </li>
                  ))}
                </ul>
              </Card>
            </nav>
            {selected ? (
              <ConversationPane row={selected} height={height} />
            ) : (
              <Card className={cn('hidden place-items-center lg:grid', height)}>
                <EmptyState
                  icon={MessagesSquare}
                  title={t('messages.choose')}
                  body={t('messages.chooseBody')}
                />
              </Card>
            )}
          </div>
        )
      ) : conversations.error ? (
        <LoadFailed message={conversations.error.message} onRetry={() => void conversations.refetch()} />
      ) : (
        <LoadingRows />
      )}
    </>
  );
}
