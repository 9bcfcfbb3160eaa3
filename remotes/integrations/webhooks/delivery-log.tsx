import { Button } from '../../../shared/ui/button';
import { type Column, DataTable } from '../../../shared/ui/data-table';
import { Dialog } from '../../../shared/ui/dialog';
import { StatusBadge, type StatusMap } from '../../../shared/ui/status-badge';
import { toast } from '../../../shared/ui/toaster';
import { useDeliveries, useRedeliver, type WebhookDelivery, type WebhookEndpoint } from './api';
import { useWebhookTexts } from './i18n';

const STATES: StatusMap<WebhookDelivery['status']> = {
  pending: { label: 'log.state.pending', tone: 'info' },
  succeeded: { label: 'log.state.succeeded', tone: 'success' },
  failed: { label: 'log.state.failed', tone: 'danger' },
};

/**
 * An endpoint's delivery log: each delivery's event, state and latest attempt (time, attempt, status code,
 * duration, the first 2 KB of the answer, the error), with "Redeliver".
 */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t, i18n } = useWebhookTexts();
  const list = useDeliveries(endpoint.id);
  const redeliver = useRedeliver(endpoint.id);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
  const latest = (row: WebhookDelivery) => row.log[0];
  const answer = (row: WebhookDelivery) => {
    const attempt = latest(row);
    if (!attempt) return '';
    if (attempt.error) return t(`log.errors.${attempt.error}`, { defaultValue: attempt.error });
    return attempt.responseBody ?? '';
  };
  const again = async (row: WebhookDelivery) => {
    try {
      await redeliver.mutateAsync(row.id);
      toast.success(t('toast.redelivered'));
    } catch (error) {
      toast.error(
        t('toast.redeliverFailed'),
        error instanceof Error ? { description: error.message } : undefined,
      );
    }
  };
  const columns: Column<WebhookDelivery>[] = [
    { id: 'time', header: t('log.time'), cell: (row) => time(latest(row)?.createdAt ?? row.createdAt) },
    {
      id: 'event',
      header: t('log.event'),
      cell: (row) => (
        <span>
          {row.eventType}
          <code className="block text-xs text-muted">{row.eventId}</code>
        </span>
      ),
    },
    {
      id: 'state',
      header: t('columns.status'),
      cell: (row) => <StatusBadge status={row.status} map={STATES} t={t} />,
    },
    {
      id: 'attempt',
      header: t('log.attempt'),
      cell: (row) => `${latest(row)?.attempt ?? 0}${latest(row)?.manual ? ` (${t('log.manual')})` : ''}`,
    },
    { id: 'code', header: t('log.statusCode'), cell: (row) => latest(row)?.statusCode ?? t('log.noAnswer') },
    {
      id: 'duration',
      header: t('log.duration'),
      cell: (row) => t('log.ms', { value: String(latest(row)?.durationMs ?? 0) }),
      hideBelow: '4xl',
    },
    { id: 'response', header: t('log.response'), cell: answer, long: answer, hideBelow: '4xl' },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      cell: (row) => (
        <Button size="sm" variant="secondary" onClick={() => void again(row)}>
          {t('log.redeliver')}
        </Button>
      ),
    },
  ];
  const rows = list.items ?? [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('log.title')}
      description={t('log.description', { url: endpoint.url })}
      className="max-w-5xl"
    >
      {rows.length === 0 && !list.isFetching ? (
        <p className="text-sm text-muted">{t('log.empty')}</p>
      ) : (
        <DataTable
          label={t('log.title')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          card={(row) => (
            <div className="grid gap-1 p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{row.eventType}</span>
                <StatusBadge status={row.status} map={STATES} t={t} />
              </div>
              <span className="text-muted">
                {time(latest(row)?.createdAt ?? row.createdAt)} ·{' '}
                {latest(row)?.statusCode ?? t('log.noAnswer')}
              </span>
              <Button size="sm" variant="secondary" onClick={() => void again(row)}>
                {t('log.redeliver')}
              </Button>
            </div>
          )}
        />
      )}
      {list.hasNextPage ? (
        <Button variant="secondary" className="mt-3" onClick={() => void list.fetchNextPage()}>
          {t('log.more')}
        </Button>
      ) : null}
    </Dialog>
  );
}
