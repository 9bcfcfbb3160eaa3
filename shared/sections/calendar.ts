/** The calendar section's TanStack Query keys (issue 30), under `['calendar', …]`. */
export const calendarKeys = {
  all: ['calendar'] as const,
};
