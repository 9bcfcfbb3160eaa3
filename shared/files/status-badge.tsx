import { Check, CircleDashed, RotateCcw, X } from 'lucide-react';
import type { FileStatus } from '../contracts/files';
import { useFilesKit } from './kit';

/**
 * One colour and icon per status (spec §4): waiting is amber, approved green, rejected red, a revision
 * request violet; the client's decisions carry the same colour as the provider's, told apart by their
 * label. The icon keeps them apart without colour.
 */
const TONES: Record<FileStatus, { badge: string; Icon: typeof Check }> = {
  pending_review: { badge: 'bg-warning-soft text-warning ring-warning/25', Icon: CircleDashed },
  approved: { badge: 'bg-success-soft text-success ring-success/25', Icon: Check },
  client_approved: { badge: 'bg-success-soft text-success ring-success/40', Icon: Check },
  rejected: { badge: 'bg-danger-soft text-danger ring-danger/25', Icon: X },
  client_rejected: { badge: 'bg-danger-soft text-danger ring-danger/40', Icon: X },
  revision_requested: { badge: 'bg-violet-50 text-violet-800 ring-violet-200', Icon: RotateCcw },
};

/** The file's review status as a small labelled pill (spec §4's six statuses, translated). */
export function FileStatusBadge({ status }: { status: FileStatus }) {
  const { t } = useFilesKit();
  const { badge, Icon } = TONES[status];
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badge}`}
    >
      <Icon aria-hidden="true" className="size-3" />
      {t(`status.${status}`)}
    </span>
  );
}
