/**
 * The analytics section's TanStack Query keys (issue 29), under `['analytics', …]`: one per view and
 * query (period, currency). No live effects: the figures are read again when the section opens or the
 * period changes (a minute's staleness is fine for totals).
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  view: (view: 'money' | 'work' | 'clients', query: object) => ['analytics', view, query] as const,
};
