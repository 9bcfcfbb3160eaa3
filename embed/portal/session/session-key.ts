/** Spec §3: the browser key of the client session, holding `{ client, token, expiresAt, createdAt }`. */
export const SESSION_KEY = 'portal_client_session';
