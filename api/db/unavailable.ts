/**
 * Whether an error says the database could not be reached or went away under the query (issue 31: a
 * PostgreSQL restart), rather than that the query itself was wrong. Such an error is answered 503
 * `service_unavailable` with `Retry-After` (`http/errors.ts`), logged as a warning, never a 500.
 *
 * - postgres.js's own connection errors: CONNECTION_CLOSED, CONNECTION_ENDED, CONNECTION_DESTROYED,
 *   CONNECT_TIMEOUT;
 * - the socket's: ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH, EAI_AGAIN (an
 *   AggregateError of several addresses carries them in `errors`);
 * - the server's SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 *   up or shutting down), 53300 too_many_connections, and class 08 (connection exceptions);
 * - `pg`'s (the job queue's driver) "Connection terminated unexpectedly" and the like, which have no code.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m))) return true;
  const errors = (err as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable((err as { cause?: unknown }).cause, depth + 1);
}

const UNAVAILABLE_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** `pg`'s connection errors, which carry no code. */
const PG_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
];

/** What a client is told to wait before it tries again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
