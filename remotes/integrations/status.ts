import type { MailDomain } from '../../shared/contracts/integrations';
import type { StatusMap } from '../../shared/ui/status-badge';

/** How an integration's state looks as a badge (keys of this section's `status.*`). */
export type IntegrationStatus =
  | 'connected'
  | 'notConnected'
  | 'reconnect'
  | 'unavailable'
  | 'notAdded'
  | 'inUse'
  | 'recordNotStarted'
  | MailDomain['status'];

export const INTEGRATION_STATUS: StatusMap<IntegrationStatus> = {
  connected: { label: 'status.connected', tone: 'success' },
  notConnected: { label: 'status.notConnected', tone: 'neutral' },
  reconnect: { label: 'status.reconnect', tone: 'danger' },
  unavailable: { label: 'status.unavailable', tone: 'neutral' },
  notAdded: { label: 'status.notAdded', tone: 'neutral' },
  inUse: { label: 'status.inUse', tone: 'success' },
  recordNotStarted: { label: 'status.recordNotStarted', tone: 'warning' },
  not_started: { label: 'status.not_started', tone: 'warning' },
  pending: { label: 'status.pending', tone: 'info' },
  verified: { label: 'status.verified', tone: 'primary' },
  partially_verified: { label: 'status.partially_verified', tone: 'warning' },
  partially_failed: { label: 'status.partially_failed', tone: 'danger' },
  failed: { label: 'status.failed', tone: 'danger' },
  temporary_failure: { label: 'status.temporary_failure', tone: 'warning' },
};

/** The badge of a sending domain: in use, or Resend's status. */
export const mailDomainStatus = (domain: Pick<MailDomain, 'status' | 'inUse'>): IntegrationStatus =>
  domain.inUse ? 'inUse' : domain.status;

/** The badge of one DNS record: Resend's status, "Not checked" before the first check. */
export const recordStatus = (record: { status: MailDomain['status'] }): IntegrationStatus =>
  record.status === 'not_started' ? 'recordNotStarted' : record.status;
