import { ArrowRight } from 'lucide-react';
import { Link } from '../../shared/router';
import { Button } from '../../shared/ui/button';
import { TitledCard } from '../../shared/ui/card';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { Skeleton } from '../../shared/ui/skeleton';
import { toast } from '../../shared/ui/toaster';
import { useGoogleCalendar } from './api';
import { useCalendarTexts } from './i18n';

/**
 * Google Calendar in the calendar's settings (issue 30): whether bookings and events go to a Google
 * calendar and busy times there block booking slots; connect (or reconnect a connection Google refused)
 * through Google's consent page, and a link to the Integrations page, where the calendar is chosen and the
 * connection ended.
 */
export function GoogleCalendarPanel() {
  const { t } = useCalendarTexts();
  const { status, connect } = useGoogleCalendar();

  async function start() {
    try {
      const { url } = await connect.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      toast.error(t('google.failed'), error instanceof Error ? { description: error.message } : undefined);
    }
  }

  const state = status.data;
  const connection = state?.connection ?? null;
  return (
    <TitledCard title={t('google.title')}>
      <div className="grid gap-4 text-sm">
        <p className="text-muted">{t('google.explanation')}</p>
        {status.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : status.isError ? (
          <LoadFailedPanel
            title={t('error.title')}
            retrying={status.isFetching}
            onRetry={() => void status.refetch()}
          />
        ) : !state?.configured ? (
          <p>{t('google.notConfigured')}</p>
        ) : (
          <>
            <p>
              {connection === null
                ? t('google.notConnected')
                : connection.status === 'broken'
                  ? t('google.broken', { account: connection.accountEmail ?? '' })
                  : t('google.connected', {
                      account: connection.accountEmail ?? '',
                      calendar: connection.calendarName ?? t('google.primary'),
                    })}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              {connection === null || connection.status === 'broken' ? (
                <Button loading={connect.isPending} onClick={() => void start()}>
                  {connection === null ? t('google.connect') : t('google.reconnect')}
                </Button>
              ) : null}
              <Link
                to="/dashboard/integrations"
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('google.manage')}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            </div>
          </>
        )}
      </div>
    </TitledCard>
  );
}
