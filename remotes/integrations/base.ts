/** Where the host mounts the section. */
export const INTEGRATIONS_BASE = '/dashboard/integrations';
