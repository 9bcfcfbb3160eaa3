import type { ComponentType, ReactNode } from 'react';
import { Link } from '../router';
import { Button, buttonClass } from './button';
import { cn } from './cn';
import { BackLink } from './load-failed';

/** An action of a detail page: a small button (or a link that looks like one) with its icon. */
export type DetailAction = {
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  onClick?: () => void;
  /** A link instead of a button (an editor page). */
  to?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  loading?: boolean;
};

function ActionButton({ label, icon: Icon, onClick, to, variant = 'secondary', loading }: DetailAction) {
  const content = (
    <>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </>
  );
  return to ? (
    <Link to={to} className={buttonClass(variant, 'sm')}>
      {content}
    </Link>
  ) : (
    <Button size="sm" variant={variant} loading={loading} onClick={onClick}>
      {content}
    </Button>
  );
}

/**
 * A section page's header: the title (the page's one `h1`), a line under it, and the page's actions at
 * the right (below the title when they do not fit beside it).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted">{subtitle}</p>
      </div>
      <div className="flex flex-wrap gap-2 empty:hidden">{actions}</div>
    </header>
  );
}

/**
 * A detail page's header (a client, a project, a file, an invoice): the way back to the list, the title
 * with its status badge, lines about it, and its actions (small buttons, wrapping; `false` leaves one out).
 *
 * @example
 * <DetailHeader back={{ label: t('detail.back') }} title={project.name}
 *   badge={<StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />}
 *   meta={<p className="text-sm text-muted">{project.client.name}</p>}
 *   actions={[{ label: t('detail.edit'), icon: Pencil, onClick: edit }, isDraft && { … }]} />
 */
export function DetailHeader({
  back,
  title,
  titleClassName,
  badge,
  meta,
  actions,
}: {
  back: { label: string; to?: string };
  title: ReactNode;
  /** How a title that is not words breaks or aligns (`break-all` for a file name, `tabular-nums`). */
  titleClassName?: string;
  badge?: ReactNode;
  meta?: ReactNode;
  actions?: readonly (DetailAction | false | null | undefined)[];
}) {
  const shown = (actions ?? []).filter((action): action is DetailAction => Boolean(action));
  return (
    <>
      <BackLink label={back.label} {...(back.to ? { to: back.to } : {})} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className={cn('text-2xl font-semibold tracking-tight break-words', titleClassName)}>
              {title}
            </h1>
            {badge}
          </div>
          {meta}
        </div>
        {shown.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {shown.map((action) => (
              <ActionButton key={action.label} {...action} />
            ))}
          </div>
        ) : null}
      </header>
    </>
  );
}
