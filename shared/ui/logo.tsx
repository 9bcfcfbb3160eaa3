import { cn } from './cn';

/**
 * The product mark and name (`compact`: the name is visually hidden on phones; `markOnly`: always hidden, for
 * the collapsed sidebar). The mark is inline SVG with fixed size, so it never shifts layout.
 */
export function Logo({
  name,
  className,
  compact,
  markOnly,
}: {
  name: string;
  className?: string;
  compact?: boolean;
  markOnly?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-ink', className)}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="9" fill="var(--brand-primary)" />
        <path d="M10 11.5h12M10 16h8M10 20.5h10" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="23" cy="20.5" r="2.5" fill="var(--brand-secondary)" />
      </svg>
      <span className={cn('text-lg tracking-tight', compact && 'max-sm:sr-only', markOnly && 'sr-only')}>
        {name}
      </span>
    </span>
  );
}
