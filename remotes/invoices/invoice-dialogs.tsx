import { useState } from 'react';
import type { ApiError } from '../../shared/api/error';
import type { Invoice } from '../../shared/contracts/invoices';
import { DateField } from '../../shared/ui/date-field';
import { DeleteDialog as KitDeleteDialog } from '../../shared/ui/delete-dialog';
import { ConfirmDialog } from '../../shared/ui/dialog';
import { EntityFormDialog, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { TextareaField } from '../../shared/ui/textarea-field';
import { toast } from '../../shared/ui/toaster';
import {
  useCancelInvoice,
  useChangeStatus,
  useDeleteInvoice,
  useRefreshInvoice,
  useSendInvoice,
} from './api';
import { money, today } from './format';
import { useInvoiceTexts } from './i18n';
import { sendOutcome } from './send-outcome';

type DialogProps = { invoice: Invoice; open: boolean; onOpenChange: (open: boolean) => void };

/** Whether closing the invoice also closes something in Stripe (what the dialogs then say it does). */
const touchesStripe = (invoice: Invoice) => invoice.stripe !== null || invoice.payments.length > 0;

/** A 409 means the invoice changed meanwhile (sent elsewhere, paid through Stripe): show its new state. */
function useFailure() {
  const refresh = useRefreshInvoice();
  return (invoice: Invoice, title: string, cause: unknown) => {
    const error = cause as Partial<ApiError> | undefined;
    if (error?.status === 409) void refresh(invoice.id);
    toast.error(title, { description: error?.message });
  };
}

/** A step that only needs a yes (send, mark overdue): the kit's confirm dialog with a plain button. */
function StepDialog({
  invoice,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  failedTitle,
  run,
}: DialogProps & {
  title: string;
  description: string;
  confirmLabel: string;
  failedTitle: string;
  run: () => Promise<void>;
}) {
  const { t } = useInvoiceTexts();
  const fail = useFailure();
  const [running, setRunning] = useState(false);
  async function confirm() {
    setRunning(true);
    try {
      await run();
      onOpenChange(false);
    } catch (cause) {
      onOpenChange(false);
      fail(invoice, failedTitle, cause);
    } finally {
      setRunning(false);
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      cancelLabel={t('dialog.cancel')}
      confirmLabel={confirmLabel}
      confirmVariant="primary"
      confirming={running}
      onConfirm={() => void confirm()}
    />
  );
}

/**
 * Sends a draft: it gets its number and becomes immutable; with Stripe connected it is then created and
 * sent there by a background job. The toast says 'Invoice sent' (and that Stripe is getting it); the
 * invoice page follows the push and says 'Invoice created and sent via the payment provider' when done.
 */
export function SendDialog(props: DialogProps) {
  const { t, lang } = useInvoiceTexts();
  const { invoice } = props;
  const send = useSendInvoice(invoice.id);
  return (
    <StepDialog
      {...props}
      title={t('send.title')}
      description={t('send.body', {
        client: invoice.client.name,
        amount: money(invoice.amountCents, invoice.currency, lang),
      })}
      confirmLabel={t('send.confirm')}
      failedTitle={t('send.failed')}
      run={async () => {
        const { invoice: sent, payment } = await send.mutateAsync();
        const outcome = sendOutcome(payment);
        toast[outcome.tone](t(outcome.key, { number: sent.number ?? '' }), {
          description: outcome.detail ? t(outcome.detail) : (sent.number ?? undefined),
        });
      }}
    />
  );
}

/** Marks a sent invoice overdue (the overdue job does it the day after the due date anyway). */
export function MarkOverdueDialog(props: DialogProps) {
  const { t } = useInvoiceTexts();
  const change = useChangeStatus(props.invoice.id);
  return (
    <StepDialog
      {...props}
      title={t('overdue.title')}
      description={t('overdue.body')}
      confirmLabel={t('overdue.confirm')}
      failedTitle={t('overdue.failed')}
      run={async () => {
        await change.mutateAsync({ status: 'overdue' });
        toast.success(t('overdue.done'));
      }}
    />
  );
}

/** Marks a sent or overdue invoice paid on the day the money arrived (default today). */
export function MarkPaidDialog({ invoice, onOpenChange }: DialogProps) {
  const { t, lang } = useInvoiceTexts();
  const change = useChangeStatus(invoice.id);
  const fail = useFailure();
  const form = useEntityForm({ initial: () => ({ paidDate: today() }), fields: ['paidDate'], t });
  const close = () => onOpenChange(false);
  return (
    <EntityFormDialog
      form={form}
      title={t('paid.title')}
      description={t('paid.body')}
      submitLabel={t('paid.confirm')}
      doneMessage={t('paid.done')}
      cancelLabel={t('dialog.cancel')}
      failedTitle={t('paid.failed')}
      onClose={close}
      onFailure={(cause) => {
        close();
        fail(invoice, t('paid.failed'), cause);
      }}
      onSubmit={async () => {
        const { paidDate } = form.values;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(paidDate)) {
          form.invalid('paidDate', 'validation.dateInvalid');
          return false;
        }
        await change.mutateAsync({ status: 'paid', paidDate });
      }}
    >
      {touchesStripe(invoice) ? <p className="text-sm text-muted">{t('paid.stripeNote')}</p> : null}
      <DateField
        label={t('paid.date')}
        name="paidDate"
        lang={lang}
        value={form.values.paidDate}
        error={form.error('paidDate')}
        onChange={(value) => form.setValue('paidDate', value)}
      />
    </EntityFormDialog>
  );
}

/** Cancels a sent or overdue invoice with a credit note (its own number) that references it. */
export function CancelDialog({ invoice, onOpenChange }: DialogProps) {
  const { t } = useInvoiceTexts();
  const cancel = useCancelInvoice(invoice.id);
  const fail = useFailure();
  const form = useEntityForm({ initial: () => ({ reason: '' }), fields: ['reason'], t });
  const close = () => onOpenChange(false);
  return (
    <EntityFormDialog
      form={form}
      title={t('cancel.title', { number: invoice.number ?? '' })}
      description={t('cancel.body')}
      submitLabel={t('cancel.confirm')}
      submitVariant="danger"
      cancelLabel={t('dialog.keep')}
      failedTitle={t('cancel.failed')}
      onClose={close}
      onFailure={(cause) => {
        close();
        fail(invoice, t('cancel.failed'), cause);
      }}
      onSubmit={async () => {
        const cancelled = await cancel.mutateAsync({ reason: form.values.reason.trim() || null });
        toast.success(t('cancel.done', { number: cancelled.creditNote?.number ?? '' }));
      }}
    >
      {touchesStripe(invoice) ? <p className="text-sm text-muted">{t('cancel.stripeNote')}</p> : null}
      <TextareaField
        label={t('cancel.reason')}
        hint={t('cancel.reasonHint')}
        {...form.field('reason')}
        maxLength={1000}
        rows={3}
      />
    </EntityFormDialog>
  );
}

/** Asks before deleting a draft (a sent invoice is cancelled instead, never deleted). */
export function DeleteDialog({
  invoice,
  open,
  onOpenChange,
  onDeleted,
}: DialogProps & { onDeleted: () => void }) {
  const { t } = useInvoiceTexts();
  const remove = useDeleteInvoice(invoice.id);
  const fail = useFailure();
  return (
    <KitDeleteDialog
      t={t}
      open={open}
      onOpenChange={onOpenChange}
      remove={() => remove.mutateAsync()}
      onDeleted={onDeleted}
      onFailure={(cause) => {
        onOpenChange(false);
        fail(invoice, t('toast.deleteFailed'), cause);
      }}
    />
  );
}
