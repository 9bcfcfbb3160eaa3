import { Check, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format/date';
import { Button } from '../../shared/ui/button';
import { TitledCard } from '../../shared/ui/card';
import { ConfirmDialog } from '../../shared/ui/dialog';
import { Field } from '../../shared/ui/field';
import { useKitTexts } from '../../shared/ui/kit-texts';
import { BackLink, LoadFailedPanel } from '../../shared/ui/load-failed';
import { PageHeader } from '../../shared/ui/page-header';
import { Skeleton } from '../../shared/ui/skeleton';
import { toast } from '../../shared/ui/toaster';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useFeed } from './api';
import { GoogleCalendarPanel } from './google-panel';
import { useCalendarTexts } from './i18n';

/**
 * The calendar's settings: the private iCalendar feed, and the Google Calendar connection. Creating (or regenerating) shows its secret address
 * once, to copy into Google Calendar, Apple Calendar or Outlook; regenerating and revoking ask first, as
 * subscribed calendars stop updating.
 */
export function CalendarSettings() {
  const { t, lang } = useCalendarTexts();
  const kit = useKitTexts();
  useDocumentTitle(t('settings.title'));
  const { status, create, revoke } = useFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'regenerate' | 'revoke' | null>(null);
  const [copied, setCopied] = useState(false);

  async function make() {
    try {
      const created = await create.mutateAsync();
      setUrl(created.url);
      setCopied(false);
      setConfirm(null);
      toast.success(t('feed.created'));
    } catch (error) {
      toast.error(t('feed.failed'), error instanceof Error ? { description: error.message } : undefined);
    }
  }
  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('feed.copied'));
    } catch {
      toast.error(t('feed.copyFailed'));
    }
  }

  const feed = status.data;
  return (
    <div className="grid gap-6">
      <BackLink label={t('settings.back')} to="/dashboard/calendar" />
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <TitledCard title={t('feed.title')}>
        <div className="grid gap-4 text-sm">
          <p className="text-muted">{t('feed.explanation')}</p>
          {status.isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : status.isError ? (
            <LoadFailedPanel
              title={t('error.title')}
              retrying={status.isFetching}
              onRetry={() => void status.refetch()}
            />
          ) : (
            <>
              <p>
                {feed?.active
                  ? t('feed.active', { date: feed.createdAt ? formatDateTime(feed.createdAt, lang) : '' })
                  : t('feed.inactive')}
                {feed?.active && feed.lastReadAt
                  ? ` ${t('feed.lastRead', { date: formatDateTime(feed.lastReadAt, lang) })}`
                  : ''}
              </p>
              {url ? (
                <div className="grid gap-2">
                  <div className="flex items-end gap-2">
                    <div className="min-w-0 flex-1">
                      <Field
                        label={t('feed.url')}
                        name="feedUrl"
                        value={url}
                        readOnly
                        onFocus={(event) => event.currentTarget.select()}
                        hint={t('feed.once')}
                      />
                    </div>
                  </div>
                  <div>
                    <Button variant="secondary" onClick={() => void copy(url)}>
                      {copied ? (
                        <Check aria-hidden="true" className="size-4" />
                      ) : (
                        <Copy aria-hidden="true" className="size-4" />
                      )}
                      {t('feed.copy')}
                    </Button>
                  </div>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {feed?.active ? (
                  <>
                    <Button variant="secondary" onClick={() => setConfirm('regenerate')}>
                      <RefreshCw aria-hidden="true" className="size-4" />
                      {t('feed.regenerate')}
                    </Button>
                    <Button variant="danger" onClick={() => setConfirm('revoke')}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('feed.revoke')}
                    </Button>
                  </>
                ) : (
                  <Button loading={create.isPending} onClick={() => void make()}>
                    {t('feed.create')}
                  </Button>
                )}
              </div>
              <ul className="grid list-disc gap-1 pl-5 text-muted">
                <li>{t('feed.google')}</li>
                <li>{t('feed.apple')}</li>
                <li>{t('feed.outlook')}</li>
              </ul>
            </>
          )}
        </div>
      </TitledCard>
      <GoogleCalendarPanel />
      <ConfirmDialog
        open={confirm === 'regenerate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('feed.regenerateTitle')}
        description={t('feed.regenerateBody')}
        cancelLabel={kit('cancel')}
        confirmLabel={t('feed.regenerate')}
        confirmVariant="primary"
        confirming={create.isPending}
        onConfirm={() => void make()}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('feed.revokeTitle')}
        description={t('feed.revokeBody')}
        cancelLabel={kit('cancel')}
        confirmLabel={t('feed.revoke')}
        confirming={revoke.isPending}
        onConfirm={() =>
          void revoke.mutateAsync().then(
            () => {
              setUrl(null);
              setConfirm(null);
              toast.success(t('feed.revoked'));
            },
            (error: unknown) =>
              toast.error(
                t('feed.failed'),
                error instanceof Error ? { description: error.message } : undefined,
              ),
          )
        }
      />
    </div>
  );
}
