import { type FormEvent, useState } from 'react';
import type { ApiError } from '../../shared/api/error';
import type { Invoice } from '../../shared/contracts/invoices';
import { Button } from '../../shared/ui/button';
import { DateField } from '../../shared/ui/date-field';
import { ConfirmDialog, Dialog } from '../../shared/ui/dialog';
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

const fieldMessage = (cause: unknown, path: string) =>
  (cause as Partial<ApiError> | undefined)?.fields?.find((field) => field.path === path)?.message;

/** A 409 means the invoice changed meanwhile (sent elsewhere, paid through Stripe): show its new state. */
function useFailure() {
  const refresh = useRefreshInvoice();
  return (invoice: Invoice, title: string, cause: unknown) => {
    const error = cause as Partial<ApiError> | undefined;
    if (error?.status === 409) void refresh(invoice.id);
    toast.error(title, { description: error?.message });
  };
}

/**
 * Sends a draft: it gets its number and becomes immutable; with Stripe connected it is then created and
 * sent there by a background job. The toast says 'Invoice sent' (and that Stripe is getting it); the
 * invoice page follows the push and says 'Invoice created and sent via the payment provider' when done.
 */
export function SendDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t, lang } = useInvoiceTexts();
  const send = useSendInvoice(invoice.id);
  const fail = useFailure();
  async function confirm() {
    try {
      const { invoice: sent, payment } = await send.mutateAsync();
      onOpenChange(false);
      const outcome = sendOutcome(payment);
      toast[outcome.tone](t(outcome.key, { number: sent.number ?? '' }), {
        description: outcome.detail ? t(outcome.detail) : (sent.number ?? undefined),
      });
    } catch (cause) {
      onOpenChange(false);
      fail(invoice, t('send.failed'), cause);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('send.title')}
      description={t('send.body', {
        client: invoice.client.name,
        amount: money(invoice.amountCents, invoice.currency, lang),
      })}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('dialog.cancel')}
        </Button>
        <Button loading={send.isPending} onClick={() => void confirm()}>
          {t('send.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Marks a sent or overdue invoice paid on the day the money arrived (default today). */
export function MarkPaidDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t, lang } = useInvoiceTexts();
  const change = useChangeStatus(invoice.id);
  const fail = useFailure();
  const [paidDate, setPaidDate] = useState(today());
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidDate)) {
      setError(t('validation.dateInvalid'));
      return;
    }
    try {
      await change.mutateAsync({ status: 'paid', paidDate });
      onOpenChange(false);
      toast.success(t('paid.done'));
    } catch (cause) {
      const message = fieldMessage(cause, 'paidDate');
      if (message) setError(message);
      else {
        onOpenChange(false);
        fail(invoice, t('paid.failed'), cause);
      }
    }
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('paid.title')} description={t('paid.body')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {touchesStripe(invoice) ? <p className="text-sm text-muted">{t('paid.stripeNote')}</p> : null}
        <DateField
          label={t('paid.date')}
          lang={lang}
          value={paidDate}
          error={error}
          onChange={(value) => {
            setPaidDate(value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('paid.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Marks a sent invoice overdue (the overdue job does it the day after the due date anyway). */
export function MarkOverdueDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t } = useInvoiceTexts();
  const change = useChangeStatus(invoice.id);
  const fail = useFailure();
  async function confirm() {
    try {
      await change.mutateAsync({ status: 'overdue' });
      onOpenChange(false);
      toast.success(t('overdue.done'));
    } catch (cause) {
      onOpenChange(false);
      fail(invoice, t('overdue.failed'), cause);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('overdue.title')}
      description={t('overdue.body')}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('dialog.cancel')}
        </Button>
        <Button loading={change.isPending} onClick={() => void confirm()}>
          {t('overdue.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Cancels a sent or overdue invoice with a credit note (its own number) that references it. */
export function CancelDialog({ invoice, open, onOpenChange }: DialogProps) {
  const { t } = useInvoiceTexts();
  const cancel = useCancelInvoice(invoice.id);
  const fail = useFailure();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const cancelled = await cancel.mutateAsync({ reason: reason.trim() || null });
      onOpenChange(false);
      toast.success(t('cancel.done', { number: cancelled.creditNote?.number ?? '' }));
    } catch (cause) {
      const message = fieldMessage(cause, 'reason');
      if (message) setError(message);
      else {
        onOpenChange(false);
        fail(invoice, t('cancel.failed'), cause);
      }
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title', { number: invoice.number ?? '' })}
      description={t('cancel.body')}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        {touchesStripe(invoice) ? <p className="text-sm text-muted">{t('cancel.stripeNote')}</p> : null}
        <TextareaField
          label={t('cancel.reason')}
          hint={t('cancel.reasonHint')}
          value={reason}
          maxLength={1000}
          rows={3}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.keep')}
          </Button>
          <Button type="submit" variant="danger" loading={cancel.isPending}>
            {t('cancel.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
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
  async function confirm() {
    try {
      await remove.mutateAsync();
      toast.success(t('delete.done'));
      onDeleted();
    } catch (cause) {
      onOpenChange(false);
      fail(invoice, t('delete.failed'), cause);
    }
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.body')}
      cancelLabel={t('dialog.cancel')}
      confirmLabel={t('delete.confirm')}
      confirming={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
