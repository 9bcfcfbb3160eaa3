import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, LogOut, Smartphone } from 'lucide-react';
import { describeFailure } from '../../../shared/api/describe';
import type { AccountSession } from '../../../shared/contracts/account';
import { formatDate, formatRelativeTime } from '../../../shared/format/date';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/toaster';
import { dashboardApi } from '../dashboard-api';
import { dashboardKeys } from '../dashboard-keys';
import { useLeaveDashboard } from '../shell/use-leave-dashboard';
import { LoadFailed } from './load-failed';
import { describeUserAgent } from './user-agent';

/** Active sessions of the account, this device first; end one, or sign out everywhere (to /auth). */
export function SessionsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const leave = useLeaveDashboard();
  const sessions = useQuery({ queryKey: dashboardKeys.sessions, queryFn: dashboardApi.sessions });

  const end = useMutation({
    mutationFn: dashboardApi.endSession,
    onSuccess: () => {
      toast.success(t('settings:sessions.ended'));
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.sessions });
    },
    onError: (error) => toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) })),
  });

  const everywhere = useMutation({
    mutationFn: dashboardApi.signOutEverywhere,
    onSuccess: () => {
      toast.success(t('settings:sessions.signedOutEverywhere'));
      leave('/auth');
    },
    onError: (error) => toast.error(t('dashboard.errorMessage', { message: describeFailure(t, error) })),
  });

  if (sessions.isError) return <LoadFailed error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));

  return (
    <div className="grid gap-4">
      {sessions.data ? (
        <ul
          aria-label={t('settings:sessions.title')}
          className="grid divide-y divide-line rounded-xl border border-line"
        >
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={end.isPending && end.variables === session.id}
              onEnd={() => end.mutate(session.id)}
            />
          ))}
        </ul>
      ) : (
        <div
          role="status"
          aria-label={t('app.loading')}
          className="h-20 animate-pulse rounded-xl bg-surface"
        />
      )}
      <div>
        <Button variant="secondary" loading={everywhere.isPending} onClick={() => everywhere.mutate()}>
          {everywhere.isPending ? null : <LogOut aria-hidden="true" className="size-4" />}
          {t('settings:sessions.signOutEverywhere')}
        </Button>
        <p className="mt-2 text-xs text-subtle">{t('settings:sessions.signOutEverywhereHint')}</p>
      </div>
    </div>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: AccountSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const { browser, os } = describeUserAgent(session.userAgent);
  const device =
    browser && os
      ? t('settings:sessions.browserOn', { browser, os })
      : (browser ?? os ?? t('settings:sessions.unknownDevice'));
  const Icon = os === 'iOS' || os === 'Android' ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-subtle" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.current ? (
            <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success">
              {t('settings:sessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted">
          {[
            session.ip ? t('settings:sessions.ip', { ip: session.ip }) : null,
            t('settings:sessions.created', { date: formatDate(session.createdAt, lang) }),
            t('settings:sessions.lastSeen', { time: formatRelativeTime(session.lastSeenAt, lang) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="ghost" size="sm" loading={ending} onClick={onEnd}>
          {t('settings:sessions.end')}
        </Button>
      )}
    </li>
  );
}
