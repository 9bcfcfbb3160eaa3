import { Skeleton } from '../../shared/ui/skeleton';

/** Loading state of the invoice page and the editor: back link, title, the lines and a side column. */
export function PageSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-72 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
