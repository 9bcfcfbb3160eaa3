import type { ReactNode } from 'react';
import { cn } from './cn';
import { BackLink } from './load-failed';

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
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/**
 * A detail page's header (a client, a project, a file, an invoice): the way back to the list, the title
 * with its status badge, lines about it, and its actions (small buttons, wrapping).
 *
 * @example
 * <DetailHeader back={{ label: t('detail.back') }} title={project.name}
 *   badge={<StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />}
 *   meta={<p className="text-sm text-muted">{project.client.name}</p>} actions={<Button size="sm">…</Button>} />
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
  actions?: ReactNode;
}) {
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
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
    </>
  );
}
