import { Check, CircleDashed, RotateCcw, X } from 'lucide-react';
import type { FileStatus } from '../contracts/files';
import { StatusBadge, type StatusMap } from '../ui/status-badge';
import { useFilesKit } from './kit';

/**
 * One tone and icon per status (spec §4): waiting is amber, approved green, rejected red, a revision
 * request violet; the client's decisions carry the same colour as the provider's, told apart by their
 * label. The icon keeps them apart without colour.
 */
export const FILE_STATUS: StatusMap<FileStatus> = {
  pending_review: { label: 'status.pending_review', tone: 'warning', icon: CircleDashed },
  approved: { label: 'status.approved', tone: 'success', icon: Check },
  client_approved: { label: 'status.client_approved', tone: 'success', icon: Check },
  rejected: { label: 'status.rejected', tone: 'danger', icon: X },
  client_rejected: { label: 'status.client_rejected', tone: 'danger', icon: X },
  revision_requested: { label: 'status.revision_requested', tone: 'violet', icon: RotateCcw },
};

/** The file's review status as the kit's badge (spec §4's six statuses, in the files kit's texts). */
export function FileStatusBadge({ status }: { status: FileStatus }) {
  const { t } = useFilesKit();
  return <StatusBadge status={status} map={FILE_STATUS} t={t} />;
}
