import { Bell, CalendarDays, FileCheck2, FolderKanban, MessageSquare, Receipt, Upload } from 'lucide-react';
import type { ActivityItem } from '../contracts/activity';
import { formatRelativeTime } from '../format/date';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Sheet } from '../ui/sheet';
import { groupNotifications, notificationSection } from './rules';
import type { NotificationTranslate } from './texts';

const ICONS = {
  messages: MessageSquare,
  files: Upload,
  invoices: Receipt,
  calendar: CalendarDays,
  projects: FolderKanban,
} as const;

/**
 * The notification sheet of spec §2 for both audiences: title and description, 'Mark all read', the
 * unread entries under 'New' and the read ones under 'Earlier' (`earlierLimit`), three placeholder rows
 * while loading, the empty state. A click hands the entry to `onSelect` (which navigates and closes).
 */
export function NotificationSheet({
  open,
  onOpenChange,
  items,
  loadFailed,
  onRetry,
  onSelect,
  onMarkAllRead,
  markingAllRead,
  earlierLimit,
  t,
  lang,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Newest first; undefined while loading. */
  items: readonly ActivityItem[] | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  onSelect: (item: ActivityItem) => void;
  onMarkAllRead: () => void;
  markingAllRead: boolean;
  earlierLimit?: number;
  t: NotificationTranslate;
  lang: string;
}) {
  const groups = items ? groupNotifications(items, earlierLimit) : null;
  const hasUnread = (groups?.fresh.length ?? 0) > 0;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      closeLabel={t('close')}
      actions={
        <Button
          variant="ghost"
          size="sm"
          onClick={onMarkAllRead}
          disabled={!hasUnread}
          loading={markingAllRead}
        >
          {t('markAllRead')}
        </Button>
      }
    >
      {!groups ? (
        loadFailed ? (
          <div role="alert" className="grid justify-items-center gap-3 px-5 py-10 text-center">
            <p className="text-sm font-medium text-danger">{t('loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <PlaceholderRows label={t('loading')} />
        )
      ) : groups.fresh.length === 0 && groups.earlier.length === 0 ? (
        <div className="grid justify-items-center gap-3 px-5 py-12 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
            <Bell aria-hidden="true" className="size-5" />
          </span>
          <div className="grid gap-1">
            <p className="font-medium">{t('emptyTitle')}</p>
            <p className="text-sm text-muted">{t('emptyBody')}</p>
          </div>
        </div>
      ) : (
        <div className="grid gap-2 py-3">
          {groups.fresh.length > 0 ? (
            <Group label={t('new')} items={groups.fresh} onSelect={onSelect} lang={lang} />
          ) : null}
          {groups.earlier.length > 0 ? (
            <Group label={t('earlier')} items={groups.earlier} onSelect={onSelect} lang={lang} />
          ) : null}
        </div>
      )}
    </Sheet>
  );
}

function Group({
  label,
  items,
  onSelect,
  lang,
}: {
  label: string;
  items: ActivityItem[];
  onSelect: (item: ActivityItem) => void;
  lang: string;
}) {
  return (
    <section aria-label={label} className="grid gap-1">
      <h3 className="px-5 pt-1 text-xs font-semibold tracking-wide text-subtle uppercase">{label}</h3>
      <ul className="grid gap-0.5 px-2">
        {items.map((item) => (
          <li key={item.id}>
            <Entry item={item} onSelect={onSelect} lang={lang} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Entry({
  item,
  onSelect,
  lang,
}: {
  item: ActivityItem;
  onSelect: (item: ActivityItem) => void;
  lang: string;
}) {
  const section = notificationSection(item.type);
  const Icon = item.type === 'file_approval' ? FileCheck2 : ICONS[section];
  return (
    <button
      type="button"
      onClick={() => onSelect(item)}
      data-read={item.read}
      className={cn(
        'flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-surface',
        !item.read && 'bg-primary-soft/50',
      )}
    >
      <span
        className={cn(
          'mt-0.5 grid size-8 shrink-0 place-items-center rounded-full',
          item.read ? 'bg-surface text-subtle' : 'bg-primary-soft text-primary',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm', item.read ? 'font-medium text-ink' : 'font-semibold text-ink')}>
          {item.title}
        </span>
        {item.description ? (
          <span className="line-clamp-2 text-sm break-words text-muted">{item.description}</span>
        ) : null}
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
          <span className="truncate">{item.project?.name ?? item.client?.name}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={item.createdAt} className="shrink-0">
            {formatRelativeTime(item.createdAt, lang)}
          </time>
        </span>
      </span>
      {item.read ? null : (
        <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-primary" />
      )}
    </button>
  );
}

/** Spec §2: three placeholder rows while loading. */
function PlaceholderRows({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid gap-1 px-2 py-3"
      data-testid="notification-placeholders"
    >
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-start gap-3 px-3 py-2.5">
          <div className="size-8 shrink-0 animate-pulse rounded-full bg-line" />
          <div className="grid flex-1 gap-2 pt-1">
            <div className="h-3.5 w-3/4 animate-pulse rounded bg-line" />
            <div className="h-3 w-full animate-pulse rounded bg-line/70" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-line/70" />
          </div>
        </div>
      ))}
    </div>
  );
}
