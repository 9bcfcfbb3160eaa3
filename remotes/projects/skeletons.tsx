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
    <div role="status" aria-busy="true" className="grid gap-4 rounded-2xl border border-line p-4">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex items-center gap-4">
          <Skeleton className="h-4 w-1/3 md:w-1/5" />
          <Skeleton className="hidden h-4 w-1/6 md:block" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="ml-auto h-4 w-16 md:w-24" />
        </div>
      ))}
    </div>
  );
}

/** Loading state of the project page. */
export function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-64 max-w-full" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-24" />
      </div>
      <Skeleton className="h-11 w-full max-w-sm" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}

/** Loading state of the activity feed. */
export function ActivitySkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-5">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex gap-3">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
