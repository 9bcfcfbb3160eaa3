import { useState } from 'react';
import type { ApiError } from '../../shared/api/error';
import type { Invoice } from '../../shared/contracts/invoices';
import { parseAmount } from '../../shared/contracts/money';
import { applyPayment, CURRENCY_DECIMALS } from '../../shared/contracts/payments';
import { buttonClass } from '../../shared/ui/button';
import { TitledCard } from '../../shared/ui/card';
import { DateField } from '../../shared/ui/date-field';
import { DeleteDialog } from '../../shared/ui/delete-dialog';
import { EntityFormDialog, useEntityForm } from '../../shared/ui/entity-form-dialog';
import { Field } from '../../shared/ui/field';
import { toast } from '../../shared/ui/toaster';
import { useRecordPayment, useRemovePayment } from './api';
import { amountText, formatDay, money, today } from './format';
import { useInvoiceTexts } from './i18n';

/*
 * Partial payments on the invoice page (issue 28): paid so far, the balance due, every payment applied
 * (by hand or through Stripe) and, while the invoice is open, "Record payment" (amount at most the balance,
 * the day it arrived, method and note). The payment that pays the rest marks the invoice paid (server).
 * A payment recorded by hand can be removed again (a mistake; confirm first): the balance goes up again and
 * a paid invoice opens again (server). Payments through Stripe are money that moved: refunded in Stripe.
 */
export function PaymentsCard({ invoice }: { invoice: Invoice }) {
  const { t, lang } = useInvoiceTexts();
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<Invoice['payments'][number] | null>(null);
  const open_ = invoice.status === 'sent' || invoice.status === 'overdue';
  const removable = open_ || invoice.status === 'paid';
  const applied = invoice.payments.filter((p) => p.outcome === 'applied');
  if (invoice.status === 'draft') return null;
  const amount = (cents: number) => money(cents, invoice.currency, lang);
  return (
    <TitledCard title={t('payments.title')} className="gap-3">
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('payments.paidSoFar')}</dt>
          <dd className="tabular-nums" data-testid="invoice-paid-so-far">
            {amount(invoice.paidCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 font-medium">
          <dt>{t('payments.balance')}</dt>
          <dd className="tabular-nums" data-testid="invoice-balance">
            {amount(invoice.balanceCents)}
          </dd>
        </div>
      </dl>
      {applied.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={t('payments.history')}>
          {applied.map((p) => (
            <li key={p.id} className="flex justify-between gap-3">
              <span className="min-w-0">
                {formatDay(p.paidOn, lang)} · {t(`payments.source.${p.source}`)}
                {p.method ? ` · ${p.method}` : ''}
                {p.note ? <span className="block text-muted">{p.note}</span> : null}
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <span className="tabular-nums">{amount(p.amountCents)}</span>
                {removable && p.source === 'manual' ? (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={t('payments.removeLabel', {
                      amount: amount(p.amountCents),
                      date: formatDay(p.paidOn, lang),
                    })}
                    onClick={() => setRemoving(p)}
                  >
                    {t('payments.remove')}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('payments.none')}</p>
      )}
      {invoice.status === 'cancelled' && invoice.paidCents > 0 ? (
        <p className="text-sm text-muted">{t('payments.cancelledNote')}</p>
      ) : null}
      {open_ ? (
        <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(true)}>
          {t('payments.record')}
        </button>
      ) : null}
      {open ? <RecordPaymentDialog invoice={invoice} onClose={() => setOpen(false)} /> : null}
      {removing ? (
        <RemovePaymentDialog invoice={invoice} payment={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </TitledCard>
  );
}

/** Asks before taking back a payment recorded by hand (the shared delete dialog with this card's texts). */
function RemovePaymentDialog({
  invoice,
  payment,
  onClose,
}: {
  invoice: Invoice;
  payment: Invoice['payments'][number];
  onClose: () => void;
}) {
  const { t, lang } = useInvoiceTexts();
  const remove = useRemovePayment(invoice.id);
  const keys: Record<string, string> = {
    'delete.title': 'payments.removeTitle',
    'delete.body': 'payments.removeBody',
    'delete.confirm': 'payments.removeConfirm',
    'toast.deleted': 'payments.removed',
    'toast.deleteFailed': 'payments.removeFailed',
  };
  return (
    <DeleteDialog
      t={(key, values) =>
        t(keys[key] ?? key, { ...values, amount: money(payment.amountCents, invoice.currency, lang) })
      }
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      remove={() => remove.mutateAsync(payment.id)}
      onDeleted={onClose}
      onFailure={(cause) => {
        onClose();
        toast.error(t('payments.removeFailed'), {
          description: (cause as Partial<ApiError> | undefined)?.message,
        });
      }}
    />
  );
}

function RecordPaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t, lang } = useInvoiceTexts();
  const record = useRecordPayment(invoice.id);
  const form = useEntityForm({
    initial: () => ({
      amount: amountText(invoice.balanceCents, lang),
      paidDate: today(),
      method: '',
      note: '',
    }),
    fields: ['amount', 'paidDate', 'method', 'note'],
    t,
  });
  return (
    <EntityFormDialog
      form={form}
      title={t('payments.recordTitle', { number: invoice.number ?? '' })}
      description={t('payments.recordBody', { balance: money(invoice.balanceCents, invoice.currency, lang) })}
      submitLabel={t('payments.recordConfirm')}
      doneMessage={t('payments.recorded')}
      cancelLabel={t('dialog.cancel')}
      failedTitle={t('payments.failed')}
      onClose={onClose}
      onFailure={(cause) => {
        onClose();
        toast.error(t('payments.failed'), { description: (cause as Partial<ApiError> | undefined)?.message });
      }}
      onSubmit={async () => {
        const { amount, paidDate, method, note } = form.values;
        const decimals = CURRENCY_DECIMALS[invoice.currency];
        const cents = decimals === 2 ? parseAmount(amount, lang === 'de' ? 'de' : 'en') : null;
        if (cents === null || cents <= 0) {
          form.invalid('amount', 'validation.paymentAmount');
          return false;
        }
        const check = applyPayment(invoice.amountCents, invoice.paidCents, cents);
        if (!check.ok) {
          form.invalid('amount', 'validation.paymentExceedsBalance');
          return false;
        }
        if (!/^\d{4}-\d{2}-\d{2}$/.test(paidDate)) {
          form.invalid('paidDate', 'validation.dateInvalid');
          return false;
        }
        await record.mutateAsync({
          amountCents: cents,
          paidDate,
          method: method || null,
          note: note || null,
        });
      }}
    >
      <Field
        label={t('payments.amount', { currency: invoice.currency })}
        name="amount"
        inputMode="decimal"
        value={form.values.amount}
        error={form.error('amount')}
        onChange={(e) => form.setValue('amount', e.target.value)}
      />
      <DateField
        label={t('paid.date')}
        name="paidDate"
        lang={lang}
        value={form.values.paidDate}
        error={form.error('paidDate')}
        onChange={(value) => form.setValue('paidDate', value)}
      />
      <Field
        label={t('payments.method')}
        name="method"
        maxLength={100}
        value={form.values.method}
        error={form.error('method')}
        onChange={(e) => form.setValue('method', e.target.value)}
      />
      <Field
        label={t('payments.note')}
        name="note"
        maxLength={1000}
        value={form.values.note}
        error={form.error('note')}
        onChange={(e) => form.setValue('note', e.target.value)}
      />
    </EntityFormDialog>
  );
}
