/*
 * The realtime protocol's constants, without zod (the browser client imports only these and types):
 * the schemas and the message flow are in shared/contracts/realtime.ts.
 */

/** The server pings every 25 s; a socket that did not answer the previous ping is closed. */
export const HEARTBEAT_MS = 25_000;
/** A socket that sends no valid `hello` within this time is closed. */
export const HELLO_TIMEOUT_MS = 5_000;
/** The most items one catch-up sends; `synced.complete` false means more exist (ask again after lastSeq). */
export const CATCHUP_LIMIT = 500;
/** The path of the socket (no query string: one is refused). */
export const REALTIME_PATH = '/api/realtime';
/** The audience is the subprotocol, so the upgrade knows it before any message. */
export const REALTIME_PROTOCOLS = {
  provider: 'clientportal.provider',
  portal: 'clientportal.portal',
} as const;

/** Close codes (4000–4999 are the application's). */
export const CloseCode = {
  /** No or invalid credential, or `hello` missing or malformed: sign in again, don't retry as is. */
  unauthorized: 4401,
  /** Not from an allowed origin for this audience. */
  forbiddenOrigin: 4403,
  /** The session ended (sign-out, expiry, password change): sign in again. */
  sessionEnded: 4408,
  /** A message the server does not understand. */
  badMessage: 4400,
  /**
   * The instance is shutting down or restarting (RFC 6455's 1012 "Service Restart"): reconnect at once,
   * with a little jitter, to another instance, and catch up after the last seen seq.
   */
  serviceRestart: 1012,
  /** The server cannot serve the socket now (its database is away): reconnect in a moment. */
  tryAgainLater: 1013,
} as const;

/** Close codes after which the client must not reconnect with the same credential. */
export const TERMINAL_CLOSE_CODES: readonly number[] = [
  CloseCode.unauthorized,
  CloseCode.forbiddenOrigin,
  CloseCode.sessionEnded,
];
