import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Link2, Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { describeFailure } from '../../shared/api/describe';
import type { GoogleCalendarConnection } from '../../shared/contracts/google-calendar';
import { formatDate, formatRelativeTime } from '../../shared/format/date';
import { integrationKeys } from '../../shared/sections/integrations';
import { Button } from '../../shared/ui/button';
import { DetailItem } from '../../shared/ui/card';
import { ConfirmDialog } from '../../shared/ui/dialog';
import { SelectField } from '../../shared/ui/select-field';
import { StatusBadge } from '../../shared/ui/status-badge';
import { toast } from '../../shared/ui/toaster';
import {
  useChooseGoogleCalendar,
  useConnectGoogleCalendar,
  useDisconnectGoogleCalendar,
  useGoogleCalendar,
  useGoogleCalendars,
} from './api';
import { QueryCard } from './card-states';
import { useIntegrationTexts } from './i18n';
import { ActionResult, IntegrationCard, type ResultTone } from './integration-card';
import { INTEGRATION_STATUS } from './status';

/**
 * Google Calendar (issue 30): connect (Google's consent page, returning to `/calendar-oauth-callback`),
 * the account connected, the calendar bookings and events are written to, the last write that failed,
 * reconnect when Google refused the grant, and disconnect (after a confirmation).
 */
export function GoogleCalendarIntegration() {
  const { t } = useIntegrationTexts();
  const state = useGoogleCalendar();
  const frame = {
    id: 'google-calendar',
    icon: CalendarDays,
    title: t('google.title'),
    description: t('google.description'),
  };
  return (
    <QueryCard frame={frame} query={state}>
      {(data) => {
        const { configured, connection } = data;
        if (!configured && !connection)
          return (
            <IntegrationCard
              {...frame}
              status={<StatusBadge status="unavailable" map={INTEGRATION_STATUS} t={t} />}
            >
              <p className="text-sm">{t('google.notConfigured')}</p>
            </IntegrationCard>
          );
        if (!connection)
          return (
            <IntegrationCard
              {...frame}
              status={<StatusBadge status="notConnected" map={INTEGRATION_STATUS} t={t} />}
              actions={<ConnectButton label={t('google.connect')} />}
            >
              <p className="text-sm">{t('google.notConnectedBody')}</p>
            </IntegrationCard>
          );
        const broken = connection.status === 'broken';
        return (
          <IntegrationCard
            {...frame}
            status={
              <StatusBadge status={broken ? 'reconnect' : 'connected'} map={INTEGRATION_STATUS} t={t} />
            }
            actions={<ConnectedActions broken={broken} configured={configured} />}
          >
            {broken ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {t('google.brokenBody')}
              </p>
            ) : null}
            <ConnectedFacts connection={connection} />
            {broken ? null : <CalendarChooser />}
          </IntegrationCard>
        );
      }}
    </QueryCard>
  );
}

function ConnectButton({ label, variant = 'primary' }: { label: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useIntegrationTexts();
  const connect = useConnectGoogleCalendar();
  return (
    <Button
      size="sm"
      variant={variant}
      loading={connect.isPending}
      onClick={() =>
        connect.mutate(undefined, {
          // Google's consent page; it sends the browser back to /calendar-oauth-callback.
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => toast.error(t('google.connectFailed', { reason: describeFailure(t, error) })),
        })
      }
    >
      {connect.isPending ? null : <Link2 aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}

function ConnectedFacts({ connection }: { connection: GoogleCalendarConnection }) {
  const { t, lang } = useIntegrationTexts();
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <DetailItem label={t('google.account')}>
        <span className="block break-all">{connection.accountEmail ?? t('google.unknownAccount')}</span>
      </DetailItem>
      <DetailItem label={t('google.connectedAt')}>{formatDate(connection.connectedAt, lang)}</DetailItem>
      <DetailItem label={t('google.lastSynced')}>
        {connection.lastSyncedAt ? formatRelativeTime(connection.lastSyncedAt, lang) : t('google.never')}
      </DetailItem>
      {connection.lastSyncError ? (
        <div className="sm:col-span-3">
          <DetailItem label={t('google.lastError')}>
            <span className="block text-danger break-words">
              {connection.lastSyncErrorAt
                ? t('google.lastErrorLine', {
                    when: formatRelativeTime(connection.lastSyncErrorAt, lang),
                    message: connection.lastSyncError,
                  })
                : connection.lastSyncError}
            </span>
          </DetailItem>
        </div>
      ) : null}
    </dl>
  );
}

/** The calendar written to: the account's calendars it may write to, saved on change. */
function CalendarChooser() {
  const { t } = useIntegrationTexts();
  const calendars = useGoogleCalendars(true);
  const choose = useChooseGoogleCalendar();
  const [result, setResult] = useState<{ tone: ResultTone; text: string } | null>(null);
  const queryClient = useQueryClient();
  const failure = (calendars.error ?? choose.error) as { code?: string } | null;
  // Google refused the grant while reading the calendars: the connection is broken now, show "Reconnect".
  useEffect(() => {
    if (failure?.code === 'google_calendar_broken')
      void queryClient.invalidateQueries({ queryKey: integrationKeys.googleCalendar, exact: true });
  }, [failure, queryClient]);
  if (calendars.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {t('google.calendarsFailed', { reason: describeFailure(t, calendars.error) })}
      </p>
    );
  const items = calendars.data?.items.filter((c) => c.writable) ?? [];
  const chosen = calendars.data?.items.find((c) => c.chosen)?.id ?? '';
  return (
    <div className="grid gap-2 sm:max-w-md">
      <SelectField
        name="googleCalendar"
        label={t('google.calendar')}
        hint={t('google.calendarHint')}
        disabled={!calendars.data || choose.isPending}
        value={chosen}
        options={
          calendars.data
            ? items.map((c) => ({
                value: c.id,
                label: c.primary ? t('google.primaryCalendar', { name: c.summary }) : c.summary,
              }))
            : [{ value: '', label: t('loading') }]
        }
        onChange={(event) => {
          setResult(null);
          const calendarId = event.target.value;
          choose.mutate(
            { calendarId },
            {
              onSuccess: (state) =>
                setResult({
                  tone: 'ok',
                  text: t('google.calendarSaved', { name: state.connection?.calendarName ?? calendarId }),
                }),
              onError: (error) => setResult({ tone: 'danger', text: describeFailure(t, error) }),
            },
          );
        }}
      />
      <ActionResult result={result} />
    </div>
  );
}

function ConnectedActions({ broken, configured }: { broken: boolean; configured: boolean }) {
  const { t } = useIntegrationTexts();
  const disconnect = useDisconnectGoogleCalendar();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {broken && configured ? <ConnectButton label={t('google.reconnect')} /> : null}
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        <Unplug aria-hidden="true" className="size-4" />
        {t('google.disconnect')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('google.disconnectTitle')}
        description={t('google.disconnectBody')}
        cancelLabel={t('google.keep')}
        confirmLabel={t('google.disconnectConfirm')}
        confirming={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('google.disconnected'));
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(describeFailure(t, error));
            },
          })
        }
      />
    </>
  );
}
