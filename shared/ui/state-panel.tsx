import { type LucideIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../router';
import { Button, buttonClass } from './button';

/** A centred message with an icon, a text and actions: empty, no-results, not-found and error states. */
export function StatePanel({
  icon,
  title,
  body,
  children,
  role,
}: {
  icon: ReactNode;
  title: string;
  body?: string;
  children?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      role={role}
      className="grid place-items-center gap-4 rounded-2xl border border-dashed border-line px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
        {icon}
      </span>
      <div className="grid max-w-md gap-1.5">
        <h2 className="text-lg font-semibold">{title}</h2>
        {body ? <p className="text-sm text-muted">{body}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}

/** A list with nothing under its search and filters: why, and the way back to everything. */
export function NoResults({
  title,
  body,
  clearLabel,
  onClear,
}: {
  title: string;
  body: string;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <StatePanel
      role="status"
      icon={<SearchX aria-hidden="true" className="size-6" />}
      title={title}
      body={body}
    >
      <Button variant="secondary" onClick={onClear}>
        {clearLabel}
      </Button>
    </StatePanel>
  );
}

/**
 * Whether a list's first action can go ahead when it needs another list first (a client needs a portal,
 * a project a client): `met` once that list has an entry, `missing` once it is known to have none.
 */
export function prerequisite(list: { isSuccess: boolean; data?: readonly unknown[] | undefined }) {
  const any = (list.data?.length ?? 0) > 0;
  return { met: list.isSuccess && any, missing: list.isSuccess && !any };
}

/**
 * What a list page shows without rows, by the section's standard keys (`t`): under a search or filter,
 * "no results" with Clear (`empty.noResults`, `empty.noResultsBody`, `empty.clearFilters`); when the
 * section needs something first (`needs.missing`: a portal before clients), that and the way to it
 * (`empty.needsTitle`, `empty.needsBody`, `empty.needsAction`); else the empty list (`empty.title`,
 * `empty.body`) with the section's first action.
 */
export function ListEmpty({
  t,
  icon: Icon,
  filtered,
  onClear,
  action,
  noResultsBody,
  needs,
}: {
  t: (key: string) => string;
  icon: LucideIcon;
  filtered: boolean;
  onClear: () => void;
  action?: ReactNode;
  /** Instead of `empty.noResultsBody` (a reason the filters tell). */
  noResultsBody?: string;
  needs?: { icon: LucideIcon; to: string; missing: boolean };
}) {
  if (filtered)
    return (
      <NoResults
        title={t('empty.noResults')}
        body={noResultsBody ?? t('empty.noResultsBody')}
        clearLabel={t('empty.clearFilters')}
        onClear={onClear}
      />
    );
  if (needs?.missing)
    return (
      <StatePanel
        icon={<needs.icon aria-hidden="true" className="size-6" />}
        title={t('empty.needsTitle')}
        body={t('empty.needsBody')}
      >
        <Link to={needs.to} className={buttonClass('primary')}>
          {t('empty.needsAction')}
        </Link>
      </StatePanel>
    );
  return (
    <StatePanel
      icon={<Icon aria-hidden="true" className="size-6" />}
      title={t('empty.title')}
      body={t('empty.body')}
    >
      {action}
    </StatePanel>
  );
}
