import type { UseQueryResult } from '@tanstack/react-query';
import type { ConversationList as ConversationListData } from '../../../shared/contracts/messages';
import { formatRelativeTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { MESSAGES_BASE } from './paths';

/**
 * Every conversation (one per project): client and project, the newest message (or none yet), when, and
 * the unread count. The open one is marked as the current page.
 */
export function ConversationList({
  query,
  selectedId,
}: {
  query: UseQueryResult<ConversationListData, unknown>;
  selectedId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="grid place-items-center content-center gap-3 p-6 text-center">
        <p className="text-sm font-medium text-danger">{t('messages:loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('messages:retry')}
        </Button>
      </div>
    );
  }
  if (!query.data) return <ListSkeleton />;
  if (query.data.items.length === 0) {
    return (
      <div className="grid gap-1 p-6 text-center">
        <h2 className="font-semibold">{t('messages:empty.title')}</h2>
        <p className="text-sm text-muted">{t('messages:empty.body')}</p>
      </div>
    );
  }
  return (
    <nav aria-label={t('messages:listLabel')} className="min-h-0 flex-1 overflow-y-auto">
      <ul className="divide-y divide-line">
        {query.data.items.map((row) => {
          const current = row.project.id === selectedId;
          const last = row.lastMessage;
          return (
            <li key={row.project.id}>
              <Link
                to={`${MESSAGES_BASE}/${row.project.id}`}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'grid grid-cols-[minmax(0,1fr)] gap-0.5 px-4 py-3 transition-colors hover:bg-surface',
                  current && 'bg-primary-soft hover:bg-primary-soft',
                )}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn(
                      'min-w-0 truncate text-sm',
                      row.unread > 0 ? 'font-semibold' : 'font-medium',
                    )}
                  >
                    {row.client.name}
                  </span>
                  {last ? (
                    <time dateTime={last.createdAt} className="shrink-0 text-xs text-subtle">
                      {formatRelativeTime(last.createdAt, lang)}
                    </time>
                  ) : null}
                </span>
                <span className="truncate text-xs text-muted">{row.project.name}</span>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={cn('min-w-0 truncate text-sm', row.unread > 0 ? 'text-ink' : 'text-subtle')}
                  >
                    {last
                      ? `${last.mine ? `${t('messages:youPrefix')} ` : ''}${last.body.replace(/\s+/g, ' ')}`
                      : t('messages:noMessagesYet')}
                  </span>
                  {row.unread > 0 ? (
                    <span
                      className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-on-primary"
                      title={t('messages:unread', { count: row.unread })}
                    >
                      <span aria-hidden="true">{row.unread > 99 ? '99+' : row.unread}</span>
                      <span className="sr-only">{t('messages:unread', { count: row.unread })}</span>
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="grid gap-1 p-2">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="grid gap-2 rounded-lg px-2 py-3">
          <div className="h-3.5 w-2/5 animate-pulse rounded bg-line" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-line/70" />
          <div className="h-3 w-4/5 animate-pulse rounded bg-line/70" />
        </div>
      ))}
    </div>
  );
}
