import { cn } from './cn';

/** A small spinning ring; decorative, so screen readers skip it (pair it with text). */
export function Spinner({ size = 'md', className }: { size?: 'sm' | 'md'; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
        size === 'sm' ? 'size-4' : 'size-5',
        className,
      )}
    />
  );
}

/** Loading fallback of a lazy page: reserves the viewport so nothing shifts when the page arrives. */
export function PageFallback({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid min-h-[60dvh] place-items-center text-subtle">
      <div className="flex items-center gap-3 text-sm">
        <Spinner />
        <span>{label}</span>
      </div>
    </div>
  );
}
