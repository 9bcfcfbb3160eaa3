import { cn } from './cn';

/** A grey placeholder block for loading states; decorative (the loading region carries `aria-busy`). */
export function Skeleton({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200/70', className)} />
  );
}
