import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { INVOICE_MAX_LINES } from '../../shared/contracts/invoices';
import { InvoiceUnit, VatCategory } from '../../shared/contracts/legal';
import type { InvoiceTotals } from '../../shared/contracts/money';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { emptyLine, type LineDraft, moveLine } from './editor-state';
import { money, ratePercent } from './format';
import { useInvoiceTexts } from './i18n';

type Errors = Record<string, string>;

/** One cell of a line: its label (visible on a phone, for screen readers from 768 px), input and error. */
function Cell({
  label,
  value,
  error,
  onChange,
  inputMode,
  placeholder,
  className,
  align,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputMode?: 'decimal';
  placeholder?: string;
  className: string;
  align?: 'right';
}) {
  const id = useId();
  return (
    <div className={`grid content-start gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-muted md:sr-only">
        {label}
      </label>
      <Input
        id={id}
        value={value}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        className={align === 'right' ? 'text-right tabular-nums' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A small labelled select inside a line (unit, VAT category). */
function LineSelect({
  label,
  value,
  error,
  options,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-line bg-canvas px-2 text-base text-ink sm:text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <p className="text-xs text-danger">{error}</p> : null}
    </div>
  );
}

/**
 * The line items: description, quantity, unit price and optional tax rate each, typed in the interface
 * language's notation; each line's net amount from `computeTotals`; add, remove and move lines.
 */
export function LineItems({
  lines,
  onChange,
  totals,
  currency,
  errors,
  message,
  defaultTaxRate,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  totals: InvoiceTotals;
  currency: string;
  errors: Errors;
  message: (value: string | undefined) => string | undefined;
  defaultTaxRate: string;
}) {
  const { t, lang } = useInvoiceTexts();
  const set = (index: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const err = (index: number, field: string) => message(errors[`lines.${index}.${field}`]);

  return (
    <div className="grid gap-3">
      <div
        aria-hidden="true"
        className="grid grid-cols-[minmax(0,1fr)_6rem_8rem_5.5rem_8rem_6.5rem] gap-3 px-1 text-xs font-medium text-muted max-md:hidden"
      >
        <span>{t('line.description')}</span>
        <span className="text-right">{t('line.quantity')}</span>
        <span className="text-right">{t('line.unitPrice')}</span>
        <span className="text-right">{t('line.taxRate')}</span>
        <span className="text-right">{t('line.amount')}</span>
        <span />
      </div>
      <ol className="grid gap-3">
        {lines.map((line, index) => (
          <li
            key={line.key}
            aria-label={t('line.label', { number: index + 1 })}
            className="grid grid-cols-2 gap-3 rounded-xl border border-line p-3 md:grid-cols-[minmax(0,1fr)_6rem_8rem_5.5rem_8rem_6.5rem] md:items-start md:rounded-none md:border-0 md:p-0"
          >
            <Cell
              label={t('line.description')}
              value={line.description}
              error={err(index, 'description')}
              onChange={(description) => set(index, { description })}
              placeholder={t('line.descriptionPlaceholder')}
              className="col-span-2 md:col-span-1"
            />
            <Cell
              label={t('line.quantity')}
              value={line.quantity}
              error={err(index, 'quantityMilli')}
              onChange={(quantity) => set(index, { quantity })}
              inputMode="decimal"
              className=""
              align="right"
            />
            <Cell
              label={t('line.unitPriceIn', { currency })}
              value={line.unitPrice}
              error={err(index, 'unitPriceCents')}
              onChange={(unitPrice) => set(index, { unitPrice })}
              inputMode="decimal"
              placeholder={lang === 'de' ? '0,00' : '0.00'}
              className=""
              align="right"
            />
            <Cell
              label={t('line.taxRate')}
              value={line.taxRate}
              error={err(index, 'taxRateBp')}
              onChange={(taxRate) => set(index, { taxRate })}
              inputMode="decimal"
              placeholder="—"
              className=""
              align="right"
            />
            <div className="grid content-start gap-1 md:h-10 md:content-center">
              <span className="text-xs font-medium text-muted md:sr-only">{t('line.amount')}</span>
              <output
                className="h-10 text-right text-sm font-medium leading-10 tabular-nums md:h-auto md:leading-normal"
                data-testid="line-amount"
              >
                {money(totals.lines[index] ?? 0, currency, lang)}
              </output>
            </div>
            <div className="col-span-2 grid gap-3 sm:grid-cols-3 md:order-last md:col-span-6">
              <LineSelect
                label={t('line.unit')}
                value={line.unit}
                error={err(index, 'unit')}
                options={InvoiceUnit.options.map((unit) => ({ value: unit, label: t(`unit.${unit}`) }))}
                onChange={(unit) => set(index, { unit: unit as LineDraft['unit'] })}
              />
              <LineSelect
                label={t('line.vatCategory')}
                value={line.vatCategory}
                error={err(index, 'vatCategory')}
                options={[
                  { value: '', label: t('category.auto') },
                  ...VatCategory.options.map((c) => ({ value: c, label: t(`category.${c}`) })),
                ]}
                onChange={(vatCategory) =>
                  set(index, { vatCategory: vatCategory as LineDraft['vatCategory'] })
                }
              />
              {line.vatCategory === 'exempt' ? (
                <Cell
                  label={t('line.exemptionReason')}
                  value={line.exemptionReason}
                  error={err(index, 'exemptionReason')}
                  onChange={(exemptionReason) => set(index, { exemptionReason })}
                  placeholder="§ 4 Nr. 21 UStG"
                  className=""
                />
              ) : null}
            </div>
            <div className="col-span-2 flex justify-end gap-1 md:col-span-1 md:h-10 md:items-center">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('line.moveUp', { number: index + 1 })}
                title={t('line.moveUp', { number: index + 1 })}
                disabled={index === 0}
                onClick={() => onChange(moveLine(lines, index, -1))}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('line.moveDown', { number: index + 1 })}
                title={t('line.moveDown', { number: index + 1 })}
                disabled={index === lines.length - 1}
                onClick={() => onChange(moveLine(lines, index, 1))}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('line.remove', { number: index + 1 })}
                title={t('line.remove', { number: index + 1 })}
                disabled={lines.length === 1}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {message(errors.lines) ? <p className="text-sm text-danger">{message(errors.lines)}</p> : null}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={lines.length >= INVOICE_MAX_LINES}
          onClick={() => onChange([...lines, emptyLine(defaultTaxRate)])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('line.add')}
        </Button>
      </div>
    </div>
  );
}

/** Subtotal, one row per tax rate ("19 % on …"), and the total, as `computeTotals` gives them. */
export function TotalsPanel({
  totals,
  currency,
}: {
  totals: Pick<InvoiceTotals, 'subtotalCents' | 'taxes' | 'totalCents'>;
  currency: string;
}) {
  const { t, lang } = useInvoiceTexts();
  const row = 'flex items-baseline justify-between gap-6';
  return (
    <dl className="ml-auto grid w-full max-w-sm gap-2 text-sm" aria-label={t('totals.label')}>
      <div className={row}>
        <dt className="text-muted">{t('totals.subtotal')}</dt>
        <dd className="tabular-nums" data-testid="subtotal">
          {money(totals.subtotalCents, currency, lang)}
        </dd>
      </div>
      {totals.taxes.map((group) => (
        <div key={group.rateBp} className={row}>
          <dt className="text-muted">
            {t('totals.tax', {
              rate: ratePercent(group.rateBp, lang),
              net: money(group.netCents, currency, lang),
            })}
          </dt>
          <dd className="tabular-nums" data-testid="tax">
            {money(group.taxCents, currency, lang)}
          </dd>
        </div>
      ))}
      <div className={`${row} border-t border-line pt-2 text-base font-semibold`}>
        <dt>{t('totals.total')}</dt>
        <dd className="tabular-nums" data-testid="total">
          {money(totals.totalCents, currency, lang)}
        </dd>
      </div>
    </dl>
  );
}
