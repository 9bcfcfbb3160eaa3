import { useState } from 'react';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { useParams } from '../../../shared/router';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { DnsRecords } from './dns-records';
import { DomainForm } from './domain-form';
import { DomainStatusCard } from './domain-status';
import { PortalLoadFailed } from './portal-editor-page';
import { usePortal } from './portals-api';
import { BackLink, SectionCard } from './ui';

/**
 * /dashboard/portals/{portalId}/domain (spec §2): enter the domain, create the two DNS records shown
 * (CNAME to the platform host, TXT with the portal's token), verify; pending, verified or failed with the
 * reason; change or remove the domain.
 */
export default function DomainPage() {
  const { t } = useTranslation();
  const { portalId = '' } = useParams();
  const portal = usePortal(portalId);
  useDocumentTitle(t('portals:domain.title'));
  if (portal.data) return <DomainSettings key={portal.data.id} portal={portal.data} />;
  if (portal.isError) return <PortalLoadFailed error={portal.error} onRetry={() => void portal.refetch()} />;
  return (
    <div role="status" aria-label={t('app.loading')} className="grid max-w-3xl gap-6">
      <div className="h-8 w-64 animate-pulse rounded-lg bg-surface" />
      <div className="h-64 animate-pulse rounded-2xl bg-surface" />
    </div>
  );
}

function DomainSettings({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const domain = portal.customDomain;
  const [changing, setChanging] = useState(false);
  const editing = !domain || changing;

  return (
    <div className="grid max-w-3xl gap-6">
      <header className="grid gap-2">
        <BackLink to={`/dashboard/portals/${portal.id}`}>{portal.portalName}</BackLink>
        <h1 className="text-2xl font-semibold">{t('portals:domain.title')}</h1>
        <p className="text-sm text-muted">{t('portals:domain.subtitle', { name: portal.portalName })}</p>
      </header>

      {editing ? (
        <SectionCard
          id="domain-form"
          title={domain ? t('portals:domain.changeTitle') : t('portals:domain.formTitle')}
          description={t('portals:domain.formDescription')}
        >
          <DomainForm
            portal={portal}
            onDone={() => setChanging(false)}
            onCancel={domain ? () => setChanging(false) : undefined}
          />
        </SectionCard>
      ) : null}

      {domain ? (
        <>
          {changing ? null : (
            <DomainStatusCard portal={portal} domain={domain} onChange={() => setChanging(true)} />
          )}
          <DnsRecords records={domain.records} />
        </>
      ) : null}
    </div>
  );
}
