import { TableSkeleton } from './data-table';
import { Skeleton } from './skeleton';

/**
 * What a section shows until its texts and first data are there, shaped like what arrives: a list page
 * (title, toolbar, rows) and a detail page (back link, title, actions, content in two columns).
 */
export function ListPageSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <div className="flex items-center justify-between gap-4">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-10 w-32" />
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <TableSkeleton />
    </div>
  );
}

/** A detail page loading: back link, title, actions, and a wide and a narrow column. */
export function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-72 max-w-full" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-24" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
