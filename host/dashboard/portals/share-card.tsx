import { ExternalLink, Globe } from 'lucide-react';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { buttonClass } from '../../../shared/ui/button';
import { CopyButton } from './copy-button';
import { platformAddress, portalAddress } from './portal-url';
import { DomainStatusBadge, SectionCard } from './ui';

/**
 * Where clients reach the portal: its address (the verified custom domain, else the standalone login page)
 * with copy and open, the platform address beside a custom domain, and the way to the domain page.
 */
export function ShareCard({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const address = portalAddress(portal);
  const platform = platformAddress(portal);
  const domain = portal.customDomain;
  return (
    <SectionCard id="share" title={t('portals:share.title')} description={t('portals:share.description')}>
      <div className="grid gap-2">
        <p className="text-sm font-medium" id="portal-address-label">
          {t('portals:share.address')}
        </p>
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
          <output
            aria-labelledby="portal-address-label"
            className="truncate rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm"
          >
            {address}
          </output>
          <div className="flex gap-2">
            <CopyButton text={address} label={t('portals:share.copy')} />
            <a
              href={address}
              target="_blank"
              rel="noreferrer"
              className={buttonClass('ghost', 'sm')}
              aria-label={t('portals:share.openNamed', { name: portal.portalName })}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('portals:share.open')}
            </a>
          </div>
        </div>
        {address !== platform ? (
          <p className="text-xs text-subtle">
            {t('portals:share.platformAddress')} <span className="font-mono break-all">{platform}</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-4">
        <div className="flex min-w-0 items-start gap-3">
          <Globe aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="grid min-w-0 gap-1">
            <p className="text-sm font-medium">{t('portals:share.customDomain')}</p>
            {domain ? (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="min-w-0 font-mono break-all">{domain.domain}</span>
                <DomainStatusBadge status={domain.status} />
              </p>
            ) : (
              <p className="text-sm text-muted">{t('portals:share.customDomainNone')}</p>
            )}
          </div>
        </div>
        <Link to={`/dashboard/portals/${portal.id}/domain`} className={buttonClass('secondary', 'sm')}>
          {domain ? t('portals:share.manageDomain') : t('portals:share.setUpDomain')}
        </Link>
      </div>
    </SectionCard>
  );
}
