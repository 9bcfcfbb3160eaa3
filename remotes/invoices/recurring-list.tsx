import { Pause, Pencil, Play, Plus, Repeat, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { RecurringInvoiceSummary, RecurringStatus } from '../../shared/contracts/recurring';
import { Button } from '../../shared/ui/button';
import type { Column } from '../../shared/ui/data-table';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { ListPage } from '../../shared/ui/list-page';
import { StatusBadge, type StatusMap } from '../../shared/ui/status-badge';
import { toast } from '../../shared/ui/toaster';
import { AutopayBadge } from './autopay-badge';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';
import { ListCard, useClientStatusList } from './list-parts';
import { useDeleteRecurring, useRecurringList, useUpdateRecurring } from './recurring-api';
import { SectionNav } from './section-nav';

/** The create/edit dialog (zod, the line editor) is its own chunk. */
const RecurringDialog = lazy(() => import('./recurring-dialog'));

const RECURRING_STATUSES = ['active', 'paused', 'ended'] as const satisfies readonly RecurringStatus[];
const RECURRING_STATUS: StatusMap<RecurringStatus> = {
  active: { label: 'recurring.status.active', tone: 'success' },
  paused: { label: 'recurring.status.paused', tone: 'warning' },
  ended: { label: 'recurring.status.ended', tone: 'neutral' },
};

type T = (key: string, values?: Record<string, string | number | null>) => string;

/** "Monthly", "Every 14 days". */
export const rhythmText = (t: T, r: Pick<RecurringInvoiceSummary, 'frequency' | 'intervalDays'>) =>
  r.frequency === 'days'
    ? t('recurring.everyDays', { count: r.intervalDays ?? 1 })
    : t(`recurring.frequency.${r.frequency}`);

type Dialog =
  | { kind: 'edit'; id: string }
  | { kind: 'new' }
  | { kind: 'delete'; row: RecurringInvoiceSummary };

function RowActions({ row, open }: { row: RecurringInvoiceSummary; open: (dialog: Dialog) => void }) {
  const { t } = useInvoiceTexts();
  const update = useUpdateRecurring();
  const name = row.description ?? row.client.name;
  const toggle = async () => {
    const status = row.status === 'active' ? 'paused' : 'active';
    try {
      await update.mutateAsync({ id: row.id, body: { status } });
      toast.success(t(status === 'paused' ? 'recurring.toast.paused' : 'recurring.toast.resumed'));
    } catch (cause) {
      toast.error(t('recurring.toast.saveFailed'), { description: (cause as Error).message });
    }
  };
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('recurring.actions.edit', { name })}
        onClick={() => open({ kind: 'edit', id: row.id })}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      {row.status !== 'ended' ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={update.isPending}
          aria-label={t(row.status === 'active' ? 'recurring.actions.pause' : 'recurring.actions.resume', {
            name,
          })}
          onClick={() => void toggle()}
        >
          {row.status === 'active' ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('recurring.actions.delete', { name })}
        onClick={() => open({ kind: 'delete', row })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

function columns(t: T, lang: string, open: (dialog: Dialog) => void): Column<RecurringInvoiceSummary>[] {
  return [
    {
      id: 'client',
      header: t('columns.client'),
      long: (r) => r.client.name,
      cell: (r) => (
        <div className="grid">
          <span className="font-medium text-ink">{r.client.name}</span>
          {r.description ? <span className="text-xs text-muted">{r.description}</span> : null}
        </div>
      ),
    },
    { id: 'rhythm', header: t('recurring.columns.rhythm'), cell: (r) => rhythmText(t, r) },
    {
      id: 'amount',
      header: t('columns.amount'),
      align: 'right',
      className: 'font-medium tabular-nums',
      cell: (r) => money(r.amountCents, r.currency, lang),
    },
    {
      id: 'next',
      header: t('recurring.columns.next'),
      className: 'tabular-nums',
      cell: (r) => (r.nextDate ? formatDay(r.nextDate, lang) : '—'),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (r) => <StatusBadge status={r.status} map={RECURRING_STATUS} t={t} />,
    },
    {
      id: 'autopay',
      header: t('recurring.columns.autopay'),
      cell: (r) => <AutopayBadge state={r.autopayState} />,
    },
    {
      id: 'actions',
      header: t('recurring.columns.actions'),
      align: 'right',
      cell: (r) => <RowActions row={r} open={open} />,
    },
  ];
}

function RecurringCard({ row, open }: { row: RecurringInvoiceSummary; open: (dialog: Dialog) => void }) {
  const { t, lang } = useInvoiceTexts();
  return (
    <ListCard
      title={<span className="font-medium">{row.client.name}</span>}
      subtitle={row.description}
      amount={money(row.amountCents, row.currency, lang)}
      facts={
        <>
          <StatusBadge status={row.status} map={RECURRING_STATUS} t={t} />
          <span>{rhythmText(t, row)}</span>
          {row.nextDate ? (
            <span>{t('recurring.nextOn', { date: formatDay(row.nextDate, lang) })}</span>
          ) : null}
          <AutopayBadge state={row.autopayState} compact />
        </>
      }
    >
      <RowActions row={row} open={open} />
    </ListCard>
  );
}

/**
 * The provider's recurring invoices (`/dashboard/invoices/recurring`, issue 28) beside the invoices and
 * quotes: each schedule's client, rhythm, amount, next invoice day and status, with Edit, Pause/Resume and
 * Delete; "New recurring invoice" and Edit open the dialog (`recurring-dialog.tsx`).
 */
export function RecurringList() {
  const { t, lang } = useInvoiceTexts();
  const { params, clients, query, filters } = useClientStatusList(RECURRING_STATUSES, (value) =>
    t(`recurring.status.${value}`),
  );
  const list = useRecurringList(query);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteRecurring();
  const rt = (key: string) => (key.startsWith('columns.') ? t(key) : t(`recurring.${key}`));
  const add = (
    <Button onClick={() => setDialog({ kind: 'new' })}>
      <Plus aria-hidden="true" className="size-4" />
      {t('recurring.new')}
    </Button>
  );
  return (
    <>
      <ListPage
        t={rt}
        params={params}
        query={list}
        sortable={false}
        columns={columns(t, lang, setDialog)}
        rowKey={(row) => row.id}
        card={(row) => <RecurringCard row={row} open={setDialog} />}
        actions={add}
        above={<SectionNav />}
        filters={filters}
        empty={{ icon: Repeat, action: add }}
      />
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <Suspense fallback={null}>
          <RecurringDialog
            id={dialog.kind === 'edit' ? dialog.id : null}
            clients={clients.data ?? []}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      <DeleteDialog
        t={(key, values) => t(`recurring.${key}`, values)}
        name={dialog?.kind === 'delete' ? (dialog.row.description ?? dialog.row.client.name) : ''}
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        remove={() => remove.mutateAsync(dialog?.kind === 'delete' ? dialog.row.id : '')}
        onDeleted={() => setDialog(null)}
      />
    </>
  );
}
