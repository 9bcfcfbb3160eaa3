import type { ReactNode } from 'react';

/** A page's heading (focused after navigation by the shell) with an optional line below and actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 tabIndex={-1} className="text-2xl font-semibold sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="text-muted">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
