import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { type Column, DataTable } from '../../../shared/ui/data-table';
import { DeleteDialog } from '../../../shared/ui/delete-dialog';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { useKitTexts } from '../../../shared/ui/kit-texts';
import { StatusBadge, type StatusMap } from '../../../shared/ui/status-badge';
import { toast } from '../../../shared/ui/toaster';
import {
  useDeleteEndpoint,
  useEndpoints,
  useRotateSecret,
  useSendTest,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from './api';
import { DeliveryLog } from './delivery-log';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { useWebhookTexts } from './i18n';
import { SecretDialog } from './secret-dialog';

type State = 'enabled' | 'disabled' | 'failing';

const STATES: StatusMap<State> = {
  enabled: { label: 'status.enabled', tone: 'success' },
  disabled: { label: 'status.disabled', tone: 'neutral' },
  failing: { label: 'status.failing', tone: 'danger' },
};

const stateOf = (e: WebhookEndpoint): State =>
  e.enabled ? 'enabled' : e.disabledReason === 'failing' ? 'failing' : 'disabled';

/** What the panel shows over the list: a dialog at a time. */
type Open =
  | { kind: 'form'; endpoint?: WebhookEndpoint }
  | { kind: 'secret'; secret: string; rotated: boolean }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'log'; endpoint: WebhookEndpoint }
  | null;

/**
 * The Integrations page's webhooks card: the provider's endpoints (URL, events, state) with add, edit,
 * send a test event, rotate the secret (shown once), the delivery log with redelivery, and delete.
 */
export function WebhooksPanel() {
  const { t } = useWebhookTexts();
  const kit = useKitTexts();
  const list = useEndpoints();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const sendTest = useSendTest();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const test = async (endpoint: WebhookEndpoint) => {
    try {
      await sendTest.mutateAsync(endpoint.id);
      toast.success(t('toast.testSent'));
    } catch (error) {
      toast.error(t('toast.testFailed'), error instanceof Error ? { description: error.message } : undefined);
    }
  };
  const rotateSecret = async (endpoint: WebhookEndpoint) => {
    try {
      const rotated = await rotate.mutateAsync(endpoint.id);
      setOpen({ kind: 'secret', secret: rotated.secret, rotated: true });
    } catch (error) {
      close();
      toast.error(
        t('toast.rotateFailed'),
        error instanceof Error ? { description: error.message } : undefined,
      );
    }
  };

  const actions = (endpoint: WebhookEndpoint) => (
    <div className="flex flex-wrap justify-end gap-1.5">
      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'form', endpoint })}>
        {t('actions.edit')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void test(endpoint)}>
        {t('actions.test')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'log', endpoint })}>
        {t('actions.deliveries')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'rotate', endpoint })}>
        {t('actions.rotate')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'delete', endpoint })}>
        {t('actions.delete')}
      </Button>
    </div>
  );

  const columns: Column<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: t('columns.url'),
      cell: (e) => (
        <span className="break-all">
          {e.url}
          {e.description ? <span className="block text-xs text-muted">{e.description}</span> : null}
        </span>
      ),
    },
    {
      id: 'events',
      header: t('columns.events'),
      cell: (e) => t('eventsCount', { count: e.eventTypes.length }),
      long: (e) => e.eventTypes.join(', '),
      hideBelow: '3xl',
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (e) => <StatusBadge status={stateOf(e)} map={STATES} t={t} />,
    },
    { id: 'actions', header: t('columns.actions'), align: 'right', cell: actions },
  ];
  const rows = list.items ?? [];

  return (
    <section aria-labelledby="webhooks-title" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="webhooks-title" className="text-lg font-semibold text-ink">
            {t('title')}
          </h2>
          <p className="text-sm text-muted">{t('intro')}</p>
        </div>
        <Button onClick={() => setOpen({ kind: 'form' })}>{t('add')}</Button>
      </div>
      {list.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-danger">
          {t('loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : rows.length === 0 && !list.isFetching ? (
        <p className="text-sm text-muted">{t('empty')}</p>
      ) : (
        <DataTable
          label={t('title')}
          columns={columns}
          rows={rows}
          rowKey={(e) => e.id}
          card={(e) => (
            <div className="grid gap-2 p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="break-all font-medium">{e.url}</span>
                <StatusBadge status={stateOf(e)} map={STATES} t={t} />
              </div>
              <span className="text-muted">{t('eventsCount', { count: e.eventTypes.length })}</span>
              {actions(e)}
            </div>
          )}
        />
      )}

      {open?.kind === 'form' ? (
        <EndpointFormDialog
          {...(open.endpoint ? { endpoint: open.endpoint } : {})}
          onCreated={(created: WebhookEndpointCreated) =>
            setOpen({ kind: 'secret', secret: created.secret, rotated: false })
          }
          onClose={() => setOpen((current) => (current?.kind === 'form' ? null : current))}
        />
      ) : null}
      {open?.kind === 'secret' ? (
        <SecretDialog secret={open.secret} rotated={open.rotated} onClose={close} />
      ) : null}
      {open?.kind === 'rotate' ? (
        <ConfirmDialog
          open
          onOpenChange={(value) => !value && close()}
          title={t('rotate.title')}
          description={t('rotate.body')}
          cancelLabel={kit('cancel')}
          confirmLabel={t('rotate.confirm')}
          confirming={rotate.isPending}
          onConfirm={() => void rotateSecret(open.endpoint)}
        />
      ) : null}
      {open?.kind === 'log' ? <DeliveryLog endpoint={open.endpoint} onClose={close} /> : null}
      <DeleteDialog
        t={t}
        name={open?.kind === 'delete' ? open.endpoint.url : ''}
        open={open?.kind === 'delete'}
        onOpenChange={(value) => !value && close()}
        remove={() => remove.mutateAsync(open?.kind === 'delete' ? open.endpoint.id : '')}
        onDeleted={close}
      />
    </section>
  );
}
