import { AlertTriangle, Globe, PanelsTopLeft, Plus, Users } from 'lucide-react';
import { describeFailure } from '../../../shared/api/describe';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Button, buttonClass } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { StatePanel } from '../../../shared/ui/state-panel';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { CopyButton } from './copy-button';
import { portalAddress } from './portal-url';
import { usePortalList } from './portals-api';
import { DomainStatusBadge, PortalMark } from './ui';

/** /dashboard/portals: the provider's portals as cards, with their address, clients and domain. */
export function PortalList() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.portals'));
  const list = usePortalList();

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <StatePanel
        role="alert"
        icon={<AlertTriangle aria-hidden="true" className="size-6" />}
        title={t('portals:list.loadFailed')}
        body={describeFailure(t, list.error)}
      >
        <Button variant="secondary" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('dashboard.retry')}
        </Button>
      </StatePanel>
    );
  } else if (!list.data) {
    body = (
      <div role="status" aria-label={t('app.loading')} className="grid gap-4 md:grid-cols-2">
        {[0, 1].map((i) => (
          <div key={i} className="h-48 animate-pulse rounded-2xl bg-surface" />
        ))}
      </div>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <StatePanel
        icon={<PanelsTopLeft aria-hidden="true" className="size-6" />}
        title={t('portals:list.emptyTitle')}
        body={t('portals:list.emptyBody')}
      >
        <Link to="new" className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('portals:list.create')}
        </Link>
      </StatePanel>
    );
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2">
        {list.data.items.map((portal) => (
          <li key={portal.id}>
            <PortalCard portal={portal} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t('nav.portals')}</h1>
          <p className="text-sm text-muted">{t('portals:list.subtitle')}</p>
        </div>
        {list.data && list.data.items.length > 0 ? (
          <Link to="new" className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('portals:list.create')}
          </Link>
        ) : null}
      </header>
      {body}
    </div>
  );
}

function PortalCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const address = portalAddress(portal);
  const headingId = `portal-${portal.id}`;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="h-2"
        style={{
          background: `linear-gradient(90deg, ${portal.primaryColor}, ${portal.secondaryColor})`,
        }}
      />
      <article aria-labelledby={headingId} className="grid flex-1 content-start gap-4 p-5">
        <div className="flex min-w-0 items-center gap-3">
          <PortalMark
            name={portal.portalName}
            logoUrl={portal.logoUrl}
            primaryColor={portal.primaryColor}
            textColor={portal.contrast.primary.textColor}
          />
          <div className="grid min-w-0 gap-0.5">
            <h2 id={headingId} className="truncate text-base font-semibold">
              <Link to={portal.id} className="hover:underline">
                {portal.portalName}
              </Link>
            </h2>
            <p className="flex items-center gap-1.5 text-sm text-muted">
              <Users aria-hidden="true" className="size-4" />
              {t('portals:list.clients', { count: portal.clientCount })}
            </p>
          </div>
        </div>
        <div className="grid gap-1.5">
          <p className="text-xs font-medium text-subtle">{t('portals:share.address')}</p>
          <div className="flex min-w-0 items-center gap-2">
            <a
              href={address}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 flex-1 truncate font-mono text-sm text-primary-strong hover:underline"
            >
              {address}
            </a>
            <CopyButton
              text={address}
              label={t('portals:share.copyNamed', { name: portal.portalName })}
              variant="ghost"
              iconOnly
            />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <Globe aria-hidden="true" className="size-4" />
          {portal.customDomain ? (
            <>
              <span className="truncate font-medium text-ink">{portal.customDomain.domain}</span>
              <DomainStatusBadge status={portal.customDomain.status} />
            </>
          ) : (
            <span>{t('portals:list.noDomain')}</span>
          )}
        </div>
      </article>
      <div className="flex flex-wrap gap-2 border-t border-line bg-surface/60 px-5 py-3">
        <Link
          to={portal.id}
          className={buttonClass('secondary', 'sm')}
          aria-label={t('portals:list.editNamed', { name: portal.portalName })}
        >
          {t('portals:list.edit')}
        </Link>
        <Link
          to={`${portal.id}/domain`}
          className={buttonClass('ghost', 'sm')}
          aria-label={t('portals:list.domainNamed', { name: portal.portalName })}
        >
          {t('portals:list.domain')}
        </Link>
      </div>
    </Card>
  );
}
