import { OVERVIEW_KEY } from '../../shared/sections/overview';

/** Query keys of the signed-in dashboard, in one place so invalidations match their queries. */
export const dashboardKeys = {
  /** The overview's totals: one key with the sections whose changes move them (`shared/sections/overview.ts`). */
  overview: OVERVIEW_KEY,
  profile: ['profile'] as const,
  sessions: ['account', 'sessions'] as const,
};
