/** Query keys of the signed-in dashboard, in one place so invalidations match their queries. */
export const dashboardKeys = {
  overview: ['overview'] as const,
  profile: ['profile'] as const,
  sessions: ['account', 'sessions'] as const,
};
