import { Skeleton } from '../../shared/ui/skeleton';

/** Loading state of the list: the header, toolbar and a few rows, shaped like what arrives. */
export function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <div className="flex items-center justify-between gap-4">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-10 w-32" />
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <RowsSkeleton />
    </div>
  );
}

/** Rows only, for a list that is loading inside its frame. */
export function RowsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="grid gap-3 rounded-2xl border border-line p-4">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex items-center gap-4">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="hidden h-4 w-1/3 md:block" />
          <Skeleton className="ml-auto h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

/** Loading state of the detail page. */
export function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-64" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-32" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
