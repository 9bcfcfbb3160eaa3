import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Portal } from '../../../shared/contracts/portals';
import { useTranslation } from '../../../shared/i18n/react';
import { Link } from '../../../shared/router';
import { Card } from '../../../shared/ui/card';
import { cn } from '../../../shared/ui/cn';

/** A titled card of the editor and domain pages, labelled by its heading. */
export function SectionCard({
  id,
  title,
  description,
  danger,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: string;
  danger?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `portal-section-${id}`;
  return (
    <Card className={cn('p-5 sm:p-6', danger && 'border-danger/40', className)}>
      <section aria-labelledby={headingId} className="grid grid-cols-1 gap-5">
        <div className="grid gap-1">
          <h2 id={headingId} className={cn('text-lg font-semibold', danger && 'text-danger')}>
            {title}
          </h2>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** "← All portals" (or another parent) above a page title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1.5 rounded text-sm font-medium text-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

type DomainState = NonNullable<Portal['customDomain']>['status'];

const BADGE: Record<DomainState, string> = {
  pending: 'bg-warning-soft text-warning ring-warning/20',
  verified: 'bg-success-soft text-success ring-success/20',
  failed: 'bg-danger-soft text-danger ring-danger/20',
  taken: 'bg-danger-soft text-danger ring-danger/20',
};

/** The custom domain's state as a coloured pill: pending, verified, failed or taken by another account. */
export function DomainStatusBadge({ status }: { status: DomainState }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        BADGE[status],
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`portals:domain.status.${status}`)}
    </span>
  );
}

/** The portal's logo, or its initial on the primary colour when it has none. */
export function PortalMark({
  name,
  logoUrl,
  primaryColor,
  textColor,
  className,
}: {
  name: string;
  logoUrl: string | null;
  primaryColor: string;
  textColor: string;
  className?: string;
}) {
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt=""
        className={cn('size-10 shrink-0 rounded-lg bg-canvas object-contain', className)}
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: primaryColor, color: textColor }}
      className={cn('grid size-10 shrink-0 place-items-center rounded-lg text-base font-semibold', className)}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
