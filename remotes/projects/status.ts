import type { StatusMap } from '../../shared/ui/status-badge';
import type { ProjectStatus } from './api';

/** Spec §4's project statuses in the kit's badge: what is moving stands out, what is over recedes. */
export const PROJECT_STATUS: StatusMap<ProjectStatus> = {
  planning: { label: 'status.planning', tone: 'info' },
  in_progress: { label: 'status.in_progress', tone: 'primary' },
  on_hold: { label: 'status.on_hold', tone: 'warning' },
  completed: { label: 'status.completed', tone: 'success' },
  cancelled: { label: 'status.cancelled', tone: 'neutral' },
};
