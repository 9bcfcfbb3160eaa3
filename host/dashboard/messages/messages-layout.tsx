import { MessagesSquare, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useConversationList } from '../../../shared/conversation/query';
import { useTranslation } from '../../../shared/i18n/react';
import { Card } from '../../../shared/ui/card';
import { cn } from '../../../shared/ui/cn';
import { BackLink } from './back-link';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';

/**
 * The list of conversations and the open one. From 768 px both side by side; on a phone the list, or the
 * open conversation with a way back to the list.
 */
export function MessagesLayout({ selectedId }: { selectedId: string | null }) {
  const { t } = useTranslation();
  const list = useConversationList();
  const selected = list.data?.items.find((row) => row.project.id === selectedId);
  useRefetchForUnknown(list, selectedId, selected !== undefined);
  return (
    // The page fills the viewport under the top bar (3.5 rem) and the main area's padding, so the thread
    // scrolls inside it and the composer stays in view.
    <div className="flex h-[calc(100dvh-6.5rem)] min-h-[26rem] flex-col gap-4 lg:h-[calc(100dvh-7.5rem)]">
      <div className={cn('grid gap-1', selectedId && 'max-md:hidden')}>
        <h1 className="text-2xl font-semibold">{t('nav.messages')}</h1>
        <p className="text-muted">{t('messages:subtitle')}</p>
      </div>
      <Card className="flex min-h-0 flex-1 overflow-hidden">
        <div
          className={cn(
            'flex min-h-0 w-full flex-col border-line md:w-80 md:shrink-0 md:border-r lg:w-96',
            selectedId && 'max-md:hidden',
          )}
        >
          <ConversationList query={list} selectedId={selectedId} />
        </div>
        <div className={cn('min-h-0 min-w-0 flex-1', !selectedId && 'max-md:hidden')}>
          {!selectedId ? (
            <Placeholder
              icon={<MessagesSquare aria-hidden="true" className="size-5" />}
              title={t('messages:select.title')}
              body={t('messages:select.body')}
            />
          ) : selected ? (
            <ConversationPane conversation={selected} />
          ) : list.data && !list.isFetching ? (
            <Placeholder
              icon={<SearchX aria-hidden="true" className="size-5" />}
              title={t('messages:notFound.title')}
              body={t('messages:notFound.body')}
              back
            />
          ) : null}
        </div>
      </Card>
    </div>
  );
}

function Placeholder({
  icon,
  title,
  body,
  back,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  back?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid h-full place-items-center content-center gap-3 p-6 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
        {icon}
      </span>
      <div className="grid max-w-sm gap-1">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted">{body}</p>
      </div>
      {back ? <BackLink label={t('messages:back')} /> : null}
    </div>
  );
}

/**
 * A conversation the cached list does not have (a project made since it was read, a link from a
 * notification): the list is read again once before "not found" is believed.
 */
function useRefetchForUnknown(
  list: ReturnType<typeof useConversationList>,
  selectedId: string | null,
  found: boolean,
) {
  const asked = useRef(new Set<string>());
  const { data, isFetching, refetch } = list;
  useEffect(() => {
    if (!selectedId || found || !data || isFetching || asked.current.has(selectedId)) return;
    asked.current.add(selectedId);
    void refetch();
  }, [selectedId, found, data, isFetching, refetch]);
}
