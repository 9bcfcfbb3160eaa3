import { formatDate, formatRelativeTime } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { Link } from '../../shared/router';
import { DetailItem, TitledCard } from '../../shared/ui/card';
import type { ClientDetail } from './api';
import { useClientTexts } from './i18n';

/** Contact data, portal access, projects and invoices of one client. */
export function DetailCards({ client }: { client: ClientDetail }) {
  const { t, lang } = useClientTexts();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TitledCard title={t('detail.contact')}>
        <dl className="grid gap-3">
          <DetailItem label={t('detail.email')}>
            <a className="text-primary hover:underline" href={`mailto:${client.email}`}>
              {client.email}
            </a>
          </DetailItem>
          {client.phone ? (
            <DetailItem label={t('detail.phone')}>
              <a className="text-primary hover:underline" href={`tel:${client.phone}`}>
                {client.phone}
              </a>
            </DetailItem>
          ) : null}
          {client.company ? <DetailItem label={t('detail.company')}>{client.company}</DetailItem> : null}
          {client.notes ? (
            <DetailItem label={t('detail.notes')}>
              <span className="whitespace-pre-line">{client.notes}</span>
            </DetailItem>
          ) : null}
        </dl>
      </TitledCard>
      <TitledCard title={t('detail.portal')}>
        <dl className="grid gap-3">
          <DetailItem label={t('detail.portal')}>{client.portal.portalName}</DetailItem>
          <DetailItem label={t('detail.lastLogin')}>
            {client.lastPortalLogin ? (
              <time dateTime={client.lastPortalLogin} title={formatDate(client.lastPortalLogin, lang)}>
                {formatRelativeTime(client.lastPortalLogin, lang)}
              </time>
            ) : (
              t('detail.never')
            )}
          </DetailItem>
          <DetailItem label={t('detail.signIn')}>
            {t(client.hasPassword ? 'detail.passwordYes' : 'detail.passwordNo')}
          </DetailItem>
          <DetailItem label={t('detail.language')}>{t(`languages.${client.language}`)}</DetailItem>
        </dl>
      </TitledCard>
      <TitledCard title={t('detail.projects')}>
        {client.projects.length === 0 ? (
          <p className="text-sm text-muted">{t('detail.noProjects')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {client.projects.map((project) => (
              <li key={project.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link
                  to={`/dashboard/projects/${project.id}`}
                  className="min-w-0 truncate font-medium text-ink hover:text-primary hover:underline"
                >
                  {project.name}
                </Link>
                <span className="shrink-0 rounded-full bg-surface px-2 py-0.5 text-xs text-muted">
                  {t(`projectStatus.${project.status}`, { defaultValue: project.status })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard title={t('detail.invoices')}>
        {client.invoices.length === 0 ? (
          <p className="text-sm text-muted">{t('detail.noInvoices')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {client.invoices.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm"
              >
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{invoice.number ?? '—'}</span>
                  {invoice.dueDate ? (
                    <span className="text-xs text-subtle">
                      {t('detail.due', { date: formatDate(invoice.dueDate, lang) })}
                    </span>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-medium tabular-nums">
                    {formatMoney(invoice.amountCents, lang, invoice.currency)}
                  </span>
                  <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted">
                    {t(`invoiceStatus.${invoice.status}`, { defaultValue: invoice.status })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
