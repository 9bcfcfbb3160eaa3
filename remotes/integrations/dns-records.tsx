import type { MailDomain, MailDomainRecord } from '../../shared/contracts/integrations';
import { ClampedText, type Column, DataTable } from '../../shared/ui/data-table';
import { StatusBadge } from '../../shared/ui/status-badge';
import { CopyButton } from './copy-button';
import { useIntegrationTexts } from './i18n';
import { INTEGRATION_STATUS, recordStatus } from './status';

type Texts = ReturnType<typeof useIntegrationTexts>['t'];

const keyOf = (record: MailDomainRecord) => `${record.type} ${record.name} ${record.value}`;

/**
 * A copyable cell: the text and its copy button. A value (a DKIM key) wraps anywhere, two lines at most
 * (the button copies it whole); a name stays on one line.
 */
function Copyable({ text, label, wrap = false }: { text: string; label: string; wrap?: boolean }) {
  return (
    <div className="flex min-w-0 items-start gap-1">
      {wrap ? (
        <ClampedText className="min-w-0 flex-1 pt-1.5 font-mono text-xs break-all">{text}</ClampedText>
      ) : (
        <span className="pt-1.5 font-mono text-xs">{text}</span>
      )}
      <CopyButton value={text} label={label} />
    </div>
  );
}

function columns(t: Texts): Column<MailDomainRecord>[] {
  const copyName = (r: MailDomainRecord) => t('mailDomain.records.copyName', { type: r.type });
  const copyValue = (r: MailDomainRecord) => t('mailDomain.records.copyValue', { type: r.type });
  return [
    {
      id: 'type',
      header: t('mailDomain.records.type'),
      cell: (r) => <span className="font-mono">{r.type}</span>,
    },
    {
      id: 'name',
      header: t('mailDomain.records.name'),
      cell: (r) => <Copyable text={r.name} label={copyName(r)} />,
    },
    {
      id: 'value',
      header: t('mailDomain.records.value'),
      long: (r) => r.value,
      cell: (r) => <Copyable text={r.value} label={copyValue(r)} wrap />,
    },
    {
      id: 'priority',
      header: t('mailDomain.records.priority'),
      cell: (r) => (r.priority === null ? '—' : String(r.priority)),
      className: 'tabular-nums',
    },
    {
      id: 'status',
      header: t('mailDomain.records.status'),
      cell: (r) => <StatusBadge status={recordStatus(r)} map={INTEGRATION_STATUS} t={t} />,
    },
  ];
}

/** One record as a card on a phone: every field labelled, the long ones whole and copyable. */
function RecordCard({ record, t }: { record: MailDomainRecord; t: Texts }) {
  return (
    <div className="grid gap-2 rounded-xl border border-line p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono font-medium">
          {record.type}
          {record.priority === null ? '' : ` · ${t('mailDomain.records.priority')} ${record.priority}`}
        </span>
        <StatusBadge status={recordStatus(record)} map={INTEGRATION_STATUS} t={t} />
      </div>
      {(['name', 'value'] as const).map((field) => (
        <div key={field} className="grid gap-0.5">
          <span className="text-xs font-medium text-subtle">{t(`mailDomain.records.${field}`)}</span>
          <div className="flex min-w-0 items-start gap-1">
            <span className="min-w-0 flex-1 pt-1.5 font-mono text-xs break-all">{record[field]}</span>
            <CopyButton
              value={record[field]}
              label={t(field === 'name' ? 'mailDomain.records.copyName' : 'mailDomain.records.copyValue', {
                type: record.type,
              })}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The DNS records Resend asks for, to publish at the domain's DNS host, each with its status. */
export function DnsRecords({ domain }: { domain: MailDomain }) {
  const { t } = useIntegrationTexts();
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">{t('mailDomain.records.title')}</h3>
        <p className="text-sm text-muted">{t('mailDomain.records.body')}</p>
      </div>
      <DataTable
        label={t('mailDomain.records.label', { domain: domain.name })}
        columns={columns(t)}
        rows={domain.records}
        rowKey={keyOf}
        card={(record) => <RecordCard record={record} t={t} />}
      />
    </div>
  );
}
