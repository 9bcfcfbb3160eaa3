/**
 * The dashboard overview's totals (`GET /api/overview`: total clients, active projects, pending invoices,
 * revenue), read by the host's first screen. The ONE spelling of its key: the host's query and every
 * section whose changes move a figure (projects, invoices) use this constant.
 */
export const OVERVIEW_KEY = ['overview'] as const;
