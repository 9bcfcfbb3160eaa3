import { type LucideIcon, Pencil, Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Invoice } from '../../shared/contracts/invoices';
import { buttonClass } from '../../shared/ui/button';
import { TitledCard } from '../../shared/ui/card';
import type { DetailAction } from '../../shared/ui/page-header';
import { money, quantityText, ratePercent } from './format';
import { useInvoiceTexts } from './i18n';
import { TotalsPanel } from './line-items';

/*
 * The parts an invoice's page and a quote's page share (issue 26): the two columns with the lines and
 * totals on the left, the details card's rows, the client's row, and the documents' download links.
 */

/** What the shared parts read of an invoice or a quote. */
type DocumentLines = Pick<
  Invoice,
  'lines' | 'currency' | 'description' | 'subtotalCents' | 'taxes' | 'amountCents'
>;

/** The page's body: the lines and totals card, and beside it (below on a small screen) `aside`'s cards. */
export function DocumentBody({ doc, children }: { doc: DocumentLines; children: ReactNode }) {
  const { t } = useInvoiceTexts();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
      <TitledCard title={t('editor.lines')}>
        {doc.description ? <p className="text-sm whitespace-pre-line text-muted">{doc.description}</p> : null}
        <LinesTable invoice={doc} />
        <div className="border-t border-line pt-4">
          <TotalsPanel
            totals={{ subtotalCents: doc.subtotalCents, taxes: doc.taxes, totalCents: doc.amountCents }}
            currency={doc.currency}
          />
        </div>
      </TitledCard>
      <div className="grid min-w-0 gap-6">{children}</div>
    </div>
  );
}

/** A draft's actions in the page's header: Edit, Send (`onSend`) and Delete (`onDelete`); none for a sent one. */
export function draftActions(
  t: (key: string) => string,
  isDraft: boolean,
  { onSend, onDelete }: { onSend: () => void; onDelete: () => void },
): DetailAction[] {
  if (!isDraft) return [];
  return [
    { label: t('actions.edit'), icon: Pencil, to: 'edit' },
    { label: t('actions.send'), icon: Send, variant: 'primary', onClick: onSend },
    { label: t('actions.delete'), icon: Trash2, variant: 'danger', onClick: onDelete },
  ];
}

/** The details card: its rows (`Item`s). */
export function DetailsCard({ children }: { children: ReactNode }) {
  const { t } = useInvoiceTexts();
  return (
    <TitledCard title={t('detail.details')} className="gap-3">
      <dl className="grid gap-2 text-sm">{children}</dl>
    </TitledCard>
  );
}

/** The client's row: name, company (when given) and e-mail. */
export function ClientItem({ client }: { client: { name: string; email: string; company?: string | null } }) {
  const { t } = useInvoiceTexts();
  return (
    <Item label={t('detail.client')}>
      <span className="block">{client.name}</span>
      {client.company ? <span className="block text-muted">{client.company}</span> : null}
      <span className="block text-muted [overflow-wrap:anywhere]">{client.email}</span>
    </Item>
  );
}

/** A document's download (the session cookie goes along). */
export function DownloadLink({
  href,
  download,
  icon: Icon,
  label,
}: {
  href: string;
  download: string;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <a href={href} download={download} className={buttonClass('secondary', 'sm')}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

/** One row of a details card (the invoice's and the quote's). */
export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The lines: a table from 640 px, stacked rows below (an invoice's or a quote's). */
export function LinesTable({ invoice }: { invoice: Pick<Invoice, 'lines' | 'currency'> }) {
  const { t, lang } = useInvoiceTexts();
  const amount = (cents: number) => money(cents, invoice.currency, lang);
  return (
    <>
      <table className="w-full text-sm max-sm:hidden">
        <thead className="text-left text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('line.description')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
              {t('line.quantity')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
              {t('line.unitPrice')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
              {t('line.taxRate')}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              {t('line.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {invoice.lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2.5 pr-3 break-words">{line.description}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">
                {quantityText(line.quantityMilli, lang)}
              </td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                {amount(line.unitPriceCents)}
              </td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums text-muted">
                {line.taxRateBp ? ratePercent(line.taxRateBp, lang) : '—'}
              </td>
              <td className="py-2.5 pl-3 text-right whitespace-nowrap tabular-nums">
                {amount(line.amountCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid divide-y divide-line sm:hidden">
        {invoice.lines.map((line) => (
          <li key={line.id} className="grid gap-1 py-2.5 text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{line.description}</span>
              <span className="font-medium whitespace-nowrap tabular-nums">{amount(line.amountCents)}</span>
            </div>
            <span className="text-xs text-muted tabular-nums">
              {quantityText(line.quantityMilli, lang)} × {amount(line.unitPriceCents)}
              {line.taxRateBp ? ` · ${t('line.taxShort', { rate: ratePercent(line.taxRateBp, lang) })}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
