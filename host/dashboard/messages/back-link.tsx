import { ArrowLeft } from 'lucide-react';
import { Link } from '../../../shared/router';
import { cn } from '../../../shared/ui/cn';
import { MESSAGES_BASE } from './paths';

/** Back to the list (on a phone, where the list is not beside the conversation). */
export function BackLink({
  label,
  className,
  compact,
}: {
  label: string;
  className?: string;
  /** Only the arrow (the label stays for screen readers), for the conversation's header. */
  compact?: boolean;
}) {
  return (
    <Link
      to={MESSAGES_BASE}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-muted hover:bg-surface hover:text-ink',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {compact ? <span className="sr-only">{label}</span> : label}
    </Link>
  );
}
