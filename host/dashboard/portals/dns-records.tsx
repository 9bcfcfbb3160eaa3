import type { CustomDomain } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { CopyButton } from './copy-button';
import { SectionCard } from './ui';

type DnsRecord = CustomDomain['records'][number];

/**
 * The two records to create at the DNS host, in order: the CNAME that routes the domain to the platform
 * and the TXT record that proves control of it. Every name and value has its own copy button.
 */
export function DnsRecords({ records }: { records: DnsRecord[] }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="dns" title={t('portals:dns.title')} description={t('portals:dns.description')}>
      <ol className="grid gap-4">
        {records.map((record, index) => (
          <li key={record.type} className="grid gap-3 rounded-xl border border-line p-4">
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="grid size-6 shrink-0 place-items-center rounded-full bg-primary-soft text-xs font-semibold text-primary-strong"
              >
                {index + 1}
              </span>
              <div className="grid gap-0.5">
                <h3 className="font-medium">{t(`portals:dns.${record.type}.title`)}</h3>
                <p className="text-sm text-muted">{t(`portals:dns.${record.type}.why`)}</p>
              </div>
            </div>
            <dl className="grid gap-2 text-sm sm:grid-cols-[7rem_minmax(0,1fr)] sm:items-center">
              <dt className="text-muted">{t('portals:dns.type')}</dt>
              <dd className="font-mono font-semibold">{record.type}</dd>
              <dt className="text-muted">{t('portals:dns.name')}</dt>
              <RecordValue value={record.name} label={t('portals:dns.copyName', { type: record.type })} />
              <dt className="text-muted">
                {record.type === 'CNAME' ? t('portals:dns.target') : t('portals:dns.value')}
              </dt>
              <RecordValue value={record.value} label={t('portals:dns.copyValue', { type: record.type })} />
            </dl>
          </li>
        ))}
      </ol>
      <p className="text-xs text-subtle">{t('portals:dns.hostNote')}</p>
    </SectionCard>
  );
}

function RecordValue({ value, label }: { value: string; label: string }) {
  return (
    <dd className="flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 rounded-md bg-surface px-2 py-1.5 font-mono text-[0.8rem] break-all">
        {value}
      </code>
      <CopyButton text={value} label={label} kind="value" variant="ghost" iconOnly />
    </dd>
  );
}
