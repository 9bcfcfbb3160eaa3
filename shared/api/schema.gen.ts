/**
 * Generated from /api/openapi.json by `npm run gen:api` (openapi-typescript). Do not edit:
 * `shared/api/schema.test.ts` fails when this file is stale.
 */
export interface paths {
    "/api/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete your account
         * @description Permanently deletes the account and everything it owns (profile, sessions, portals, clients, projects, invoices, portal events, and its stored files such as portal logos) after checking the password; `confirm` must be the word `DELETE`. Clears the cookie. 422 `wrong_password` (with `fields`) for a wrong password. Limited like sign-in.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "password": "correct horse battery",
                     *       "confirm": "DELETE"
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteAccountInput"];
                };
            };
            responses: {
                /** @description The account is deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export your data
         * @description Everything your account holds, as one JSON file to download (`Content-Disposition: attachment; filename="client-portal-export-YYYY-MM-DD.json"`): account and profile, plan, invoice settings, the Stripe connection (account and the key’s last four characters only), portals, clients, projects, messages, files (names, versions, statuses, review events and pins; not the bytes: download those per version), invoices with their lines and credit notes, and the activity feed. Never secrets: no password hashes (a client’s is `hasPassword`), tokens, keys or storage paths. Only your own data. Streamed as it is read, in pages, so it works for large accounts. Always available, also after the trial ended without a subscription (spec §1).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The export (JSON, as an attachment) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description Checks the current password, sets the new one (at least 6 characters, spec §5, not one of the 10,000 most common; `confirmPassword` must match) and signs out every OTHER session of the account (and voids open password-reset links); this one stays signed in. 422 `wrong_password` (with `fields`) when the current password is wrong. Limited like sign-in: 10 attempts per 15 minutes per account and 50 per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "currentPassword": "correct horse battery",
                     *       "newPassword": "battery staple horse",
                     *       "confirmPassword": "battery staple horse"
                     *     }
                     */
                    "application/json": components["schemas"]["ChangePasswordInput"];
                };
            };
            responses: {
                /** @description Password changed; other sessions ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChangePasswordResponse"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your active sessions
         * @description Every live session of the account (devices signed in), most recently active first, with the browser, a masked IP address and `current: true` for the one making this request. Session secrets are never returned. Not cacheable.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sessions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AccountSessionList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out one session
         * @description Ends one of your sessions (e.g. a lost laptop). Ending the current one also clears the cookie. 404 `session_not_found` for an unknown id or another account’s session.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session was ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the account, this one included, and clears the cookie; the dashboard then goes to /auth.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out on every device */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignOutEverywhereResponse"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your API keys
         * @description Your API keys, newest first, revoked and expired ones included (`status`), with the prefix of each secret (never the secret), its scopes and its last use (time and address, recorded at most once a minute). Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues as `cursor`. Session only: an API key cannot list keys.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of keys */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKeyPage"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description Creates a key with a name, scopes (`<family>:read` or `<family>:write` per family) and an optional expiry in the future. The answer holds the secret (`cp_live_…`) this once: only its hash is stored. At most 25 live keys (409 `api_key_limit`). Session only: an API key cannot create keys.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ApiKeyCreateInput"];
                };
            };
            responses: {
                /** @description The key and its secret, shown once */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKeyCreated"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{apiKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes the key: its next request answers 401 (no cache holds it). The key stays in the list as `revoked`; revoking it again changes nothing. Another provider’s key answers 404. Session only.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    apiKeyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a password-reset e-mail
         * @description Mails a single-use link to choose a new password (valid 1 hour; a newer link voids older ones) when the address has an account. Always answers `{ ok: true }`, the same way and without waiting for the mail, so it does not reveal which addresses have accounts. Limited to 5 per hour per address and 20 per hour per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["ForgotPasswordInput"];
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh the session
         * @description Slides the session expiry to 30 days from now (never past 90 days from sign-in) and re-sends the cookie. The dashboard calls it when the session expires within 5 minutes (spec §4). 401 when there is no valid session; the dashboard then clears its state.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Refreshed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "2b1f0c3e-7d4a-4f7e-9d7e-0a1b2c3d4e5f",
                         *         "email": "ada@example.com",
                         *         "fullName": "Ada Lovelace",
                         *         "emailVerified": true,
                         *         "preferredLanguage": "en",
                         *         "trialEndsAt": "2026-12-05T10:00:00.000Z",
                         *         "plan": "trial",
                         *         "createdAt": "2026-11-21T10:00:00.000Z"
                         *       },
                         *       "session": {
                         *         "id": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6",
                         *         "expires_at": 1767225600,
                         *         "created_at": 1764633600
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["SessionResponse"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new verification e-mail
         * @description Sends a new link when the address belongs to an unverified account (older links stop working). Always answers `{ ok: true }`, so it does not reveal which addresses have accounts. Limited to 3 per hour per address and 20 per hour per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["ResendVerificationInput"];
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link
         * @description Spends the token from the password-reset e-mail (single use, 1 hour, only the newest link works), sets the new password (at least 6 characters, spec §5, and not one of the 10,000 most common), marks the address verified (the link proves it) and ends EVERY session of the account, this browser’s included: the user signs in again with the new password (`email` is returned to fill in the form). 400 `invalid_token` for an unknown, used, replaced or expired link. The mailed link opens a page that sends this only when the user submits. Limited to 30 per 15 minutes per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "token": "q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o",
                     *       "newPassword": "battery staple horse",
                     *       "confirmPassword": "battery staple horse"
                     *     }
                     */
                    "application/json": components["schemas"]["ResetPasswordInput"];
                };
            };
            responses: {
                /** @description Password changed; every session ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ResetPasswordResponse"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current session
         * @description The signed-in user and session, or `{ user: null, session: null }` when signed out (never 401, so the dashboard can ask on every load). `session.expires_at` is in seconds since the epoch. Reading it slides the expiry when less than 15 days remain. Not cacheable.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session, or nulls when signed out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionResponse"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description Starts a session and sets the HttpOnly session cookie (`session`, or `__Host-session` over HTTPS; 30 days, sliding, at most 90 days). 401 `invalid_credentials` for a wrong pair; 403 `email_not_verified` for an unverified account (a new link is sent at most every 10 minutes). Limited per source: 10 attempts per 15 minutes for one e-mail (so a stranger elsewhere cannot lock the owner out) and 50 for any e-mails; and 100 per hour for one e-mail from everywhere together.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "password": "correct horse battery"
                     *     }
                     */
                    "application/json": components["schemas"]["SignInInput"];
                };
            };
            responses: {
                /** @description Signed in; the session cookie is set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "2b1f0c3e-7d4a-4f7e-9d7e-0a1b2c3d4e5f",
                         *         "email": "ada@example.com",
                         *         "fullName": "Ada Lovelace",
                         *         "emailVerified": true,
                         *         "preferredLanguage": "en",
                         *         "trialEndsAt": "2026-12-05T10:00:00.000Z",
                         *         "plan": "trial",
                         *         "createdAt": "2026-11-21T10:00:00.000Z"
                         *       },
                         *       "session": {
                         *         "id": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6",
                         *         "expires_at": 1767225600,
                         *         "created_at": 1764633600
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["SessionResponse"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the current session and clears the cookie. 404 `session_not_found` ("Session not found") when there was no valid session; the dashboard treats that as signed out without a warning (spec §8). The cookie is cleared either way.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a provider account
         * @description Creates an unverified account with its profile (the name defaults to the e-mail when empty) and e-mails a verification link valid for 24 hours, in the chosen or request language. No session yet: verifying the e-mail signs the user in. An address that is registered but not verified yet is signed up afresh: the new password, name and language replace the pending ones, older links stop working and a new one is mailed (the answer is the same as for a new address). 409 `email_taken` only for a verified account. The password needs at least 6 characters (spec §5) and must not be one of the 10,000 most common (422 `validation.passwordTooCommon`). 409 `email_taken` tells a registered address, so sign-ups are limited per source: 5 per hour for one e-mail and 10 for any e-mails; and 20 per hour for one e-mail from everywhere together.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "fullName": "Ada Lovelace",
                     *       "email": "ada@example.com",
                     *       "password": "correct horse battery",
                     *       "confirmPassword": "correct horse battery",
                     *       "language": "en"
                     *     }
                     */
                    "application/json": components["schemas"]["SignUpInput"];
                };
            };
            responses: {
                /** @description Account created; verification e-mail sent */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignUpResponse"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an e-mail address
         * @description Finishes a sign-up with the token from the verification e-mail (24 hours, only the newest link works) and signs the user in (sets the session cookie). The link alone is not enough, since anyone can sign up with any address: send either `currentPassword` (the one chosen at sign-up) or `newPassword` + `confirmPassword`, which replaces the sign-up password and ends every other session of the account. The token is spent only on success; a wrong `currentPassword` answers 422 `wrong_password` and leaves it usable. 409 `email_already_verified` for a spent or replaced link of a verified address; 400 `invalid_token` otherwise. The link opens a page that waits for the user, so neither a mail scanner nor a forged link can sign a browser in. Limited to 50 attempts per 15 minutes per IP and 10 per account.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VerifyEmailInput"];
                };
            };
            responses: {
                /** @description Verified and signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "user": {
                         *         "id": "2b1f0c3e-7d4a-4f7e-9d7e-0a1b2c3d4e5f",
                         *         "email": "ada@example.com",
                         *         "fullName": "Ada Lovelace",
                         *         "emailVerified": true,
                         *         "preferredLanguage": "en",
                         *         "trialEndsAt": "2026-12-05T10:00:00.000Z",
                         *         "plan": "trial",
                         *         "createdAt": "2026-11-21T10:00:00.000Z"
                         *       },
                         *       "session": {
                         *         "id": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6",
                         *         "expires_at": 1767225600,
                         *         "created_at": 1764633600
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["SessionResponse"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Look at a verification link
         * @description What the verification page shows before the user acts: `pending` (the link can finish the sign-up; confirm with `POST /api/auth/verify-email`) or `verified` (the address is verified already, e.g. the link was used; sign in instead), with the address. Changes nothing and signs nobody in. 400 `invalid_token` for an unknown, expired or replaced link of an unverified address. Counts toward the 50 verification attempts per 15 minutes per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "token": "q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o"
                     *     }
                     */
                    "application/json": components["schemas"]["VerificationStatusInput"];
                };
            };
            responses: {
                /** @description The link’s state */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VerificationStatus"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your clients
         * @description One page of your clients with their portal: `search` matches name, e-mail and company (case-insensitive, contains), `sort` by name, email, company or createdAt, `order` asc or desc, optionally only one `portalId`. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422). `total` counts every match.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                    order?: "asc" | "desc";
                    /** @description Only the clients of this portal. */
                    portalId?: string;
                    /** @description Case-insensitive "contains" over name, e-mail and company. */
                    search?: string;
                    sort?: "name" | "email" | "company" | "createdAt";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of clients */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClientList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a client
         * @description Adds a client to one of your portals: name and e-mail required (spec §5); company, phone, notes and language optional. The e-mail is unique per portal (409 `client_email_taken`). A portal that is not yours answers 404. No e-mail is sent; invite the client separately.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Grace Hopper",
                     *       "email": "grace@example.com",
                     *       "portalId": "3f1c9a2b-0000-4000-8000-000000000000",
                     *       "company": "Navy Labs"
                     *     }
                     */
                    "application/json": components["schemas"]["ClientCreateInput"];
                };
            };
            responses: {
                /** @description The new client */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Client"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client
         * @description Contact data, portal, projects, invoices and the last portal sign-in. Another provider’s client answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The client */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClientDetail"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a client
         * @description Deletes the client with their projects, invoices and portal history; `deleted` says how many projects and invoices went with them. Another provider’s client answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description What was deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClientDeleted"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a client
         * @description Changes only the fields sent; an empty company, phone or notes clears it; `portalId` moves the client to another of your portals. A new `email` ends the client’s access in the same step: their unused sign-in links (invitations included) stop working, their portal sessions end, and their password is removed (`hasPassword` false), because nothing proves the new address belongs to the same person. The client then signs in by a magic link to the new address (invite them, or they ask for one on the portal) and may set a password again. 409 `client_email_taken` when that portal has the e-mail already. Another provider’s client (or portal) answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "phone": "+49 30 1234567"
                     *     }
                     */
                    "application/json": components["schemas"]["ClientUpdateInput"];
                };
            };
            responses: {
                /** @description The updated client */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Client"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/clients/{clientId}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a client to their portal
         * @description Sends the portal’s branded invitation e-mail (portal name, logo and colour, in the client’s language; its own subject, unlike the sign-in e-mail) with a magic link to `/portal/auth?token=…`, valid 24 hours and once (spec §9). Any earlier unused link of the client stops working; links the client asks for on the portal later do not void it. Without a mail key the e-mail goes to the development outbox. 503 when delivery fails. 429 `invitation_limit` (with `Retry-After`, and a message naming the limit and the wait) beyond 20 invitations per hour or 100 per day per provider, 3 per hour or 10 per day to one client, or 10 per hour or 30 per day to one address from all providers together.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invitation was sent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClientInvited"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{clientId}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a client’s password
         * @description Sets an initial password (at least 6 characters, spec §5, not one of the 10,000 most common: 422 `validation.passwordTooCommon`) for a client who cannot receive e-mail; the portal login then offers password sign-in. Replaces any earlier password, and ends every portal session of the client (whoever was signed in signs in again). Another provider’s client answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClientPasswordInput"];
                };
            };
            responses: {
                /** @description The password was set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Frontend runtime configuration
         * @description Where the dashboard finds each section (Module Federation manifest URLs, so a section can move to a CDN without rebuilding the dashboard) and how e-mail is delivered.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Configuration */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PlatformConfig"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations
         * @description Every conversation (one per project) with its newest message and the unread count of the caller’s side, the most recent first; projects without messages after them (at most 200).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Conversations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConversationList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Development outbox
         * @description The latest 50 e-mails the app would have sent, newest first, optionally only those to one address, each with its delivery status and attempts (mails go out through background jobs). Exists only outside production and without a Resend key, so developers and tests can open verification links without a mail server, and answers only requests from the machine itself (404 to any other, and to anything a proxy forwarded) unless `DEV_HELPERS_REMOTE=true`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only mails to this address. */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Mails */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OutboxList"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domains/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Is this a verified portal domain?
         * @description For a reverse proxy’s on-demand TLS (Caddy’s `on_demand_tls { ask … }`): 200 when `domain` is a verified portal domain, 404 otherwise, so certificates are only issued for domains a provider proved they control. Answered from a 30-second in-process cache. No authentication. The proxy’s own call (from the loopback interface, without `X-Forwarded-For`, `Forwarded` or `X-Real-IP`) is never rate limited; every other caller is limited to 300 a minute per address, with forwarded requests and direct ones in separate budgets, so a flood through the proxy cannot exhaust the proxy’s own.
         */
        get: {
            parameters: {
                query: {
                    domain: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A verified portal domain */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files
         * @description A page of files, each with its latest version, what the caller may decide (`allowedDecisions`) and whether it may add a version. Filters: `projectId`, `status`, `uploadedBy`, `search` (contains, in the name); `statusCounts` counts the files per status under the other filters. Sorted by `sort` and `order`, paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422); `total` counts every match. Every project of the provider.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                    order?: "asc" | "desc";
                    projectId?: string;
                    /** @description Case-insensitive "contains" over the name. */
                    search?: string;
                    sort?: "name" | "status" | "updatedAt" | "createdAt" | "size";
                    /** @description Review state of the file’s latest version. */
                    status?: "pending_review" | "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested";
                    /** @description Which side. */
                    uploadedBy?: "provider" | "client";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Files */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file
         * @description A file with every version (newest first), its history (uploads, versions and decisions with who, when, the version’s SHA-256 and the feedback; oldest first) and the feedback pinned to every version (`mine` for the caller’s side). Another provider’s file answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileDetail"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description Deletes a file with all its versions, history and pinned feedback, then its stored bytes and previews. Provider only; another provider’s file answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename a file
         * @description Renames a file (1 to 200 characters, cleaned as an upload’s name; it keeps the extension of its latest version’s type). Provider only; another provider’s file answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Logo final.png"
                     *     }
                     */
                    "application/json": components["schemas"]["FileUpdateInput"];
                };
            };
            responses: {
                /** @description Renamed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileSummary"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/files/{fileId}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide on a file
         * @description Decides on the latest version of a file that waits for the caller’s side (`allowedDecisions`): the client approves, rejects or requests a revision of the provider’s files; the provider approves or rejects the client’s. Feedback is required to reject and to request a revision; pins (points of the version with feedback) may go with it. 409 `file_version_outdated` when `versionId` is not the latest version any more, 409 `file_decision_not_allowed` when the decision is not the caller’s to take now (also when another decision came first). The other side is notified live. Another provider’s file answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "versionId": "0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10",
                     *       "decision": "revision_requested",
                     *       "feedback": "Please use the darker blue.",
                     *       "pins": [
                     *         {
                     *           "page": 1,
                     *           "x": 0.42,
                     *           "y": 0.3,
                     *           "body": "This one"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FileDecisionInput"];
                };
            };
            responses: {
                /** @description The decided file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileDetail"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/pins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pin feedback to a point
         * @description Pins feedback to a point of a version (any version of the file, at any time): `page` from 1 to the version’s last page (an image has one; a PDF whose pages are not counted yet, its preview pending or failed, only page 1; 422 naming `page` otherwise), `x` and `y` as fractions of the page’s width and height from its top left. At most 500 pins a version (409 `conflict`). Another provider’s file answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "versionId": "0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10",
                     *       "page": 1,
                     *       "x": 0.5,
                     *       "y": 0.25,
                     *       "body": "Larger here"
                     *     }
                     */
                    "application/json": components["schemas"]["FilePinInput"];
                };
            };
            responses: {
                /** @description Pinned */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FilePin"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a new version
         * @description Uploads the next version of a file: the provider to any file, a client to the files it uploaded (403 `forbidden` otherwise, `canUploadVersion`). The file goes back to `pending_review`: a decision is about one version and never carried over; earlier versions and decisions stay in the history. A `multipart/form-data` body with one file in the field `file`. The type is decided by the bytes (the name and declared type are ignored): 415 `file_type_not_allowed` for anything else (SVG, HTML, executables, archives, macro-enabled or legacy binary Office files), 422 `file_empty` for zero bytes, 413 `payload_too_large` past 10 MB (checked while the body streams in). A refused or broken-off upload leaves nothing stored. The name is cleaned (base name, no control or invisible characters, at most 200 characters, the detected type’s extension). Another provider’s file answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path: {
                    fileId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description One file, at most 10 MB: an image (PNG, JPEG, GIF, WebP, AVIF, TIFF), a PDF or an office document (DOCX, XLSX, PPTX, ODT, ODS, ODP, RTF), decided by its content. Several files: one request each.
                         */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description The file with its new version */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileDetail"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/versions/{versionId}/annotated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a version with its feedback
         * @description “Download with feedback”: the version as a PDF whose feedback is real PDF annotations, readable in any PDF reader. Every pin of the version is a sticky note (a /Text annotation) at its point of its page, with the pin’s text (/Contents), author (/T) and date (/M); every decision on the version is a note on page 1 with its feedback. A PDF keeps its pages; an image becomes a one-page PDF. Notes’ labels are in the request’s language. A document answers 404 `file_preview_unavailable`; 503 with `Retry-After` while the server’s PDF workers are all busy. Sent as an attachment (`<name>-feedback.pdf`). Another provider’s file answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The annotated PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/versions/{versionId}/approval-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A version’s approval record
         * @description The approval record of the version as a PDF, in the request’s language (Accept-Language: English or German): the file, project and client, the version (number, name, size, upload time and uploader, the SHA-256 of its bytes), every event of that version from the file’s history (who, which side, when, status before and after, feedback) and the feedback pinned to it, and when the record was made. Any kind of file has one. Sent as an attachment. Another provider’s file answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The approval record */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/versions/{versionId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a version
         * @description The version’s original bytes, streamed from the store, always as an attachment (never shown inline): its detected type, `Content-Disposition: attachment` with the file’s name (an ASCII fallback and `filename*` in UTF-8), `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy, `Cache-Control: private, no-store` and the SHA-256 as ETag. HEAD answers the same headers without opening the file. Another provider’s file answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/versions/{versionId}/pages/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a version
         * @description Page `page` of the version as a WebP image, at most 1600 px on its long side: an image’s preview (page 1 only), or a PDF page. A PDF page not viewed before is rendered now (one at a time per account, in a process with hard limits; 503 with `Retry-After` when too many of the account’s pages wait) and kept for the next viewer. A page past the last answers 404 `not_found`; a document, or a file that could not be read, 404 `file_preview_unavailable`. Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600`. Another provider’s file answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    /** @description Page number, from 1 (an image has one). */
                    page: number;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/{fileId}/versions/{versionId}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A version’s thumbnail
         * @description The version’s thumbnail (about 480 px wide, WebP): an image, or the first page of a PDF. Made after the upload by a background job; until then, and for documents or files that could not be read, 404 `file_preview_unavailable` (see the version’s `preview.status`). Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600` (a version’s previews never change). Another provider’s file answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The thumbnail */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Reports whether the service and its database answer. 503 when the database is unreachable.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Healthy */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Database unreachable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete an integration’s authorisation
         * @description What `/integrations/callback` posts with the query the authorisation server sent back (`state`, `code`, `error`, `error_description` as `errorDescription`). The state must be one the signed-in provider started, at most 10 minutes ago, and is spent by this call: 404 `authorisation_state_invalid` for an unknown one (also another provider’s), 409 `authorisation_state_used` / `authorisation_state_expired`. Then the outcome: `connected` (the integration finished with the code), `denied` (`error=access_denied`), or `failed` (another error of the authorisation server, or the code could not be used).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "state": "Vx2a9QeN1bq0mZ7cW4sYtR8uLkPjH3dGfEaBcD5oI6M",
                     *       "code": "4/0AeanS0b…"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthorisationCallback"];
                };
            };
            responses: {
                /** @description The outcome of the authorisation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "integration": "google_calendar",
                         *       "outcome": "denied",
                         *       "error": "access_denied",
                         *       "errorDescription": null
                         *     }
                         */
                        "application/json": components["schemas"]["AuthorisationOutcome"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/mail-domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The e-mail sending domain
         * @description The signed-in provider’s own domain for portal e-mails, as last checked at Resend: its status, the DNS records to publish, the sender address and whether it is in use; `domain: null` without one. `available: false` when this server sends no e-mail through Resend (then no domain can be added).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sending domain */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "available": true,
                         *       "domain": {
                         *         "name": "mail.example-agency.com",
                         *         "status": "not_started",
                         *         "records": [
                         *           {
                         *             "record": "DKIM",
                         *             "type": "TXT",
                         *             "name": "resend._domainkey.mail",
                         *             "value": "p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ…",
                         *             "ttl": "Auto",
                         *             "priority": null,
                         *             "status": "not_started"
                         *           }
                         *         ],
                         *         "fromLocalPart": "portal",
                         *         "fromAddress": "portal@mail.example-agency.com",
                         *         "inUse": false,
                         *         "verifiedAt": null,
                         *         "checkedAt": "2026-12-07T09:00:00.000Z",
                         *         "createdAt": "2026-12-07T09:00:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["MailDomainState"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add an e-mail sending domain
         * @description Adds the domain at Resend, which answers with the DNS records (SPF, DKIM) to publish at the domain’s DNS host; they are returned here. `fromLocalPart` (default `portal`) is the part before the @ of the sender address. 409 `mail_domain_exists` when the provider has one, 422 (field `domain`) when Resend refuses it, 502 `mail_provider_unavailable`, 409 `mail_domain_unavailable` when this server sends no e-mail through Resend.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "domain": "mail.example-agency.com",
                     *       "fromLocalPart": "portal"
                     *     }
                     */
                    "application/json": components["schemas"]["MailDomainCreate"];
                };
            };
            responses: {
                /** @description Added; publish the records, then verify */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MailDomainState"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Remove the e-mail sending domain
         * @description Removes the domain at Resend and here; portal e-mails go out from the platform’s address again. 404 without a domain, 502 when Resend cannot be reached (the domain stays).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Use the e-mail sending domain
         * @description `inUse: true` sends every portal e-mail to the provider’s clients (invitations, sign-in links, invoices, message digests) From `<fromLocalPart>@<domain>` with the provider’s business name; only a verified domain can be used (409 `mail_domain_not_verified`). `inUse: false` goes back to the platform’s address. 404 without a domain.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "inUse": true
                     *     }
                     */
                    "application/json": components["schemas"]["MailDomainUpdate"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MailDomainState"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/integrations/mail-domain/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the e-mail sending domain
         * @description Asks Resend to look the DNS records up again and returns the domain as it stands (`verified` once every required record is found). A domain that is no longer verified stops being used. Limited to 3 a minute and 20 an hour per provider (429 with `Retry-After`). 404 without a domain, 409 `mail_domain_unavailable` when this server sends no e-mail through Resend.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The domain after the check */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MailDomainState"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoice-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Invoice settings
         * @description The provider’s invoice settings: number prefixes, the next invoice number (read only), business address and tax id for the PDF, payment instructions (shown in the portal when there is no card payment), a footer note, the default payment term and tax rate. Created with defaults on first use.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvoiceSettings"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change invoice settings
         * @description Changes the fields sent (an empty text clears it). The invoice and credit-note prefixes must differ (422 `validation.prefixesDiffer`); the numbers themselves cannot be set (the sequences are gapless). A new prefix applies to invoices sent from now on.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "numberPrefix": "RE-2026-",
                     *       "defaultDueDays": 30
                     *     }
                     */
                    "application/json": components["schemas"]["InvoiceSettingsUpdate"];
                };
            };
            responses: {
                /** @description The settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvoiceSettings"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description A page of the provider’s invoices, newest first (`limit`, default 50, at most 100; `nextCursor` continues the list as `cursor`). Filters: `status`, `clientId`, `projectId`, `q` (contains, in the number and the description). `totals` counts every status and sums its amounts per currency under the client, project and search filters (the status filter does not apply to them; amounts in different currencies are never added). Only the provider’s own invoices.
         */
        get: {
            parameters: {
                query?: {
                    clientId?: string;
                    cursor?: string;
                    limit?: number;
                    projectId?: string;
                    /** @description Searches number and description. */
                    q?: string;
                    /** @description Invoice status (spec §4). */
                    status?: "draft" | "sent" | "paid" | "overdue" | "cancelled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Invoices */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvoiceList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a draft invoice
         * @description A new draft for one of the provider’s clients (another provider’s client or project answers 404; a project of another client 422 `validation.projectInvalid`). Lines are numbered in the order sent; their amounts and the totals are computed by the server in minor units (`shared/contracts/money.ts`); a total over 999,999.99 is 422 `invoice_total_too_large`. Defaults: the currency from the profile (else EUR for German, USD for English), the client’s language, a due date of today plus the settings’ payment term. A draft has no number and is not visible to the client.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "clientId": "0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10",
                     *       "lines": [
                     *         {
                     *           "description": "Design work",
                     *           "quantityMilli": 12500,
                     *           "unitPriceCents": 8000,
                     *           "taxRateBp": 1900
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["InvoiceCreate"];
                };
            };
            responses: {
                /** @description The draft */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{invoiceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an invoice
         * @description An invoice with its lines, the tax per rate, its credit note (when cancelled), its Stripe links (when created in Stripe) and `allowedStatuses` (what `POST …/status` accepts now). Another provider’s invoice answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invoice */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a draft invoice
         * @description Deletes a draft with its lines. A sent invoice has a number in the books and is cancelled instead (409 `invoice_not_editable`). Another provider’s invoice answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Edit a draft invoice
         * @description Changes the fields sent; `lines` replaces every line and the totals are computed again. Drafts only: a sent invoice is immutable (409 `invoice_not_editable`; corrections go through cancellation). A new client or project is checked as on creation (404 for another provider’s, 422 `validation.projectInvalid` for a project of another client). Another provider’s invoice answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "description": "Website, phase 2"
                     *     }
                     */
                    "application/json": components["schemas"]["InvoiceUpdate"];
                };
            };
            responses: {
                /** @description The draft */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/invoices/{invoiceId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an invoice
         * @description Cancels a sent or overdue invoice with a credit note: the next number of the credit-note sequence (gapless, like invoice numbers), the invoice’s amount and the optional reason. The invoice keeps its number and becomes `cancelled` (final). Nothing of it stays payable in Stripe: a background job expires its open Checkout sessions and voids its Stripe invoice (`stripe.closing`); a card payment that still arrives is refunded automatically (`payments`). A draft is deleted instead and a paid invoice cannot be cancelled (409 `invoice_transition_not_allowed`). Another provider’s invoice answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "reason": "Wrong hourly rate"
                     *     }
                     */
                    "application/json": components["schemas"]["InvoiceCancel"];
                };
            };
            responses: {
                /** @description The cancelled invoice with its credit note */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{invoiceId}/credit-note/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A cancelled invoice’s credit note as PDF
         * @description The credit note (German “Stornorechnung”) that cancelled the invoice: its own number and date, the cancelled invoice’s number and date, the reason, and the invoice’s lines and totals as negative amounts. Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `CN-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied. 404 when the invoice has no credit note (it is not cancelled) and for another provider’s invoice.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment. */
                    inline?: "0" | "1";
                };
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{invoiceId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An invoice as PDF
         * @description The provider’s invoice as PDF, in any status: a draft is marked “Draft”/“Entwurf” and has no number yet; a paid invoice carries a “Paid” stamp with the date, a cancelled one a “Cancelled” stamp naming its credit note. Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `INV-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied. Another provider’s invoice answers 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment. */
                    inline?: "0" | "1";
                };
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{invoiceId}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a draft invoice
         * @description Finalises a draft: it gets the next number of the provider’s sequence (prefix and at least four digits; gapless and never reused, also under concurrent sends), the status `sent` and its issue date, and becomes immutable; the client sees it in the portal and gets an e-mail in the invoice’s language. With Stripe connected, creating, finalising and sending it in Stripe is queued with the send (`payment.status` `pending`) and happens in the background within seconds, retried with backoff when Stripe is away: the invoice’s `stripe.push` says how it went (`sent`, with `stripe.hostedUrl`; or `failed`, with `stripe.error`, after which the provider is notified), and the live invoice events tell the dashboard. 409 `invoice_transition_not_allowed` when it is not a draft; another provider’s invoice answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvoiceSent"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invoices/{invoiceId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change an invoice’s status
         * @description Marks a sent or overdue invoice `paid` (with `paidDate`, the day the money arrived: default today, never in the future) or a sent one `overdue`. Marking it paid closes it in Stripe (a background job: open Checkout sessions expired, the Stripe invoice marked paid out of band, `stripe.closing`); a card payment that still arrives is refunded automatically (`payments`). Statuses only move along the allowed transitions (draft → sent → paid | overdue | cancelled; overdue → paid | cancelled; paid and cancelled are final): anything else is 409 `invoice_transition_not_allowed` (`allowedStatuses` of the invoice lists what is possible now). Another provider’s invoice answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "paid",
                     *       "paidDate": "2026-11-20"
                     *     }
                     */
                    "application/json": components["schemas"]["InvoiceStatusChange"];
                };
            };
            responses: {
                /** @description The invoice */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notifications
         * @description The notification sheet (spec §2, §7): the newest 50 activity items of the caller’s projects, newest first, each with its project and client, title and description in the request language (`Accept-Language`), and whether the caller’s side has read it; with the unread count.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Notifications */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NotificationList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark notifications read
         * @description Spec §7 `mark_notifications_read`: marks the caller’s side’s unread notifications read, of `projectIds` or of all the caller’s projects (“Mark all read”). Projects that are not the caller’s change nothing. Returns how many changed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /** @example {} */
                    "application/json": components["schemas"]["MarkNotificationsRead"];
                };
            };
            responses: {
                /** @description How many were marked read */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MarkedRead"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unread notifications
         * @description How many notifications the caller’s side has not read (the bell’s badge; spec §9 refetches it every 30 s), and the newest feed position it can see.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UnreadCount"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard totals
         * @description The totals of the overview page (spec §3), computed in one SQL statement over the caller’s data only: clients; active projects (planning, in progress); pending invoices (sent, overdue); revenue from paid invoices in the provider currency (profile currency, else USD for English and EUR for German), with other currencies listed separately and never added up. `isEmpty` is true while the workspace has no portals, clients or projects. Not cacheable.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The totals */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Overview"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Stripe connection
         * @description Whether the signed-in provider’s own Stripe account is connected: its account id and name, test or live, the last four characters of the key (the key itself is never returned), and the webhook URL Stripe calls.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The connection */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StripeConnection"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Connect Stripe
         * @description Connects the provider’s Stripe account with a secret key (or a restricted key with write access to customers, invoices, invoice items, Checkout Sessions and webhook endpoints). The key is checked by reading the account first: 422 `stripe_key_invalid` when Stripe refuses it, 502 `stripe_unavailable` when Stripe cannot be reached. Without `webhookSecret` a webhook endpoint for `<PUBLIC_URL>/api/webhooks/stripe` is created in the account (422 with the field `webhookSecret` when Stripe refuses that URL: create the endpoint yourself and send its signing secret). Key and secret are stored encrypted. Replaces an earlier connection.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "secretKey": "sk_test_51Nxxxxxxxxxxxxxxxx"
                     *     }
                     */
                    "application/json": components["schemas"]["StripeConnect"];
                };
            };
            responses: {
                /** @description Connected */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StripeConnection"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Disconnect Stripe
         * @description Removes the connection and its stored secrets; the webhook endpoint we created in the account is deleted too when Stripe can be reached (best effort). Invoices already in Stripe stay there; events about them are no longer accepted.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Disconnected */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/stripe/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test the Stripe connection
         * @description Reads the connected Stripe account with the stored key, now: the account when Stripe accepts the key, 422 `stripe_key_invalid` when it refuses it (revoked or rolled), 502 `stripe_unavailable` when Stripe cannot be reached, 409 `stripe_not_connected` without a connection. Limited to 10 a minute per provider (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Stripe accepted the stored key */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "accountId": "acct_1NxYzExample",
                         *       "accountName": "Example Agency",
                         *       "livemode": false,
                         *       "checkedAt": "2026-12-07T09:00:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["StripeCheck"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider’s plan
         * @description The signed-in provider’s plan: `trial` (the 14 days from sign-up), `premium` (a Professional subscription that is active, trialing or past due) or `expired` (read-only until subscribed), with the subscription’s status and period as Stripe last reported them. `billingAvailable` is false when this server has no Stripe account of its own.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The plan */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Plan"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plan/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the subscription
         * @description Asks Stripe to end the subscription at the end of the period already paid (the plan stays premium until then). Returns the plan as it is now; `cancelAtPeriodEnd` turns true when Stripe’s webhook arrives. 409 `conflict` without a running subscription, 503 `billing_unavailable`, 502 `stripe_unavailable`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The plan */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Plan"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plan/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe to Professional
         * @description Starts Stripe Checkout (subscription mode, 9 EUR a month, on the platform’s Stripe account) and returns its URL; Stripe returns the provider to `/dashboard/settings?plan=success` (or `?plan=cancelled`). The plan turns premium when Stripe’s subscription webhook arrives. 503 `billing_unavailable` on a server without its own Stripe account, 409 `conflict` while a subscription is running, 502 `stripe_unavailable` when Stripe cannot be reached.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Where to subscribe */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CheckoutRedirect"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A portal’s branding (public)
         * @description What the portal’s login page shows before anyone signs in: name, logo URL, primary and secondary colour, the readable text colour on the primary colour, and the fallback language. Public and cacheable for a minute. An unknown portal answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The branding */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                         *       "name": "Analytical Studio",
                         *       "logoUrl": null,
                         *       "primaryColor": "#4f46e5",
                         *       "secondaryColor": "#0ea5e9",
                         *       "onPrimary": "#ffffff",
                         *       "language": "en"
                         *     }
                         */
                        "application/json": components["schemas"]["PortalBranding"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations (client)
         * @description Every conversation (one per project) with its newest message and the unread count of the caller’s side, the most recent first; projects without messages after them (at most 200).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Conversations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConversationList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The client’s dashboard
         * @description The signed-in client’s active projects (planning or in progress; up to 5) and unpaid invoices (sent or overdue; up to 5, earliest due first) with their counts and the unpaid totals per currency. Only the client’s own.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The dashboard */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalDashboard"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files (client)
         * @description A page of files, each with its latest version, what the caller may decide (`allowedDecisions`) and whether it may add a version. Filters: `projectId`, `status`, `uploadedBy`, `search` (contains, in the name); `statusCounts` counts the files per status under the other filters. Sorted by `sort` and `order`, paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422); `total` counts every match. Only the files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                    order?: "asc" | "desc";
                    projectId?: string;
                    /** @description Case-insensitive "contains" over the name. */
                    search?: string;
                    sort?: "name" | "status" | "updatedAt" | "createdAt" | "size";
                    /** @description Review state of the file’s latest version. */
                    status?: "pending_review" | "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested";
                    /** @description Which side. */
                    uploadedBy?: "provider" | "client";
                };
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Files */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file (client)
         * @description A file with every version (newest first), its history (uploads, versions and decisions with who, when, the version’s SHA-256 and the feedback; oldest first) and the feedback pinned to every version (`mine` for the caller’s side). Only files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileDetail"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide on a file (client)
         * @description Decides on the latest version of a file that waits for the caller’s side (`allowedDecisions`): the client approves, rejects or requests a revision of the provider’s files; the provider approves or rejects the client’s. Feedback is required to reject and to request a revision; pins (points of the version with feedback) may go with it. 409 `file_version_outdated` when `versionId` is not the latest version any more, 409 `file_decision_not_allowed` when the decision is not the caller’s to take now (also when another decision came first). The other side is notified live. Only files of the client’s own projects.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "versionId": "0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10",
                     *       "decision": "revision_requested",
                     *       "feedback": "Please use the darker blue.",
                     *       "pins": [
                     *         {
                     *           "page": 1,
                     *           "x": 0.42,
                     *           "y": 0.3,
                     *           "body": "This one"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FileDecisionInput"];
                };
            };
            responses: {
                /** @description The decided file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileDetail"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/pins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pin feedback to a point (client)
         * @description Pins feedback to a point of a version (any version of the file, at any time): `page` from 1 to the version’s last page (an image has one; a PDF whose pages are not counted yet, its preview pending or failed, only page 1; 422 naming `page` otherwise), `x` and `y` as fractions of the page’s width and height from its top left. At most 500 pins a version (409 `conflict`). Only files of the client’s own projects.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "versionId": "0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10",
                     *       "page": 1,
                     *       "x": 0.5,
                     *       "y": 0.25,
                     *       "body": "Larger here"
                     *     }
                     */
                    "application/json": components["schemas"]["FilePinInput"];
                };
            };
            responses: {
                /** @description Pinned */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FilePin"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a new version (client)
         * @description Uploads the next version of a file: the provider to any file, a client to the files it uploaded (403 `forbidden` otherwise, `canUploadVersion`). The file goes back to `pending_review`: a decision is about one version and never carried over; earlier versions and decisions stay in the history. A `multipart/form-data` body with one file in the field `file`. The type is decided by the bytes (the name and declared type are ignored): 415 `file_type_not_allowed` for anything else (SVG, HTML, executables, archives, macro-enabled or legacy binary Office files), 422 `file_empty` for zero bytes, 413 `payload_too_large` past 10 MB (checked while the body streams in). A refused or broken-off upload leaves nothing stored. The name is cleaned (base name, no control or invisible characters, at most 200 characters, the detected type’s extension). Only files of the client’s own projects.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description One file, at most 10 MB: an image (PNG, JPEG, GIF, WebP, AVIF, TIFF), a PDF or an office document (DOCX, XLSX, PPTX, ODT, ODS, ODP, RTF), decided by its content. Several files: one request each.
                         */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description The file with its new version */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileDetail"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/versions/{versionId}/annotated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a version with its feedback (client)
         * @description “Download with feedback”: the version as a PDF whose feedback is real PDF annotations, readable in any PDF reader. Every pin of the version is a sticky note (a /Text annotation) at its point of its page, with the pin’s text (/Contents), author (/T) and date (/M); every decision on the version is a note on page 1 with its feedback. A PDF keeps its pages; an image becomes a one-page PDF. Notes’ labels are in the request’s language. A document answers 404 `file_preview_unavailable`; 503 with `Retry-After` while the server’s PDF workers are all busy. Sent as an attachment (`<name>-feedback.pdf`). Only files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The annotated PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/versions/{versionId}/approval-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A version’s approval record (client)
         * @description The approval record of the version as a PDF, in the request’s language (Accept-Language: English or German): the file, project and client, the version (number, name, size, upload time and uploader, the SHA-256 of its bytes), every event of that version from the file’s history (who, which side, when, status before and after, feedback) and the feedback pinned to it, and when the record was made. Any kind of file has one. Sent as an attachment. Only files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The approval record */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/versions/{versionId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a version (client)
         * @description The version’s original bytes, streamed from the store, always as an attachment (never shown inline): its detected type, `Content-Disposition: attachment` with the file’s name (an ASCII fallback and `filename*` in UTF-8), `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy, `Cache-Control: private, no-store` and the SHA-256 as ETag. HEAD answers the same headers without opening the file. Only files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/versions/{versionId}/pages/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of a version (client)
         * @description Page `page` of the version as a WebP image, at most 1600 px on its long side: an image’s preview (page 1 only), or a PDF page. A PDF page not viewed before is rendered now (one at a time per account, in a process with hard limits; 503 with `Retry-After` when too many of the account’s pages wait) and kept for the next viewer. A page past the last answers 404 `not_found`; a document, or a file that could not be read, 404 `file_preview_unavailable`. Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600`. Only files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    /** @description Page number, from 1 (an image has one). */
                    page: number;
                    portalId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/files/{fileId}/versions/{versionId}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A version’s thumbnail (client)
         * @description The version’s thumbnail (about 480 px wide, WebP): an image, or the first page of a PDF. Made after the upload by a background job; until then, and for documents or files that could not be read, 404 `file_preview_unavailable` (see the version’s `preview.status`). Served with `nosniff`, a sandboxing policy and `Cache-Control: private, max-age=3600` (a version’s previews never change). Only files of the client’s own projects.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    portalId: string;
                    versionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The thumbnail */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/icon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A portal’s tab icon (public)
         * @description The icon the portal's pages name for the browser tab (`<link rel="icon">`): an SVG tile in the portal's primary colour with the first letter of its name in the readable text colour. Public like the branding; revalidated on every use (`ETag`), so a new name or colour shows at once. Served with `nosniff` and a `default-src 'none'` policy. An unknown portal answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The icon */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/svg+xml": string;
                    };
                };
                /** @description Unchanged since the `If-None-Match` version */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The client’s invoices
         * @description The signed-in client’s invoices (up to 200, newest first), drafts excluded: a draft is the provider’s own until it is sent. Only the client’s own.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invoices */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalInvoiceList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/invoices/{invoiceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an invoice (client)
         * @description One of the signed-in client’s invoices with its lines and taxes, and how to pay it: `card` (the pay button; the provider has Stripe connected), `instructions` (the provider’s payment instructions) or `none` (nothing to pay, or no way offered). Drafts and other clients’ invoices answer 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invoice */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalInvoiceDetail"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/invoices/{invoiceId}/credit-note/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A cancelled invoice’s credit note as PDF (client)
         * @description The credit note (German “Stornorechnung”) that cancelled one of the signed-in client’s invoices: the recipient keeps it with the invoice for their books. Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `CN-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied. 404 when the invoice has no credit note, and for drafts and other clients’ invoices.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment. */
                    inline?: "0" | "1";
                };
                header?: never;
                path: {
                    invoiceId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/invoices/{invoiceId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay an invoice (client)
         * @description Starts paying one of the signed-in client’s open invoices by card: returns the URL of a Stripe Checkout page in the provider’s Stripe account, for the invoice’s total and currency. After paying, Stripe returns the client to `<portal origin>/portal/{portalId}/payment-success?invoice={invoiceId}` (the portal’s verified custom domain when it has one); the invoice turns paid when Stripe’s webhook arrives (live on both sides). An open session of the invoice is reused; every session is closed (expired) when the invoice is cancelled or paid, and a payment that still gets through then is refunded automatically. Another client’s invoice and drafts answer 404; 409 `invoice_not_payable` unless the invoice is sent or overdue (also when it was cancelled or paid while the session was being made: that session is expired); 409 `stripe_not_connected` when the provider has not connected Stripe (the portal shows the payment instructions instead); 502 `stripe_unavailable` when Stripe cannot be reached.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    invoiceId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Where to pay */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CheckoutRedirect"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (the payment provider) failed or could not be reached */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/invoices/{invoiceId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An invoice as PDF (client)
         * @description One of the signed-in client’s own invoices as PDF (sent, overdue, paid or cancelled; a draft is the provider’s own and answers 404, as do other clients’ invoices). Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `INV-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment. */
                    inline?: "0" | "1";
                };
                header?: never;
                path: {
                    invoiceId: string;
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The client’s notifications
         * @description The notification sheet (spec §2, §7): the newest 50 activity items of the caller’s projects, newest first, each with its project and client, title and description in the request language (`Accept-Language`), and whether the caller’s side has read it; with the unread count. Only the client’s own projects, without what the provider keeps internal.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Notifications */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NotificationList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark notifications read (client)
         * @description Spec §7 `mark_notifications_read`: marks the caller’s side’s unread notifications read, of `projectIds` or of all the caller’s projects (“Mark all read”). Projects that are not the caller’s change nothing. Returns how many changed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /** @example {} */
                    "application/json": components["schemas"]["MarkNotificationsRead"];
                };
            };
            responses: {
                /** @description How many were marked read */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MarkedRead"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unread notifications (client)
         * @description How many notifications the caller’s side has not read (the bell’s badge; spec §9 refetches it every 30 s), and the newest feed position it can see.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UnreadCount"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set or change the client’s password
         * @description Sets a first password, or changes it (then `currentPassword` must be right: 422 `wrong_password` otherwise, at most 10 tries per 15 minutes). At least 6 characters (spec §5), not one of the 10,000 most common (422 `validation.passwordTooCommon`), confirmed. The client’s other sessions end; this one stays.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "currentPassword": "old secret",
                     *       "password": "new secret",
                     *       "confirmPassword": "new secret"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalPasswordInput"];
                };
            };
            responses: {
                /** @description The password was saved */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalPasswordChanged"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the client’s profile
         * @description Changes the signed-in client’s name (1–200 characters) and language (`en`, `de`; the portal and its e-mails follow it). Only the fields sent change.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "language": "de"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalProfileUpdate"];
                };
            };
            responses: {
                /** @description The updated client */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "0b7d6c5a-4e3f-4a2b-9c1d-8e7f6a5b4c3d",
                         *       "name": "Grace Hopper",
                         *       "email": "grace@example.com",
                         *       "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                         *       "language": "en",
                         *       "hasPassword": false
                         *     }
                         */
                        "application/json": components["schemas"]["PortalClient"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/portal/{portalId}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The client’s projects
         * @description The signed-in client’s projects (up to 200), active ones first, then by last change. Only the client’s own.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The projects */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalProjectList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the client’s projects
         * @description The project as the client sees it: without the provider’s internal notes, and with the budget only when the provider shares it. Another client’s project answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The project */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalProject"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/projects/{projectId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project’s activity (client)
         * @description A project’s activity feed, newest first: `before` a seq loads older items, `limit` up to 100 (default 50). Titles are in the request language. Without what the provider keeps internal.
         */
        get: {
            parameters: {
                query?: {
                    before?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    portalId: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Activity */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActivityPage"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/projects/{projectId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file (client)
         * @description Uploads a new file into the project; it starts `pending_review` (waiting for the other side's decision) and the other side is notified. A `multipart/form-data` body with one file in the field `file`. The type is decided by the bytes (the name and declared type are ignored): 415 `file_type_not_allowed` for anything else (SVG, HTML, executables, archives, macro-enabled or legacy binary Office files), 422 `file_empty` for zero bytes, 413 `payload_too_large` past 10 MB (checked while the body streams in). A refused or broken-off upload leaves nothing stored. The name is cleaned (base name, no control or invisible characters, at most 200 characters, the detected type’s extension). Only the client’s own projects.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description One file, at most 10 MB: an image (PNG, JPEG, GIF, WebP, AVIF, TIFF), a PDF or an office document (DOCX, XLSX, PPTX, ODT, ODS, ODP, RTF), decided by its content. Several files: one request each.
                         */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description Uploaded */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileSummary"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/projects/{projectId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a project’s conversation (client)
         * @description A page of the project’s conversation, oldest first within the page (newest page first): `before` a seq loads older messages, `limit` up to 100 (default 30); `lastReadSeq` is how far the caller’s side has read. Text is plain; render it as text, never as HTML. Only the client’s own projects.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only messages with a smaller seq. */
                    before?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    portalId: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Messages */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MessagePage"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Send a message (client)
         * @description Writes a message to the project’s conversation (plain text, 1 to 5,000 characters). `clientMessageId` is made once per message by the sender: sending again with the same id returns the stored message (200) instead of a second one (201), so a retry after a lost answer is safe. The other side is notified live, and by e-mail if it is still unread after a few minutes. Only the client’s own projects.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "clientMessageId": "0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10",
                     *       "body": "The first draft is ready."
                     *     }
                     */
                    "application/json": components["schemas"]["MessageInput"];
                };
            };
            responses: {
                /** @description Sent before (the same clientMessageId) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                /** @description Sent */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/projects/{projectId}/messages/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a conversation read (client)
         * @description Marks the conversation read by the caller’s side up to `upToSeq` (never backwards), and the message notifications it covers. A message still unread after a few minutes is e-mailed; one read meanwhile is not.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MarkConversationRead"];
                };
            };
            responses: {
                /** @description The read position */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReadPosition"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The client’s quotes
         * @description The signed-in client’s quotes (up to 100, newest first) with their lines and totals; drafts are the provider’s own until sent. Only the client’s own.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The quotes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalQuoteList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/quotes/{quoteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the client’s quotes
         * @description One of the signed-in client’s sent quotes, with the SHA-256 of its canonical content (what accepting names) and the decision once taken. Drafts and other clients’ quotes answer 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The quote */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalQuote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/quotes/{quoteId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a quote (client)
         * @description The signed-in client accepts one of their sent quotes while it is valid, naming the `contentSha256` they were shown (409 `quote_changed` when it is not the quote's). The acceptance records the client (id, name, e-mail), the time, the address the request came from (`TRUST_PROXY`'s rules) and the hash; the provider is notified live and by a `quote.accepted` webhook event. Nothing is written when it is refused: 409 `quote_already_decided` (accepted or declined before), 409 `quote_expired` (past its validity date), 404 for a draft or another client’s quote.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteAccept"];
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalQuote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/quotes/{quoteId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline a quote (client)
         * @description The signed-in client declines one of their sent quotes while it is valid, with an optional reason; recorded as an acceptance is (who, when, from where). Nothing is written when it is refused: 409 `quote_already_decided` (accepted or declined before), 409 `quote_expired` (past its validity date), 404 for a draft or another client’s quote.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteDecline"];
                };
            };
            responses: {
                /** @description Declined */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalQuote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/quotes/{quoteId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A quote as PDF (client)
         * @description One of the signed-in client’s sent quotes as PDF (drafts and other clients’ quotes answer 404). Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `INV-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment. */
                    inline?: "0" | "1";
                };
                header?: never;
                path: {
                    portalId: string;
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current portal session
         * @description The signed-in client and the session’s dates, for the portal’s guard. 401 without a live session of this portal. A session of ANOTHER portal is ended and recorded as a security event (spec §5), then answered with the same 401.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "client": {
                         *         "id": "0b7d6c5a-4e3f-4a2b-9c1d-8e7f6a5b4c3d",
                         *         "name": "Grace Hopper",
                         *         "email": "grace@example.com",
                         *         "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                         *         "language": "en",
                         *         "hasPassword": false
                         *       },
                         *       "expiresAt": "2026-11-28T10:00:00.000Z",
                         *       "createdAt": "2026-11-21T10:00:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PortalSessionInfo"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends this portal session (its token stops working at once) and records the logout in the portal’s events.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ok": true,
                         *       "endedSessions": 1
                         *     }
                         */
                        "application/json": components["schemas"]["PortalSignedOut"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/{portalId}/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of all devices
         * @description Ends every portal session of the client, this one included, and records the logout in the portal’s events.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out everywhere */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ok": true,
                         *       "endedSessions": 3
                         *     }
                         */
                        "application/json": components["schemas"]["PortalSignedOut"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a client a sign-in link
         * @description Finds the client by e-mail (in `portalId`, or in every portal) and sends the portal’s branded e-mail in the client’s language with a link to `/portal/auth?token=…` (or `/auth?token=…` when asked on the portal’s verified custom domain, or `<returnTo>#cp_magic=<token>&cp_portal=<portalId>` when asked inside the widget): valid 24 hours, once; any earlier unused link the client asked for stops working, but never an invitation the provider sent (it works until used or expired). 422 with the field `returnTo` when its origin is not one of the portal’s allowed website origins, or `portalId` is missing with it (nothing is sent). 404 `portal_account_not_found` / `account_not_found` carry the spec’s “Access Denied” texts. 503 `magic_link_failed` when the e-mail cannot be sent (the link is discarded). Only where the development outbox is on (outside production, without a mail key) and for a request from the machine itself (unless `DEV_HELPERS_REMOTE=true`): `outboxUrl` says where to read the delivered e-mail, or, when it could not be delivered, `demoLink` returns the link (spec’s “Email Error - Demo Link”). Limited per source: 5 per 15 minutes for one e-mail (so a stranger elsewhere cannot use up the client’s own requests) and 30 for any e-mails; and 30 per hour for one e-mail from everywhere together.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "grace@example.com",
                     *       "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalMagicLinkRequest"];
                };
            };
            responses: {
                /** @description The e-mail was sent (or stored in the development outbox) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "ok": true,
                         *       "expiresAt": "2026-11-22T10:00:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PortalMagicLinkSent"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Service unavailable */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/magic-link/consume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a magic link
         * @description Uses the token from the e-mailed link once and starts a 7-day portal session. Only this POST uses it (the portal’s “Continue” button), so mail scanners that open the link cannot. 400 `invalid_token` for an unknown, used, superseded or expired token, or one of another portal than `portalId`. The login is recorded in the portal’s events (`method: magic_link`). Limited to 30 per 15 minutes per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "token": "q3Jm0c2uX9…"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalMagicLinkConsume"];
                };
            };
            responses: {
                /** @description Signed in: store this as `portal_client_session` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "client": {
                         *         "id": "0b7d6c5a-4e3f-4a2b-9c1d-8e7f6a5b4c3d",
                         *         "name": "Grace Hopper",
                         *         "email": "grace@example.com",
                         *         "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                         *         "language": "en",
                         *         "hasPassword": false
                         *       },
                         *       "token": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6.a2b4c6d8e0f2g4h6i8j0k2l4m6n8o0p2",
                         *       "expiresAt": "2026-11-28T10:00:00.000Z",
                         *       "createdAt": "2026-11-21T10:00:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PortalSession"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/password-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether a client can sign in with a password
         * @description Spec’s `client_has_password`: true when the client with this e-mail (in `portalId`, or in any portal) has a password, so the login page offers password sign-in. A POST so the address stays out of URLs. Limited per source: 30 per 15 minutes for one e-mail and 120 for any e-mails; and 300 per hour for one e-mail from everywhere together.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "grace@example.com",
                     *       "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalPasswordStatusRequest"];
                };
            };
            responses: {
                /** @description The answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalPasswordStatus"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portal/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description Spec’s `authenticate_client_password`: starts a 7-day portal session for the client with this e-mail (in `portalId`, or the one in any portal whose password matches). 401 `invalid_credentials` for a wrong pair, an unknown e-mail or a client without a password (same answer, same time). The login is recorded in the portal’s events (`method: password`). Limited per source: 10 attempts per 15 minutes for one e-mail (so a stranger elsewhere cannot lock the client out) and 50 for any e-mails; and 100 per hour for one e-mail from everywhere together.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "grace@example.com",
                     *       "password": "a secret",
                     *       "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalSignInInput"];
                };
            };
            responses: {
                /** @description Signed in: store this as `portal_client_session` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "client": {
                         *         "id": "0b7d6c5a-4e3f-4a2b-9c1d-8e7f6a5b4c3d",
                         *         "name": "Grace Hopper",
                         *         "email": "grace@example.com",
                         *         "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                         *         "language": "en",
                         *         "hasPassword": false
                         *       },
                         *       "token": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6.a2b4c6d8e0f2g4h6i8j0k2l4m6n8o0p2",
                         *       "expiresAt": "2026-11-28T10:00:00.000Z",
                         *       "createdAt": "2026-11-21T10:00:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["PortalSession"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your portals
         * @description Your branded portals, newest first, each with its standalone URL, logo URL, custom-domain state, client count and the WCAG contrast of its colours.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The portals */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a portal
         * @description Creates a branded portal: name (1–80 characters), primary and secondary colour (`#rrggbb`), and up to 10 website origins allowed to embed it (https, or http://localhost:port for development; paths are dropped). The logo is uploaded separately (`PUT /api/portals/{portalId}/logo`).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "portalName": "Analytical Studio",
                     *       "primaryColor": "#4f46e5",
                     *       "secondaryColor": "#0f766e",
                     *       "allowedOrigins": [
                     *         "https://ada.studio"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PortalCreateInput"];
                };
            };
            responses: {
                /** @description The new portal */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portals/{portalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a portal
         * @description One of your portals; another provider’s portal answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The portal */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a portal
         * @description Deletes the portal with its clients and their projects and invoices, its logo and its custom domain; the response counts what was deleted. Another provider’s portal answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description What was deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PortalDeleted"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a portal
         * @description Changes only the fields sent (name, colours, allowed origins; the list replaces the old one). Unknown fields are rejected. Another provider’s portal answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "primaryColor": "#0f766e"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalUpdateInput"];
                };
            };
            responses: {
                /** @description The updated portal */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/portals/{portalId}/domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a custom domain
         * @description Claims a custom domain for the portal (a host name such as `portal.example-agency.com`, lower-cased; not the platform’s own host). A claim is not ownership: several portals may claim the same domain, each with its own token, and the first to verify it wins (409 `domain_taken` only when another portal already has it verified). The domain starts as `pending` and the claim expires 7 days later unless verified (`customDomain.expiresAt`); `customDomain.records` lists the two DNS records to create: a CNAME to the platform host and a TXT record `_clientportal-verify.<domain>` holding the portal’s verification token. Sending the same domain again keeps its token.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "domain": "portal.example-agency.com"
                     *     }
                     */
                    "application/json": components["schemas"]["DomainInput"];
                };
            };
            responses: {
                /** @description The portal with its pending domain */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove the custom domain
         * @description The portal stops answering on its custom domain (other instances within 30 seconds) and stays reachable at its portal URL.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The portal without domain */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portals/{portalId}/domain/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the custom domain
         * @description Looks up the TXT record `_clientportal-verify.<domain>` now. `customDomain.status` becomes `verified` when it holds the portal’s token, else `failed` with `customDomain.error`: `ENOTFOUND` (the name does not exist), `ENODATA` (no TXT record yet), `wrong_value` (a TXT record without the token) or another resolver code. The first portal to verify a domain wins: a claim another portal verified first reads `taken` (and is not looked up). For a domain that is already verified this is the periodic re-check run now: it stops being served only when consecutive checks find the record gone (the first sets `error`). DNS changes can take a while to appear. Each call makes DNS lookups, so it is rate limited: 10 per portal and 30 per provider in 10 minutes (429 `rate_limited`, `Retry-After` in seconds). 404 when the portal has no domain or its claim expired.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The portal with the outcome */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portals/{portalId}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A portal’s logo (public)
         * @description The logo as WebP (streamed from the file store), public because the portal login page shows it. Served with `nosniff` and a `default-src 'none'` policy. With `?v=` naming the current version (as in `logoUrl`) it may be cached for a year; otherwise it is revalidated.
         */
        get: {
            parameters: {
                query?: {
                    v?: string;
                };
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The logo */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Upload the portal logo
         * @description A `multipart/form-data` body with the file in the field `logo`: PNG, JPEG, WebP or GIF by content (the file name and declared type are ignored; SVG is refused), at most 2 MB (413 `payload_too_large`, checked while the body streams in). The image is re-encoded to WebP of at most 512×512 pixels and stored under a generated name; the old logo is removed. Returns the portal with its new `logoUrl`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description PNG, JPEG, WebP or GIF, at most 2 MB.
                         */
                        logo: string;
                    };
                };
            };
            responses: {
                /** @description The portal with its new logo */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove the portal logo
         * @description Removes the logo file; the portal shows its name instead. Another provider’s portal answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The portal without logo */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Portal"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portals/{portalId}/widget-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Identity handoff status of a portal
         * @description Whether the portal has a widget signing secret (identity handoff), when it was created and its last four characters. The secret itself is shown only once, when it is created. Another provider’s portal answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WidgetSecretStatus"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create or rotate the widget signing secret
         * @description Creates the portal’s signing secret for identity handoff, or replaces it: tokens signed with the previous secret are refused from now on. The response is the only time the secret is shown; store it in your backend. Another provider’s portal answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The new secret (shown once) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WidgetSecretCreated"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Turn identity handoff off
         * @description Deletes the portal’s signing secret: handoff tokens are refused (`handoff_not_configured`) until a new secret is created. Clients can still sign in inside the widget by password or magic link. Another provider’s portal answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Turned off */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your profile
         * @description The signed-in provider’s profile with the account e-mail. 404 `profile_not_found` ("Profile not found", spec §8) when the account has no profile. Not cacheable.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The profile */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Profile"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update your profile
         * @description Changes only the fields sent: full name (1–120 characters), business name (up to 120; empty clears it), website (http or https URL up to 300 characters; empty clears it), preferred language (`en`, `de`) and currency (ISO 4217, or null to follow the language). Unknown fields are rejected. Returns the updated profile; the dashboard then shows "Profile updated successfully" (spec §8).
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProfileUpdateInput"];
                };
            };
            responses: {
                /** @description The updated profile */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Profile"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your projects
         * @description One page of your projects with their client and unread messages: filter by `status` and `clientId`, `search` the name (case-insensitive, contains), `sort` by name, status, startDate, endDate, updatedAt or createdAt, `order`. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor` with the same sort and order (another sort’s cursor answers 422). `total` counts every match.
         */
        get: {
            parameters: {
                query?: {
                    clientId?: string;
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                    order?: "asc" | "desc";
                    /** @description Case-insensitive "contains" over the name. */
                    search?: string;
                    sort?: "name" | "status" | "startDate" | "endDate" | "updatedAt" | "createdAt";
                    /** @description Spec §4 project statuses. */
                    status?: "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of projects */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProjectList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a project
         * @description Creates a project for one of your clients: name and client required; status (default planning), budget in minor units of your currency, start and end date (`YYYY-MM-DD`, the end not before the start), description (shown to the client), internal notes (never shown to the client) and whether the client sees the budget. A client that is not yours answers 404. The client is notified in the portal.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Website relaunch",
                     *       "clientId": "3f1c9a2b-0000-4000-8000-000000000000",
                     *       "status": "in_progress",
                     *       "budgetCents": 1250000,
                     *       "startDate": "2026-12-01",
                     *       "endDate": "2027-02-28"
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectCreateInput"];
                };
            };
            responses: {
                /** @description The new project */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Project"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project
         * @description One of your projects with its client and unread messages. Another provider’s project answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The project */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Project"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a project
         * @description Deletes the project with its conversation and activity. Its invoices stay (their numbers belong to your books), without the project. Another provider’s project answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProjectDeleted"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a project
         * @description Changes only the fields sent (empty strings clear the optional texts, null clears a date or the budget). The end date may not be before the start date, stored or sent (422 on `endDate`). A project with messages keeps its client (409 `project_client_locked`). A status change, and any change the client can see, is shown to the client. Another provider’s project answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "completed"
                     *     }
                     */
                    "application/json": components["schemas"]["ProjectUpdateInput"];
                };
            };
            responses: {
                /** @description The project */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Project"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/projects/{projectId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project’s activity
         * @description A project’s activity feed, newest first: `before` a seq loads older items, `limit` up to 100 (default 50). Titles are in the request language.
         */
        get: {
            parameters: {
                query?: {
                    before?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Activity */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActivityPage"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file
         * @description Uploads a new file into the project; it starts `pending_review` (waiting for the other side's decision) and the other side is notified. A `multipart/form-data` body with one file in the field `file`. The type is decided by the bytes (the name and declared type are ignored): 415 `file_type_not_allowed` for anything else (SVG, HTML, executables, archives, macro-enabled or legacy binary Office files), 422 `file_empty` for zero bytes, 413 `payload_too_large` past 10 MB (checked while the body streams in). A refused or broken-off upload leaves nothing stored. The name is cleaned (base name, no control or invisible characters, at most 200 characters, the detected type’s extension). Another provider’s project answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description One file, at most 10 MB: an image (PNG, JPEG, GIF, WebP, AVIF, TIFF), a PDF or an office document (DOCX, XLSX, PPTX, ODT, ODS, ODP, RTF), decided by its content. Several files: one request each.
                         */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description Uploaded */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileSummary"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a project’s conversation
         * @description A page of the project’s conversation, oldest first within the page (newest page first): `before` a seq loads older messages, `limit` up to 100 (default 30); `lastReadSeq` is how far the caller’s side has read. Text is plain; render it as text, never as HTML. Another provider’s project answers 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Only messages with a smaller seq. */
                    before?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Messages */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MessagePage"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Send a message
         * @description Writes a message to the project’s conversation (plain text, 1 to 5,000 characters). `clientMessageId` is made once per message by the sender: sending again with the same id returns the stored message (200) instead of a second one (201), so a retry after a lost answer is safe. The other side is notified live, and by e-mail if it is still unread after a few minutes. Another provider’s project answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "clientMessageId": "0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10",
                     *       "body": "The first draft is ready."
                     *     }
                     */
                    "application/json": components["schemas"]["MessageInput"];
                };
            };
            responses: {
                /** @description Sent before (the same clientMessageId) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                /** @description Sent */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Message"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{projectId}/messages/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a conversation read
         * @description Marks the conversation read by the caller’s side up to `upToSeq` (never backwards), and the message notifications it covers. A message still unread after a few minutes is e-mailed; one read meanwhile is not.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MarkConversationRead"];
                };
            };
            responses: {
                /** @description The read position */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReadPosition"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List quotes
         * @description A page of the provider’s quotes, newest first (`limit`, default 50, at most 100; `nextCursor` continues the list as `cursor`). Filters: `status` (`expired`: sent and past its validity date), `clientId`, `q` (contains, in the number and the description). Only the provider’s own quotes.
         */
        get: {
            parameters: {
                query?: {
                    clientId?: string;
                    cursor?: string;
                    limit?: number;
                    /** @description Searches number and description. */
                    q?: string;
                    /** @description Quote status; `expired`: sent, and its validity date has passed. */
                    status?: "draft" | "sent" | "accepted" | "declined" | "expired";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Quotes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["QuoteList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a draft quote
         * @description A new draft quote for one of the provider’s clients, with lines as an invoice’s (amounts and totals computed by the server in minor units; a total over 999,999.99 is 422 `invoice_total_too_large`). Defaults: the currency from the profile (else EUR for German, USD for English), the client’s language, valid until today plus the settings’ `defaultQuoteValidDays`. Another provider’s client or project answers 404; a project of another client 422. A draft has no number and is not visible to the client.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "clientId": "0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10",
                     *       "validUntil": "2026-12-31",
                     *       "lines": [
                     *         {
                     *           "description": "Website redesign",
                     *           "quantityMilli": 40000,
                     *           "unitPriceCents": 9000,
                     *           "taxRateBp": 1900,
                     *           "unit": "hour"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["QuoteCreate"];
                };
            };
            responses: {
                /** @description The draft */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Quote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{quoteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a quote
         * @description One of the provider’s quotes with its lines, totals, legal details, the SHA-256 of its canonical content (once sent), the client’s decision (who, when, from which address, which content) and the invoices made from it. Another provider’s quote answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The quote */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Quote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a draft quote
         * @description Deletes a draft quote with its lines. A sent quote has a number and stays (409 `quote_not_editable`). Another provider’s quote answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a draft quote
         * @description Changes the fields sent; `lines` replaces every line (and the totals). A sent quote is immutable: 409 `quote_not_editable`. Another provider’s quote answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteUpdate"];
                };
            };
            responses: {
                /** @description The draft */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Quote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/quotes/{quoteId}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an invoice of an accepted quote
         * @description Creates a DRAFT invoice from an accepted quote (the client, project, currency, language, supply dates and tax mode of the quote), to be checked and sent as any invoice. `part`: `full` (the quote’s lines), `deposit` with `depositPercent` (1–99; one line per VAT group), or `rest` after a deposit (one line per VAT group for what the deposit left). A deposit and its rest add up to the quote’s total exactly to the cent. Each part is invoiced once (a cancelled invoice frees its part again): otherwise, or when the quote is not accepted, 409 `quote_not_invoiceable`. Another provider’s quote answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path: {
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "part": "deposit",
                     *       "depositPercent": 30
                     *     }
                     */
                    "application/json": components["schemas"]["QuoteInvoiceCreate"];
                };
            };
            responses: {
                /** @description The draft invoice */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invoice"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{quoteId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A quote as PDF
         * @description The provider’s quote as PDF, in any status: a draft is marked “Draft”/“Entwurf” without a number; a sent quote says until when it is valid and its SHA-256; an accepted or declined one carries a stamp and the acceptance record (who, when, from which address, the hash accepted). Sent as `application/pdf` with `Content-Disposition: attachment` and a safe file name (the number: `INV-0001.pdf`; an ASCII `filename` and the exact `filename*`), or `inline` with `?inline=1`; `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store`; an attachment also carries a sandboxing Content-Security-Policy (an inline PDF cannot have one: browsers do not run their PDF viewer in a sandboxed document). The PDF is made now from the stored invoice, in the invoice’s language (English or German: labels, dates, amounts), with the provider’s business details and invoice settings, the client, and the logo and colours of the client’s portal; Inter is embedded, so umlauts, ß and € render and can be copied. Another provider’s quote answers 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1`: `Content-Disposition: inline` (open in the browser’s PDF viewer); default attachment. */
                    inline?: "0" | "1";
                };
                header?: never;
                path: {
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The PDF */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": string;
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/quotes/{quoteId}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a draft quote
         * @description Finalises a draft quote: it gets the next number of the provider’s quote sequence (`quotePrefix` and at least four digits, gapless and never reused), the status `sent`, its issue date, the seller’s and buyer’s details as they are now, and the SHA-256 of its canonical content (`contentSha256`); it becomes immutable, the client sees it in the portal and gets an e-mail in the quote’s language with a link to it. 409 `quote_transition_not_allowed` when it is not a draft; 422 on `validUntil` when that day has passed. Another provider’s quote answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    quoteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Sent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Quote"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join the waitlist
         * @description Adds an e-mail (and optional name) to the launch waitlist. 201 for a new entry, 200 with `alreadyOnList: true` when the address is already on it (nothing changes). Limited to 20 per hour per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "name": "Ada"
                     *     }
                     */
                    "application/json": components["schemas"]["WaitlistInput"];
                };
            };
            responses: {
                /** @description Already on the waitlist */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "joined": true,
                         *       "alreadyOnList": true
                         *     }
                         */
                        "application/json": components["schemas"]["WaitlistResponse"];
                    };
                };
                /** @description Added to the waitlist */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WaitlistResponse"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your webhook endpoints
         * @description Your webhook endpoints, newest first, without their secrets. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of endpoints */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "items": [
                         *         {
                         *           "id": "7d2c1f0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f",
                         *           "url": "https://hooks.example.com/client-portal",
                         *           "description": "Bookkeeping sheet",
                         *           "eventTypes": [
                         *             "invoice.sent",
                         *             "invoice.paid"
                         *           ],
                         *           "enabled": true,
                         *           "disabledReason": null,
                         *           "failingSince": null,
                         *           "previousSecretExpiresAt": null,
                         *           "createdAt": "2026-12-07T10:15:00.000Z",
                         *           "updatedAt": "2026-12-07T10:15:00.000Z"
                         *         }
                         *       ],
                         *       "nextCursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookEndpointList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Adds an endpoint that receives the chosen events, signed per the Standard Webhooks specification. The answer carries the signing secret (`whsec_…`) — the only time it is shown. The URL must be an absolute https URL (http only outside production), at most 2,048 characters, and must not point to a private, loopback, link-local or other internal address (422 with the reason on `url`). At most 20 endpoints (422 `webhook_endpoint_limit`).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Makes a retry safe: a repeat with the same key and the same request within 24 h answers the first 2xx answer again (`Idempotent-Replayed: true`) and creates nothing; the same key with another request answers 422 `idempotency_key_reused`, and while the first request still runs, 409 `idempotency_key_in_progress`. Printable ASCII, up to 255 characters (e.g. a UUID). */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://hooks.example.com/client-portal",
                     *       "description": "Bookkeeping sheet",
                     *       "eventTypes": [
                     *         "invoice.sent",
                     *         "invoice.paid"
                     *       ],
                     *       "enabled": true
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointCreateInput"];
                };
            };
            responses: {
                /** @description The new endpoint with its signing secret (shown once) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d2c1f0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f",
                         *       "url": "https://hooks.example.com/client-portal",
                         *       "description": "Bookkeeping sheet",
                         *       "eventTypes": [
                         *         "invoice.sent",
                         *         "invoice.paid"
                         *       ],
                         *       "enabled": true,
                         *       "disabledReason": null,
                         *       "failingSince": null,
                         *       "previousSecretExpiresAt": null,
                         *       "createdAt": "2026-12-07T10:15:00.000Z",
                         *       "updatedAt": "2026-12-07T10:15:00.000Z",
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8dTb4NhMuKQ="
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookEndpointCreated"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One of your endpoints, without its secret. Another provider’s endpoint answers 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The endpoint */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d2c1f0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f",
                         *       "url": "https://hooks.example.com/client-portal",
                         *       "description": "Bookkeeping sheet",
                         *       "eventTypes": [
                         *         "invoice.sent",
                         *         "invoice.paid"
                         *       ],
                         *       "enabled": true,
                         *       "disabledReason": null,
                         *       "failingSince": null,
                         *       "previousSecretExpiresAt": null,
                         *       "createdAt": "2026-12-07T10:15:00.000Z",
                         *       "updatedAt": "2026-12-07T10:15:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookEndpoint"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint with its delivery log; deliveries still waiting for a retry are dropped. Another provider’s endpoint answers 404.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes the fields sent: URL (checked as on creation), description, events, enabled. Turning an endpoint the platform switched off (`disabledReason: failing`) on again starts its failure count anew. Another provider’s endpoint answers 404.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "eventTypes": [
                     *         "invoice.paid"
                     *       ],
                     *       "enabled": true
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointUpdateInput"];
                };
            };
            responses: {
                /** @description The changed endpoint */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d2c1f0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f",
                         *       "url": "https://hooks.example.com/client-portal",
                         *       "description": "Bookkeeping sheet",
                         *       "eventTypes": [
                         *         "invoice.sent",
                         *         "invoice.paid"
                         *       ],
                         *       "enabled": true,
                         *       "disabledReason": null,
                         *       "failingSince": null,
                         *       "previousSecretExpiresAt": null,
                         *       "createdAt": "2026-12-07T10:15:00.000Z",
                         *       "updatedAt": "2026-12-07T10:15:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookEndpoint"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/webhook-endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint’s delivery log
         * @description The endpoint’s deliveries, newest first: the event (type and id, the `webhook-id` sent), its state, and its latest 20 attempts (time, attempt number, status code, duration, the first 2 KB of the answer, the error when no answer came). Paged by cursor: `limit` up to 100 (default 50). Another provider’s endpoint answers 404.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Opaque: the `nextCursor` of the previous page, sent with the same sort and order (a cursor made for another sort or order answers 422). Omit it for the first page. */
                    cursor?: string;
                    /** @description Items per page, 1–100 (default 50). */
                    limit?: number;
                };
                header?: never;
                path: {
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of deliveries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "items": [
                         *         {
                         *           "id": "1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
                         *           "eventId": "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
                         *           "eventType": "invoice.paid",
                         *           "status": "succeeded",
                         *           "attempts": 2,
                         *           "createdAt": "2026-12-07T10:15:00.000Z",
                         *           "updatedAt": "2026-12-07T10:15:06.000Z",
                         *           "log": [
                         *             {
                         *               "id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d",
                         *               "attempt": 2,
                         *               "manual": false,
                         *               "statusCode": 200,
                         *               "durationMs": 84,
                         *               "responseBody": "{\"ok\":true}",
                         *               "error": null,
                         *               "createdAt": "2026-12-07T10:15:06.000Z"
                         *             }
                         *           ]
                         *         }
                         *       ],
                         *       "nextCursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookDeliveryList"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver an event
         * @description Sends the delivery’s event to the endpoint again, at once and once (not retried), with the same body and `webhook-id`, signed afresh; the attempt appears in the log. Another provider’s endpoint or delivery answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: string;
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Queued */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deliveryId": "1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
                         *       "eventId": "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookDeliveryQueued"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint’s signing secret
         * @description Makes a new signing secret and answers it (shown once). For the next 24 hours every delivery carries two signatures in `webhook-signature`, one with the old secret and one with the new, so the receiver can switch without losing an event (`previousSecretExpiresAt` says until when). Another provider’s endpoint answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The endpoint with its new signing secret (shown once) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": "7d2c1f0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f",
                         *       "url": "https://hooks.example.com/client-portal",
                         *       "description": "Bookkeeping sheet",
                         *       "eventTypes": [
                         *         "invoice.sent",
                         *         "invoice.paid"
                         *       ],
                         *       "enabled": true,
                         *       "disabledReason": null,
                         *       "failingSince": null,
                         *       "previousSecretExpiresAt": "2026-12-08T10:15:00.000Z",
                         *       "createdAt": "2026-12-07T10:15:00.000Z",
                         *       "updatedAt": "2026-12-07T10:15:00.000Z",
                         *       "secret": "whsec_pQ3nXk2mZr7YtV0wq6sB1Hc8dLjE4uFa9GiNoKlRsTU="
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookEndpointCreated"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-endpoints/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a `webhook.test` event to the endpoint, at once and once, whatever events it subscribes to and even while it is turned off; the attempt appears in the delivery log. Another provider’s endpoint answers 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    endpointId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Queued */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "deliveryId": "1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
                         *       "eventId": "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a"
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookDeliveryQueued"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payment required (`plan_required`): the trial ended without a subscription; the account is read-only until you subscribe (`POST /api/plan/checkout`). */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe webhook
         * @description Where Stripe delivers events: of the platform’s own account (plan subscriptions) and of every provider’s connected account (their invoices). No session: the `Stripe-Signature` header is verified on the raw body with the platform’s signing secret, else with the stored secret of the provider the event names; anything else answers 400 `stripe_webhook_invalid` and changes nothing. Each event id is processed once (a repeated delivery answers 200 with `duplicate: true`); statuses only move forward, so deliveries in any order give the same result. `invoice.paid` and a paid `checkout.session.completed` of a session we made mark our invoice paid (and queue closing it in Stripe: other Checkout sessions expired, the Stripe invoice settled); the same events for an invoice already cancelled or paid another way are recorded as a late payment and refunded automatically by a background job (the provider and the client are notified; the provider is asked to refund by hand if Stripe keeps refusing); `invoice.payment_failed` is recorded only, `invoice.voided` only updates the Stripe state we show; `customer.subscription.*` set the provider’s plan.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "stripe-signature"?: string;
                };
                path?: never;
                cookie?: never;
            };
            /** @description The event exactly as Stripe sent it (JSON; verified as raw bytes). */
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description Accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StripeWebhookReceived"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Payload too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/widget/{portalId}/embedding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * May this website show the portal? (public)
         * @description Asked by the widget’s runtime (`/widget/embed.js`) before it frames the portal: whether `origin`, the page’s own origin, is one of the portal’s allowed website origins (the same list its `Content-Security-Policy: frame-ancestors` names), with the portal’s name and primary colour for the launcher and the dialog. A website that is not allowed gets a short message instead of a frame the browser would refuse, and the page’s console says which origin to add. Public and readable from any website (`Access-Control-Allow-Origin: *`, no credentials); an allowed answer may be cached for a minute, a refusal is never cached (so it ends as soon as the origin is added). An unknown portal answers 404.
         */
        get: {
            parameters: {
                query: {
                    /** @description The origin of the page the widget runs on (`location.origin`). */
                    origin: string;
                };
                header?: never;
                path: {
                    portalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The answer for this origin */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "allowed": true,
                         *       "portalName": "Analytical Studio",
                         *       "primaryColor": "#4f46e5"
                         *     }
                         */
                        "application/json": components["schemas"]["WidgetEmbedding"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/widget/handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a handoff token for a portal session
         * @description Identity handoff (single sign-on) for the embedded portal: the provider’s backend signs a JWT with the portal’s widget secret (HS256; `sub` the client’s e-mail, `aud` the portal id, `iat`, `exp` at most 10 minutes later, a unique `jti`), the widget hands it to the portal frame, and the frame exchanges it here for a 7-day portal session (recorded as a login with `method: handoff`). Each token works once. With `include`, the response also carries that page’s data for the new session (`included`), so the frame renders its first screen without another request. Rejections: 400 `handoff_invalid` (malformed, not HS256, a claim missing, lifetime over 10 minutes, issued in the future), 401 `handoff_bad_signature`, 401 `handoff_wrong_audience`, 401 `handoff_expired`, 401 `handoff_replayed`, 403 `handoff_not_configured` (the portal has no secret), 404 `handoff_unknown_client` (no client with that e-mail in the portal), 404 `not_found` (no such portal). Limited to 60 exchanges per 15 minutes per IP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                     *       "token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJncmFjZUBleGFtcGxlLmNvbSIsImF1ZCI6IjZmMWMyYThlLTRiN2QtNGUzZi05YTBiLTFjMmQzZTRmNWE2YiIsImlhdCI6MTc2MzcxOTIwMCwiZXhwIjoxNzYzNzE5NTAwLCJqdGkiOiIyYjNjNGQ1ZSJ9.5mZ8m8xW2m0ZkQ7bUuC2xQy8n1m3a6rK4vYt9pL0sH4"
                     *     }
                     */
                    "application/json": components["schemas"]["WidgetHandoffInput"];
                };
            };
            responses: {
                /** @description Signed in: the frame keeps this as `portal_client_session` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "client": {
                         *         "id": "0b7d6c5a-4e3f-4a2b-9c1d-8e7f6a5b4c3d",
                         *         "name": "Grace Hopper",
                         *         "email": "grace@example.com",
                         *         "portalId": "6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b",
                         *         "language": "en",
                         *         "hasPassword": false
                         *       },
                         *       "token": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6.a2b4c6d8e0f2g4h6i8j0k2l4m6n8o0p2",
                         *       "expiresAt": "2026-11-28T10:00:00.000Z",
                         *       "createdAt": "2026-11-21T10:00:00.000Z"
                         *     }
                         */
                        "application/json": components["schemas"]["WidgetHandoffSession"];
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not signed in or wrong credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden (CSRF check failed, or not allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found (also for another tenant’s objects) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Validation failed; `fields` lists each failing field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests; see the Retry-After header */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "client.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * client.created
         * @description A client was added. Sent to each enabled endpoint subscribed to `client.created`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClientCreatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * client.deleted
         * @description A client was deleted; the object as it was. Sent to each enabled endpoint subscribed to `client.deleted`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClientDeletedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * client.updated
         * @description A client’s details changed (by you or the client). Sent to each enabled endpoint subscribed to `client.updated`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClientUpdatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "file.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * file.status_changed
         * @description A file was approved or changes were requested. Sent to each enabled endpoint subscribed to `file.status_changed`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FileStatusChangedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "file.uploaded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * file.uploaded
         * @description A file or a new version of it was uploaded. Sent to each enabled endpoint subscribed to `file.uploaded`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FileUploadedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.cancelled
         * @description An invoice was cancelled. Sent to each enabled endpoint subscribed to `invoice.cancelled`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvoiceCancelledEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.overdue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.overdue
         * @description An invoice passed its due date unpaid. Sent to each enabled endpoint subscribed to `invoice.overdue`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvoiceOverdueEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.paid
         * @description An invoice was paid (by card, or marked paid). Sent to each enabled endpoint subscribed to `invoice.paid`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvoicePaidEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.sent
         * @description An invoice was sent to its client. Sent to each enabled endpoint subscribed to `invoice.sent`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvoiceSentEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.created
         * @description A message was written in a project (either side). Sent to each enabled endpoint subscribed to `message.created`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MessageCreatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * project.created
         * @description A project was created. Sent to each enabled endpoint subscribed to `project.created`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProjectCreatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * project.status_changed
         * @description A project’s status changed. Sent to each enabled endpoint subscribed to `project.status_changed`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProjectStatusChangedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * project.updated
         * @description A project’s details (not its status) changed. Sent to each enabled endpoint subscribed to `project.updated`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProjectUpdatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * quote.accepted
         * @description The client accepted a quote in the portal (`decision` records who, when, from where and the content’s SHA-256). Sent to each enabled endpoint subscribed to `quote.accepted`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteAcceptedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * quote.declined
         * @description The client declined a quote in the portal. Sent to each enabled endpoint subscribed to `quote.declined`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteDeclinedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * quote.sent
         * @description A quote was sent to its client. Sent to each enabled endpoint subscribed to `quote.sent`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteSentEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent by “Send test event”. Sent to each enabled endpoint subscribed to `webhook.test`, signed per the Standard Webhooks specification; retried with exponential backoff for at least 24 hours until it answers 2xx.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The event’s id, the same on every retry and redelivery: drop a message whose id you have seen. */
                    "webhook-id": string;
                    /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint’s secret (the base64 after `whsec_`), per the Standard Webhooks specification; two signatures for 24 h after a rotation (old and new secret). Verify with any Standard Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package. */
                    "webhook-signature": string;
                    /** @description When this attempt was signed, Unix seconds: refuse one far from your clock (e.g. 5 minutes). */
                    "webhook-timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookTestEvent"];
                };
            };
            responses: {
                /** @description Any 2xx answer within 10 seconds marks the delivery done. Anything else (another status, a redirect, which is not followed, a timeout) is retried; after 3 days of failures the endpoint is turned off. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AccountSession: {
            /** Format: date-time */
            createdAt: string;
            /** @description The session making this request. */
            current: boolean;
            /** Format: date-time */
            expiresAt: string;
            /** @description Public session id (never the secret). */
            id: string;
            /**
             * @description Masked: last IPv4 octet or last 80 bits of IPv6 hidden.
             * @example 203.0.113.x
             */
            ip: string | null;
            /** Format: date-time */
            lastSeenAt: string;
            userAgent: string | null;
        };
        /**
         * @example {
         *       "sessions": [
         *         {
         *           "id": "k7w3q2m9x4v8b6n1c5z0p2r7t4y9h3j6",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "lastSeenAt": "2026-11-28T09:12:00.000Z",
         *           "expiresAt": "2026-12-28T09:12:00.000Z",
         *           "userAgent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
         *           "ip": "203.0.113.x",
         *           "current": true
         *         }
         *       ]
         *     }
         */
        AccountSessionList: {
            sessions: components["schemas"]["AccountSession"][];
        };
        ActivityItem: {
            /** @description The client the row is about (the project’s, or the invoice’s); always sent by the API. */
            client?: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            createdAt: string;
            description: string | null;
            /** @description For file_upload and file_approval: the file and the status the event set (the widget’s `file.status_changed`). */
            file?: {
                /** Format: uuid */
                id: string;
                name: string;
                /**
                 * @description Review state of the file’s latest version.
                 * @example pending_review
                 * @enum {string}
                 */
                status: "pending_review" | "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested";
            };
            /** Format: uuid */
            id: string;
            /** @description For invoice_created and invoice_status: the invoice, its number (null while a draft) and the status the event set. */
            invoice?: {
                /** Format: uuid */
                id: string;
                number: string | null;
                /**
                 * @description Invoice status (spec §4).
                 * @example sent
                 * @enum {string}
                 */
                status: "draft" | "sent" | "paid" | "overdue" | "cancelled";
            };
            /** @description The project; null for an invoice without one (see `client`). */
            project: {
                /** Format: uuid */
                clientId: string;
                clientName: string;
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** @description For quote_status: the quote, its number and the status the event set (the widget’s `quote.accepted`). */
            quote?: {
                /** Format: uuid */
                id: string;
                number: string | null;
                /** @enum {string} */
                status: "sent" | "accepted" | "declined";
            };
            /** @description Read by the caller’s side. */
            read: boolean;
            /**
             * @description spec §3 metadata.sender_type.
             * @enum {string|null}
             */
            senderType: "provider" | "client" | null;
            /** @description Increasing position in the feed (catch-up after a reconnect). */
            seq: number;
            /** @example New message from Grace Hopper */
            title: string;
            /**
             * @description What happened.
             * @example message
             * @enum {string}
             */
            type: "message" | "file_upload" | "file_approval" | "invoice_created" | "invoice_status" | "quote_status" | "project_created" | "project_updated" | "project_status";
        };
        ActivityPage: {
            items: components["schemas"]["ActivityItem"][];
        };
        ApiKey: {
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description Last accepted request (recorded at most once a minute).
             */
            lastUsedAt: string | null;
            /**
             * @description Address of that request.
             * @example 203.0.113.7
             */
            lastUsedIp: string | null;
            name: string;
            /**
             * @description The start of the secret, to recognise the key (the secret itself is never shown again).
             * @example cp_live_3kTq9Z
             */
            prefix: string;
            /** Format: date-time */
            revokedAt: string | null;
            scopes: ("clients:read" | "clients:write" | "projects:read" | "projects:write" | "messages:read" | "messages:write" | "files:read" | "files:write" | "invoices:read" | "invoices:write" | "webhooks:read" | "webhooks:write")[];
            /**
             * @description Whether the key is accepted now.
             * @enum {string}
             */
            status: "active" | "expired" | "revoked";
        };
        /**
         * @example {
         *       "apiKey": {
         *         "id": "6f7a1c2e-0000-4000-8000-000000000001",
         *         "name": "Zapier",
         *         "prefix": "cp_live_3kTq9Z",
         *         "scopes": [
         *           "clients:read",
         *           "projects:write"
         *         ],
         *         "createdAt": "2026-12-01T09:00:00.000Z",
         *         "expiresAt": null,
         *         "lastUsedAt": null,
         *         "lastUsedIp": null,
         *         "revokedAt": null,
         *         "status": "active"
         *       },
         *       "secret": "cp_live_3kTq9ZbX0f8LwQe2mN7rT1yU4iO6pA9sD5gH3jK8lZ0"
         *     }
         */
        ApiKeyCreated: {
            apiKey: components["schemas"]["ApiKey"];
            /**
             * @description The key itself, shown this once: send it as `Authorization: Bearer <secret>`.
             * @example cp_live_3kTq9ZbX0f8LwQe2mN7rT1yU4iO6pA9sD5gH3jK8lZ0
             */
            secret: string;
        };
        /**
         * @example {
         *       "name": "Zapier",
         *       "expiresAt": null,
         *       "scopes": [
         *         "clients:read",
         *         "projects:write"
         *       ]
         *     }
         */
        ApiKeyCreateInput: {
            /**
             * Format: date-time
             * @description When the key stops working (must be in the future); null or absent: never.
             */
            expiresAt?: string | null;
            name: string;
            scopes: ("clients:read" | "clients:write" | "projects:read" | "projects:write" | "messages:read" | "messages:write" | "files:read" | "files:write" | "invoices:read" | "invoices:write" | "webhooks:read" | "webhooks:write")[];
        };
        /**
         * @example {
         *       "items": [
         *         {
         *           "id": "6f7a1c2e-0000-4000-8000-000000000001",
         *           "name": "Zapier",
         *           "prefix": "cp_live_3kTq9Z",
         *           "scopes": [
         *             "clients:read",
         *             "projects:write"
         *           ],
         *           "createdAt": "2026-12-01T09:00:00.000Z",
         *           "expiresAt": null,
         *           "lastUsedAt": "2026-12-07T08:41:00.000Z",
         *           "lastUsedIp": "203.0.113.7",
         *           "revokedAt": null,
         *           "status": "active"
         *         }
         *       ],
         *       "nextCursor": null
         *     }
         */
        ApiKeyPage: {
            items: components["schemas"]["ApiKey"][];
            /** @description Send as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        AuthorisationCallback: {
            code?: string;
            error?: string;
            errorDescription?: string;
            state: string;
        };
        AuthorisationOutcome: {
            /** @description The OAuth error code the integration returned, if any. */
            error: string | null;
            errorDescription: string | null;
            /** @description The integration kind, e.g. `google_calendar`. */
            integration: string;
            /** @enum {string} */
            outcome: "connected" | "denied" | "failed";
        };
        ChangePasswordInput: {
            confirmPassword: string;
            currentPassword: string;
            /** @example correct horse battery */
            newPassword: string;
        };
        /**
         * @example {
         *       "ok": true,
         *       "endedSessions": 2
         *     }
         */
        ChangePasswordResponse: {
            /**
             * @description Other sessions that were signed out.
             * @example 2
             */
            endedSessions: number;
            /** @enum {boolean} */
            ok: true;
        };
        CheckoutRedirect: {
            /** @description Open this Stripe page in the browser. */
            url: string;
        };
        Client: {
            billingCity: string | null;
            /** @description ISO 3166-1 alpha-2. */
            billingCountry: string | null;
            billingPostcode: string | null;
            billingStreet: string | null;
            buyerReference: string | null;
            company: string | null;
            createdAt: string;
            email: string;
            /** @description Whether the client can sign in with a password. */
            hasPassword: boolean;
            /** Format: uuid */
            id: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            name: string;
            notes: string | null;
            phone: string | null;
            portal: {
                /** Format: uuid */
                id: string;
                portalName: string;
            };
            updatedAt: string;
            vatId: string | null;
        };
        /** @description A client was added. */
        ClientCreatedEvent: {
            data: {
                object: components["schemas"]["Client"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "client.created";
            /** @enum {number} */
            version: 1;
        };
        ClientCreateInput: {
            /** @example Berlin */
            billingCity?: string | null;
            /**
             * @description ISO 3166-1 alpha-2.
             * @example DE
             */
            billingCountry?: "" | string | null;
            /** @example 10117 */
            billingPostcode?: string | null;
            /** @example Friedrichstraße 10 */
            billingStreet?: string | null;
            /**
             * @description The buyer’s reference, e.g. the Leitweg-ID of a public buyer (EN 16931 BT-10).
             * @example 04011000-12345-67
             */
            buyerReference?: string | null;
            /** @example Navy Labs */
            company?: string | null;
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            /**
             * @description Language of the portal and its e-mails (default en).
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            /** @example Grace Hopper */
            name: string;
            notes?: string | null;
            /** @example +49 30 1234567 */
            phone?: string | null;
            /**
             * Format: uuid
             * @description One of your portals.
             */
            portalId: string;
            /**
             * @description The client’s VAT id (USt-IdNr.), needed for reverse charge.
             * @example FR40303265045
             */
            vatId?: "" | string | null;
        };
        ClientDeleted: {
            deleted: {
                invoices: number;
                projects: number;
            };
            /** @enum {boolean} */
            ok: true;
        };
        /** @description A client was deleted; the object as it was. */
        ClientDeletedEvent: {
            data: {
                object: components["schemas"]["Client"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "client.deleted";
            /** @enum {number} */
            version: 1;
        };
        ClientDetail: {
            billingCity: string | null;
            /** @description ISO 3166-1 alpha-2. */
            billingCountry: string | null;
            billingPostcode: string | null;
            billingStreet: string | null;
            buyerReference: string | null;
            company: string | null;
            createdAt: string;
            email: string;
            /** @description Whether the client can sign in with a password. */
            hasPassword: boolean;
            /** Format: uuid */
            id: string;
            invoices: {
                amountCents: number;
                currency: string;
                dueDate: string | null;
                /** Format: uuid */
                id: string;
                /** @description Null for a draft (numbers are assigned when sent). */
                number: string | null;
                status: string;
            }[];
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            /** @description Last portal sign-in (ISO 8601), from portal_events; null if never. */
            lastPortalLogin: string | null;
            name: string;
            notes: string | null;
            phone: string | null;
            portal: {
                /** Format: uuid */
                id: string;
                portalName: string;
            };
            projects: {
                endDate: string | null;
                /** Format: uuid */
                id: string;
                name: string;
                startDate: string | null;
                status: string;
            }[];
            updatedAt: string;
            vatId: string | null;
        };
        ClientInvited: {
            /** @description When the link stops working (24 h, spec §9). */
            expiresAt: string;
            /** @enum {boolean} */
            ok: true;
            /**
             * @description Sent through Resend, or into the development outbox.
             * @enum {string}
             */
            via: "resend" | "outbox";
        };
        ClientList: {
            items: components["schemas"]["Client"][];
            /** @description Send as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
            /** @description Every match, not just this page. */
            total: number;
        };
        ClientPasswordInput: {
            password: string;
        };
        /** @description A client’s details changed (by you or the client). */
        ClientUpdatedEvent: {
            data: {
                object: components["schemas"]["Client"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "client.updated";
            /** @enum {number} */
            version: 1;
        };
        ClientUpdateInput: {
            /** @example Berlin */
            billingCity?: string | null;
            /**
             * @description ISO 3166-1 alpha-2.
             * @example DE
             */
            billingCountry?: "" | string | null;
            /** @example 10117 */
            billingPostcode?: string | null;
            /** @example Friedrichstraße 10 */
            billingStreet?: string | null;
            /**
             * @description The buyer’s reference, e.g. the Leitweg-ID of a public buyer (EN 16931 BT-10).
             * @example 04011000-12345-67
             */
            buyerReference?: string | null;
            /** @example Navy Labs */
            company?: string | null;
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email?: string;
            /**
             * @description Language of the portal and its e-mails (default en).
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            /** @example Grace Hopper */
            name?: string;
            notes?: string | null;
            /** @example +49 30 1234567 */
            phone?: string | null;
            /**
             * Format: uuid
             * @description One of your portals.
             */
            portalId?: string;
            /**
             * @description The client’s VAT id (USt-IdNr.), needed for reverse charge.
             * @example FR40303265045
             */
            vatId?: "" | string | null;
        };
        ColorContrast: {
            /**
             * @description Ratio of dark text (#111827) on the colour.
             * @example 2.85
             */
            darkText: number;
            /**
             * @description The more readable text colour.
             * @enum {string}
             */
            textColor: "#ffffff" | "#111827";
            /** @description True when white text on the colour, which is also the colour on the white portal page, is below 4.5:1 (WCAG AA for body text). */
            warning: boolean;
            /**
             * @description Ratio of white text on the colour.
             * @example 6.29
             */
            whiteText: number;
        };
        Conversation: {
            client: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            lastMessage: components["schemas"]["Message"] & (Record<string, never> | null);
            project: {
                /** Format: uuid */
                id: string;
                name: string;
                /**
                 * @description Spec §4 project statuses.
                 * @example in_progress
                 * @enum {string}
                 */
                status: "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";
            };
            unread: number;
        };
        ConversationList: {
            items: components["schemas"]["Conversation"][];
        };
        CreditNote: {
            amountCents: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            /** @example CN-0001 */
            number: string;
            reason: string | null;
        } | null;
        CustomDomain: {
            /** @description Last verification attempt (ISO 8601). */
            checkedAt: string | null;
            /** @example portal.example-agency.com */
            domain: string;
            /**
             * @description Why the last verification failed: `ENOTFOUND` (no such name), `ENODATA` (no TXT record), `wrong_value` (TXT present, token missing), or another resolver code. On a `verified` domain: what the last re-check found instead of the token (the domain is still served; a second check finding the record gone in a row stops serving it, a lookup without an answer never does).
             * @example ENODATA
             */
            error: string | null;
            /** @description When this unverified claim expires (ISO 8601; 7 days after it started) unless verified; null once verified. An expired claim is removed: the portal then has no custom domain. */
            expiresAt: string | null;
            /** @description The CNAME and TXT records to create. */
            records: components["schemas"]["DnsRecord"][];
            /** @description When the periodic re-check stopped serving this domain because its TXT record was gone (ISO 8601; `error` says how); null otherwise. */
            revokedAt: string | null;
            /**
             * @description `pending`: claimed, not verified yet. `verified`: served at this domain. `failed`: the last verification, or the periodic re-check of a verified domain, did not find the token (see `error`). `taken`: another portal verified this domain first.
             * @enum {string}
             */
            status: "pending" | "verified" | "failed" | "taken";
        } | null;
        DeleteAccountInput: {
            /**
             * @description The word DELETE, typed by the user to confirm.
             * @enum {string}
             */
            confirm: "DELETE";
            password: string;
        };
        DnsRecord: {
            /** @example _clientportal-verify.portal.example-agency.com */
            name: string;
            /** @enum {string} */
            type: "CNAME" | "TXT";
            /** @example cpv-3b0f6a… */
            value: string;
        };
        DomainInput: {
            /**
             * @description Host name, e.g. `portal.example-agency.com`.
             * @example portal.example-agency.com
             */
            domain: string;
        };
        /**
         * @example {
         *       "error": {
         *         "code": "not_found",
         *         "message": "Not found",
         *         "requestId": "req_3f1c9a2b"
         *       }
         *     }
         */
        Error: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "validation_failed" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "unsupported_media_type" | "payload_too_large" | "rate_limited" | "internal_error" | "service_unavailable" | "invalid_credentials" | "email_taken" | "email_not_verified" | "invalid_token" | "email_already_verified" | "session_not_found" | "csrf_rejected" | "wrong_password" | "profile_not_found" | "client_email_taken" | "domain_taken" | "unsupported_image_type" | "project_client_locked" | "portal_account_not_found" | "account_not_found" | "magic_link_failed" | "invitation_limit" | "file_type_not_allowed" | "file_empty" | "file_decision_not_allowed" | "file_version_outdated" | "file_preview_unavailable" | "invoice_not_editable" | "invoice_transition_not_allowed" | "invoice_total_too_large" | "invoice_incomplete" | "invoice_not_payable" | "quote_not_editable" | "quote_transition_not_allowed" | "quote_already_decided" | "quote_expired" | "quote_changed" | "quote_not_invoiceable" | "stripe_not_connected" | "stripe_key_invalid" | "stripe_unavailable" | "stripe_webhook_invalid" | "plan_required" | "billing_unavailable" | "mail_domain_unavailable" | "mail_domain_exists" | "mail_domain_not_verified" | "mail_provider_unavailable" | "authorisation_state_invalid" | "authorisation_state_expired" | "authorisation_state_used" | "webhook_endpoint_limit" | "handoff_invalid" | "handoff_not_configured" | "handoff_bad_signature" | "handoff_wrong_audience" | "handoff_expired" | "handoff_replayed" | "handoff_unknown_client" | "api_key_invalid" | "insufficient_scope" | "api_key_limit" | "idempotency_key_reused" | "idempotency_key_in_progress";
                fields?: components["schemas"]["FieldError"][];
                /** @description Human-readable, in the request language. */
                message: string;
                /** @example req_01HZX3Q4 */
                requestId: string;
            };
        };
        FieldError: {
            /**
             * @description i18n key of the message
             * @example validation.passwordTooShort
             */
            key: string;
            /** @example Password should be at least 6 characters */
            message: string;
            /** @example password */
            path: string;
        };
        FileActor: {
            name: string;
            /**
             * @description Which side.
             * @enum {string}
             */
            type: "provider" | "client";
        };
        FileDecisionInput: {
            /**
             * @description The status the decision sets.
             * @enum {string}
             */
            decision: "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested";
            feedback?: string;
            /**
             * @description Feedback pinned to points of this version, stored with the decision.
             * @default []
             */
            pins: {
                body: string;
                page: number;
                x: number;
                y: number;
            }[];
            /**
             * Format: uuid
             * @description The version decided on: must be the latest (409 `file_version_outdated`).
             */
            versionId: string;
        };
        FileDetail: {
            file: components["schemas"]["FileSummary"];
            /** @description Oldest first. */
            history: components["schemas"]["FileHistoryEvent"][];
            /** @description Of every version, oldest first. */
            pins: components["schemas"]["FilePin"][];
            /** @description Newest first. */
            versions: components["schemas"]["FileVersion"][];
        };
        FileHistoryEvent: {
            actor: components["schemas"]["FileActor"];
            createdAt: string;
            feedback: string | null;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "uploaded" | "version" | "decision";
            seq: number;
            /**
             * @description Review state of the file’s latest version.
             * @example pending_review
             * @enum {string}
             */
            statusAfter: "pending_review" | "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested";
            /**
             * @description Review state of the file’s latest version.
             * @example pending_review
             * @enum {string|null}
             */
            statusBefore: "pending_review" | "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested" | null;
            version: {
                /** Format: uuid */
                id: string;
                number: number;
                sha256: string;
            };
        };
        FileList: {
            items: components["schemas"]["FileSummary"][];
            /** @description Send as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
            /** @description Files per status under the other filters (for the filter chips). */
            statusCounts: {
                approved?: number;
                client_approved?: number;
                client_rejected?: number;
                pending_review?: number;
                rejected?: number;
                revision_requested?: number;
            };
            /** @description Every match, not just this page. */
            total: number;
        };
        FilePin: {
            author: components["schemas"]["FileActor"];
            body: string;
            createdAt: string;
            /**
             * Format: uuid
             * @description The history event it was sent with, if any.
             */
            decisionId: string | null;
            /** Format: uuid */
            id: string;
            mine: boolean;
            page: number;
            /** Format: uuid */
            versionId: string;
            versionNumber: number;
            /** @description From the left edge, 0 to 1 of the page’s width. */
            x: number;
            /** @description From the top edge, 0 to 1 of the page’s height. */
            y: number;
        };
        FilePinInput: {
            body: string;
            page: number;
            /** Format: uuid */
            versionId: string;
            x: number;
            y: number;
        };
        FilePreview: {
            /**
             * @description Only with status failed. unreadable: the bytes do not decode; too_large: decoding needs more memory or pixels than a preview may use; too_many_pages: more than 10,000 pages; too_slow: a page needs more than 2 s of CPU time; error: the server could not make it.
             * @enum {string}
             */
            failure?: "unreadable" | "too_large" | "too_many_pages" | "too_slow" | "error";
            height: number | null;
            /** @description Pages of a PDF; 1 for an image. */
            pageCount: number | null;
            /**
             * @description pending: being made after the upload; ready: thumbnail and page images available; unavailable: a document without previews; failed: the file could not be read.
             * @enum {string}
             */
            status: "pending" | "ready" | "unavailable" | "failed";
            /** @description Of the image, or of the first PDF page in points. */
            width: number | null;
        };
        /** @description A file was approved or changes were requested. */
        FileStatusChangedEvent: {
            data: {
                object: components["schemas"]["FileSummary"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "file.status_changed";
            /** @enum {number} */
            version: 1;
        };
        FileSummary: {
            /** @description The decisions the caller may take now (`decisionsFor`). */
            allowedDecisions: ("approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested")[];
            canUploadVersion: boolean;
            client: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            createdAt: string;
            /** Format: uuid */
            id: string;
            latestVersion: components["schemas"]["FileVersion"];
            name: string;
            /** @description Pins on the latest version. */
            pinCount: number;
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            /**
             * @description Review state of the file’s latest version.
             * @example pending_review
             * @enum {string}
             */
            status: "pending_review" | "approved" | "rejected" | "client_approved" | "client_rejected" | "revision_requested";
            updatedAt: string;
            /**
             * @description Which side.
             * @enum {string}
             */
            uploadedBy: "provider" | "client";
        };
        FileUpdateInput: {
            name: string;
        };
        /** @description A file or a new version of it was uploaded. */
        FileUploadedEvent: {
            data: {
                object: components["schemas"]["FileSummary"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "file.uploaded";
            /** @enum {number} */
            version: 1;
        };
        FileVersion: {
            createdAt: string;
            /** Format: uuid */
            id: string;
            /**
             * @description image: previews and pins; pdf: page previews and pins; document: download only.
             * @enum {string}
             */
            kind: "image" | "pdf" | "document";
            /** @description Detected from the bytes. */
            mimeType: string;
            /** @description The name it was uploaded with (cleaned). */
            name: string;
            /** @description From 1. */
            number: number;
            preview: components["schemas"]["FilePreview"];
            /** @description SHA-256 of the stored bytes, hex. */
            sha256: string;
            sizeBytes: number;
            uploadedBy: components["schemas"]["FileActor"];
        };
        ForgotPasswordInput: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
        };
        /**
         * @example {
         *       "status": "ok",
         *       "database": "up",
         *       "version": "0.1.0"
         *     }
         */
        Health: {
            /** @enum {string} */
            database: "up" | "down";
            /** @enum {string} */
            status: "ok" | "degraded";
            version: string;
        };
        Invoice: {
            /** @description Statuses the provider may set now (INVOICE_TRANSITIONS; sending and cancelling have their own calls). */
            allowedStatuses: ("draft" | "sent" | "paid" | "overdue" | "cancelled")[];
            /** @description Total, tax included. */
            amountCents: number;
            /** Format: date-time */
            cancelledAt: string | null;
            client: {
                company: string | null;
                email: string;
                /** Format: uuid */
                id: string;
                name: string;
            };
            /** Format: date-time */
            createdAt: string;
            creditNote: components["schemas"]["CreditNote"];
            creditNoteNumber: string | null;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            description: string | null;
            /** @description Calendar date `YYYY-MM-DD`. */
            dueDate: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issuedAt: string | null;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            legal: components["schemas"]["InvoiceLegal"];
            lines: components["schemas"]["InvoiceLine"][];
            /**
             * @description Assigned when sent; null for a draft.
             * @example INV-0007
             */
            number: string | null;
            /** Format: date-time */
            paidAt: string | null;
            /** @description The day it was paid, `YYYY-MM-DD` (a calendar day). */
            paidOn: string | null;
            /** @enum {string|null} */
            paidVia: "manual" | "stripe_invoice" | "stripe_checkout" | null;
            /** @description Card payments through Stripe, oldest first. */
            payments: components["schemas"]["InvoicePayment"][];
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /**
             * @description Invoice status (spec §4).
             * @example sent
             * @enum {string}
             */
            status: "draft" | "sent" | "paid" | "overdue" | "cancelled";
            /** @description Null: the invoice never went to Stripe. */
            stripe: {
                /**
                 * @description After it was cancelled or paid: closing it in Stripe (Checkout sessions expired, the Stripe invoice voided or marked paid out of band). Null when nothing there needed closing.
                 * @enum {string|null}
                 */
                closing: "pending" | "done" | "failed" | null;
                /**
                 * @description Why the last push or closing attempt failed.
                 * @enum {string|null}
                 */
                error: "stripe_unavailable" | "stripe_key_invalid" | "stripe_total_mismatch" | "stripe_account_changed" | null;
                /** @description “View in the payment provider”. */
                hostedUrl: string | null;
                /** @description The Stripe invoice (`in_…`), once created. */
                invoiceId: string | null;
                pdfUrl: string | null;
                /**
                 * @description Creating it in Stripe after it was sent (a background job): `pending` (queued, or retrying after a failure: see `error`), `sent` (created, finalised and sent), `failed` (given up; the provider was notified), `skipped` (closed or disconnected before it ran). Null: Stripe was not connected when it was sent.
                 * @enum {string|null}
                 */
                push: "pending" | "sent" | "failed" | "skipped" | null;
                /**
                 * @description The Stripe invoice’s status as last seen.
                 * @enum {string|null}
                 */
                status: "draft" | "open" | "paid" | "void" | "uncollectible" | "deleted" | null;
            } | null;
            subtotalCents: number;
            taxCents: number;
            taxes: components["schemas"]["InvoiceTaxGroup"][];
            /** Format: date-time */
            updatedAt: string;
            /** @description Created in the provider’s Stripe account. */
            viaStripe: boolean;
        };
        InvoiceCancel: {
            /** @default null */
            reason: string | null;
        };
        /** @description An invoice was cancelled. */
        InvoiceCancelledEvent: {
            data: {
                object: components["schemas"]["Invoice"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "invoice.cancelled";
            /** @enum {number} */
            version: 1;
        };
        InvoiceCreate: {
            /** Format: uuid */
            clientId: string;
            /**
             * @description Default: from the profile, else the language.
             * @example EUR
             * @enum {string}
             */
            currency?: "EUR" | "USD";
            /** @default null */
            description: string | null;
            /**
             * Format: date
             * @description A day of 1900 to 9999 (`YYYY-MM-DD`); default: today plus the settings’ payment term.
             * @example 2026-12-31
             */
            dueDate?: string | null;
            /**
             * @description Default: the client’s language.
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            lines: components["schemas"]["InvoiceLineInput"][];
            /**
             * Format: uuid
             * @default null
             */
            projectId: string | null;
            /**
             * Format: date
             * @description Date of supply (Leistungsdatum), `YYYY-MM-DD`; or give a period of service instead.
             * @default null
             * @example 2026-12-31
             */
            supplyDate: string | null;
            /**
             * Format: date
             * @description Period of service: first day.
             * @default null
             * @example 2026-12-31
             */
            supplyFrom: string | null;
            /**
             * Format: date
             * @description Period of service: last day (not before the first).
             * @default null
             * @example 2026-12-31
             */
            supplyTo: string | null;
            /**
             * @description Only when the settings’ tax mode is `per_invoice`: this invoice’s (`standard` or `small_business`). Ignored otherwise.
             * @default null
             * @enum {string|null}
             */
            taxMode: "standard" | "small_business" | null;
        };
        InvoiceLegal: {
            buyer: components["schemas"]["InvoiceParty"];
            /** @description A draft: what § 14 (4) UStG still needs before it can be sent (sending answers 422 `invoice_incomplete` naming the same). Empty once sent. */
            missing: {
                /** @description i18n key naming the field. */
                key: string;
                path: string;
            }[];
            /** @description Legal notes printed in the invoice’s language (§ 19 UStG, reverse charge, exemption reasons). */
            notes: string[];
            seller: components["schemas"]["InvoiceParty"];
            /** @description Details the provider kept as free text. */
            sellerNote: string | null;
            /** @description Date of supply `YYYY-MM-DD`. */
            supplyDate: string | null;
            supplyFrom: string | null;
            supplyTo: string | null;
            /**
             * @description In effect; null: `per_invoice` and not chosen.
             * @enum {string|null}
             */
            taxMode: "standard" | "small_business" | null;
        };
        InvoiceLine: {
            /** @description Net amount of the line. */
            amountCents: number;
            description: string;
            exemptionReason: string | null;
            /** Format: uuid */
            id: string;
            position: number;
            quantityMilli: number;
            taxRateBp: number | null;
            /**
             * @description Unit of the quantity; UN/ECE Rec 20: hour HUR, day DAY, week WEE, month MON, piece H87, unit C62, flat_rate LS, km KMT.
             * @example hour
             * @enum {string}
             */
            unit: "hour" | "day" | "week" | "month" | "piece" | "unit" | "flat_rate" | "km";
            /**
             * @description UN/ECE Rec 20 code of the unit.
             * @example HUR
             */
            unitCode: string;
            unitPriceCents: number;
            /**
             * @description The category in effect (chosen, or derived from the rate and tax mode); null: not chosen yet.
             * @example standard
             * @enum {string|null}
             */
            vatCategory: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "outside_scope" | null;
            /**
             * @description EN 16931 BT-151 code.
             * @example S
             */
            vatCategoryCode: string | null;
        };
        InvoiceLineInput: {
            description: string;
            /**
             * @description Why an `exempt` line is exempt (EN 16931 BT-120), e.g. `§ 4 Nr. 21 UStG`.
             * @default null
             */
            exemptionReason: string | null;
            /**
             * @description Quantity in thousandths (1.5 hours = 1500).
             * @example 1500
             */
            quantityMilli: number;
            /**
             * @description Tax rate in basis points (19 % = 1900); null for none.
             * @example 1900
             */
            taxRateBp: number | null;
            /**
             * @description Unit of the quantity (default `unit`, UN/ECE C62 "one").
             * @default unit
             * @example hour
             * @enum {string}
             */
            unit: "hour" | "day" | "week" | "month" | "piece" | "unit" | "flat_rate" | "km";
            /**
             * @description Unit price in minor units (cents).
             * @example 8000
             */
            unitPriceCents: number;
            /**
             * @description VAT category; null: `standard` for a line with a rate, to be chosen for a line without (the pre-send check names it). A small business’s lines are `exempt` by § 19.
             * @default null
             * @example standard
             * @enum {string|null}
             */
            vatCategory: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "outside_scope" | null;
        };
        InvoiceList: {
            items: components["schemas"]["InvoiceSummary"][];
            nextCursor: string | null;
            /** @description Over the client/project/search filter, ignoring the status filter. */
            totals: components["schemas"]["InvoiceStatusTotal"][];
        };
        /** @description An invoice passed its due date unpaid. */
        InvoiceOverdueEvent: {
            data: {
                object: components["schemas"]["Invoice"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "invoice.overdue";
            /** @enum {number} */
            version: 1;
        };
        /** @description An invoice was paid (by card, or marked paid). */
        InvoicePaidEvent: {
            data: {
                object: components["schemas"]["Invoice"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "invoice.paid";
            /** @enum {number} */
            version: 1;
        };
        InvoiceParty: {
            /** @description The buyer’s reference, e.g. a Leitweg-ID. */
            buyerReference: string | null;
            city: string | null;
            /** @description ISO 3166-1 alpha-2. */
            country: string | null;
            name: string | null;
            postcode: string | null;
            street: string | null;
            /** @description The seller’s Steuernummer (null for a buyer). */
            taxNumber: string | null;
            vatId: string | null;
        };
        InvoicePayment: {
            amountCents: number;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            /** Format: uuid */
            id: string;
            /**
             * @description What the invoice was when the payment arrived.
             * @enum {string}
             */
            invoiceStatus: "sent" | "overdue" | "paid" | "cancelled";
            /** @enum {string} */
            outcome: "applied" | "refund_pending" | "refunded" | "refund_failed";
            /** Format: date-time */
            receivedAt: string;
            /** Format: date-time */
            refundedAt: string | null;
            /**
             * @description `stripe_checkout`: the portal’s pay button; `stripe_invoice`: Stripe’s hosted invoice page.
             * @enum {string}
             */
            source: "stripe_checkout" | "stripe_invoice";
        };
        InvoiceSent: {
            invoice: components["schemas"]["Invoice"];
            payment: {
                /** @enum {string} */
                provider: "stripe" | "none";
                /**
                 * @description `pending`: being created in Stripe in the background (follow `invoice.stripe.push`); `not_connected`: Stripe is not connected.
                 * @enum {string}
                 */
                status: "pending" | "not_connected";
            };
        };
        /** @description An invoice was sent to its client. */
        InvoiceSentEvent: {
            data: {
                object: components["schemas"]["Invoice"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "invoice.sent";
            /** @enum {number} */
            version: 1;
        };
        InvoiceSettings: {
            businessNote: string | null;
            /** @example München */
            city: string | null;
            /**
             * @description ISO 3166-1 alpha-2.
             * @example DE
             */
            country: string | null;
            creditNotePrefix: string;
            defaultDueDays: number;
            /** @description How many days a new quote is valid by default. */
            defaultQuoteValidDays: number;
            defaultTaxRateBp: number | null;
            footerNote: string | null;
            /**
             * @description Full legal name on invoices; default: the profile’s business name, else your name.
             * @example Müller Design Studio – Jürgen Müller
             */
            legalName: string | null;
            /** @description Read only: the number the next sent invoice gets. */
            nextNumber: number;
            /** @description Read only: the number the next sent quote gets. */
            nextQuoteNumber: number;
            numberPrefix: string;
            /** @description How to pay without a card (bank details); shown in the portal and on the PDF. */
            paymentInstructions: string | null;
            /** @example 80331 */
            postcode: string | null;
            /** @description Prefix of quote numbers; default `AN-` for a German-speaking provider, else `Q-`. */
            quotePrefix: string;
            /** @example Hauptstraße 5 */
            street: string | null;
            /**
             * @description `standard`: VAT per line; `small_business`: § 19 UStG, no VAT, the note printed; `per_invoice`: each invoice chooses.
             * @enum {string}
             */
            taxMode: "standard" | "small_business" | "per_invoice";
            /**
             * @description Steuernummer.
             * @example 21/815/08150
             */
            taxNumber: string | null;
            /**
             * @description USt-IdNr., normalised.
             * @example DE123456789
             */
            vatId: string | null;
        };
        InvoiceSettingsUpdate: {
            businessNote?: string | null;
            /** @example München */
            city?: string | null;
            country?: "" | string | null;
            creditNotePrefix?: string;
            defaultDueDays?: number;
            /** @description How many days a new quote is valid by default. */
            defaultQuoteValidDays?: number;
            defaultTaxRateBp?: number | null;
            footerNote?: string | null;
            /**
             * @description Full legal name on invoices; default: the profile’s business name, else your name.
             * @example Müller Design Studio – Jürgen Müller
             */
            legalName?: string | null;
            numberPrefix?: string;
            /** @description How to pay without a card (bank details); shown in the portal and on the PDF. */
            paymentInstructions?: string | null;
            /** @example 80331 */
            postcode?: string | null;
            /** @description Prefix of quote numbers; default `AN-` for a German-speaking provider, else `Q-`. */
            quotePrefix?: string;
            /** @example Hauptstraße 5 */
            street?: string | null;
            /**
             * @description `standard`: VAT per line; `small_business`: § 19 UStG, no VAT, the note printed; `per_invoice`: each invoice chooses.
             * @enum {string}
             */
            taxMode?: "standard" | "small_business" | "per_invoice";
            taxNumber?: "" | string | null;
            vatId?: "" | string | null;
        };
        InvoiceStatusChange: {
            /**
             * Format: date
             * @description For `paid`: the day the money arrived (`YYYY-MM-DD`, 1900 to 9999; default today).
             * @example 2026-12-31
             */
            paidDate?: string;
            /** @enum {string} */
            status: "paid" | "overdue";
        };
        InvoiceStatusTotal: {
            amounts: {
                amountCents: number;
                /**
                 * @description ISO 4217 currency.
                 * @example EUR
                 * @enum {string}
                 */
                currency: "EUR" | "USD";
            }[];
            count: number;
            /**
             * @description Invoice status (spec §4).
             * @example sent
             * @enum {string}
             */
            status: "draft" | "sent" | "paid" | "overdue" | "cancelled";
        };
        InvoiceSummary: {
            /** @description Total, tax included. */
            amountCents: number;
            client: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            /** Format: date-time */
            createdAt: string;
            creditNoteNumber: string | null;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            description: string | null;
            /** @description Calendar date `YYYY-MM-DD`. */
            dueDate: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issuedAt: string | null;
            /**
             * @description Assigned when sent; null for a draft.
             * @example INV-0007
             */
            number: string | null;
            /** Format: date-time */
            paidAt: string | null;
            /** @description The day it was paid, `YYYY-MM-DD` (a calendar day). */
            paidOn: string | null;
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /**
             * @description Invoice status (spec §4).
             * @example sent
             * @enum {string}
             */
            status: "draft" | "sent" | "paid" | "overdue" | "cancelled";
            /** @description Created in the provider’s Stripe account. */
            viaStripe: boolean;
        };
        InvoiceTaxGroup: {
            netCents: number;
            rateBp: number;
            taxCents: number;
        };
        InvoiceUpdate: {
            /** Format: uuid */
            clientId?: string;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency?: "EUR" | "USD";
            description?: string | null;
            /**
             * Format: date
             * @description Calendar date `YYYY-MM-DD`: a day that exists, in the years 1900 to 9999.
             * @example 2026-12-31
             */
            dueDate?: string | null;
            /**
             * @description Language of the invoice’s PDF and e-mails.
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            lines?: components["schemas"]["InvoiceLineInput"][];
            /** Format: uuid */
            projectId?: string | null;
            /**
             * Format: date
             * @description Date of supply (Leistungsdatum), `YYYY-MM-DD`; or give a period of service instead.
             * @example 2026-12-31
             */
            supplyDate?: string | null;
            /**
             * Format: date
             * @description Period of service: first day.
             * @example 2026-12-31
             */
            supplyFrom?: string | null;
            /**
             * Format: date
             * @description Period of service: last day (not before the first).
             * @example 2026-12-31
             */
            supplyTo?: string | null;
            /**
             * @description Only when the settings’ tax mode is `per_invoice`: this invoice’s (`standard` or `small_business`). Ignored otherwise.
             * @enum {string|null}
             */
            taxMode?: "standard" | "small_business" | null;
        };
        MailDomain: {
            /** Format: date-time */
            checkedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The sender address portal e-mails get once the domain is in use.
             * @example portal@mail.example-agency.com
             */
            fromAddress: string;
            fromLocalPart: string;
            /** @description Portal e-mails to the provider’s clients are sent From `fromAddress` (only once verified). */
            inUse: boolean;
            /** @example mail.example-agency.com */
            name: string;
            records: components["schemas"]["MailDomainRecord"][];
            /**
             * @description Resend’s status: `not_started` (records not checked yet), `pending` (being checked), `verified`, `failed`, or a partial state while some records are found.
             * @enum {string}
             */
            status: "not_started" | "pending" | "verified" | "partially_verified" | "partially_failed" | "failed" | "temporary_failure";
            /** Format: date-time */
            verifiedAt: string | null;
        } | null;
        MailDomainCreate: {
            /**
             * @description Host name, e.g. `portal.example-agency.com`.
             * @example portal.example-agency.com
             */
            domain: string;
            /**
             * @description Local part of the sender address.
             * @example portal
             */
            fromLocalPart?: string;
        };
        MailDomainRecord: {
            /** @example resend._domainkey.mail */
            name: string;
            priority: number | null;
            /** @description What the record is for: `SPF`, `DKIM`, `Receiving`, `Tracking`… */
            record: string;
            /**
             * @description Resend’s status: `not_started` (records not checked yet), `pending` (being checked), `verified`, `failed`, or a partial state while some records are found.
             * @enum {string}
             */
            status: "not_started" | "pending" | "verified" | "partially_verified" | "partially_failed" | "failed" | "temporary_failure";
            ttl: string | null;
            /** @example TXT */
            type: string;
            value: string;
        };
        MailDomainState: {
            /** @description Whether this server sends e-mail through Resend (`RESEND_API_KEY`); without it, mail goes to the development outbox and no domain can be added. */
            available: boolean;
            domain: components["schemas"]["MailDomain"];
        };
        MailDomainUpdate: {
            /**
             * @description Local part of the sender address.
             * @example portal
             */
            fromLocalPart?: string;
            /** @description `true` needs a verified domain (409 otherwise). */
            inUse?: boolean;
        };
        MarkConversationRead: {
            upToSeq: number;
        };
        MarkedRead: {
            count: number;
        };
        MarkNotificationsRead: {
            /** @description Only these projects; omitted: all of the caller’s projects. */
            projectIds?: string[];
        };
        Message: {
            body: string;
            /** Format: uuid */
            clientMessageId: string;
            createdAt: string;
            /** Format: uuid */
            id: string;
            /** @description Written by the caller’s side. */
            mine: boolean;
            /** Format: uuid */
            projectId: string;
            sender: {
                name: string;
                /**
                 * @description Who wrote it.
                 * @enum {string}
                 */
                type: "provider" | "client";
            };
            /** @description Position in the conversation (increasing). */
            seq: number;
        };
        /** @description A message was written in a project (either side). */
        MessageCreatedEvent: {
            data: {
                object: components["schemas"]["Message"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "message.created";
            /** @enum {number} */
            version: 1;
        };
        MessageInput: {
            /** @example The first draft is ready for review. */
            body: string;
            /**
             * Format: uuid
             * @description Made by the sender once per message; a retry with the same id returns the stored one.
             */
            clientMessageId: string;
        };
        MessagePage: {
            /** @description Older messages exist (load them with `before`). */
            hasMore: boolean;
            /** @description Oldest first. */
            items: components["schemas"]["Message"][];
            /** @description The caller’s side has read up to this seq (0: nothing). */
            lastReadSeq: number;
        };
        Money: {
            /**
             * @description Amount in minor units (cents).
             * @example 1250000
             */
            amountCents: number;
            /**
             * @description ISO 4217 currency code.
             * @example EUR
             */
            currency: string;
        };
        NotificationList: {
            /** @description The newest 50, newest first. */
            items: components["schemas"]["ActivityItem"][];
            unreadCount: number;
        };
        /**
         * @example {
         *       "ok": true
         *     }
         */
        Ok: {
            /** @enum {boolean} */
            ok: true;
        };
        /**
         * @example {
         *       "mails": [
         *         {
         *           "id": "0c6f2f5e-3b7a-4c1d-9a4e-2f1b3c4d5e6f",
         *           "to": "ada@example.com",
         *           "subject": "Confirm your e-mail address",
         *           "kind": "verify_email",
         *           "html": "<!doctype html>…",
         *           "text": "Hi Ada,…",
         *           "createdAt": "2026-11-21T10:00:00.000Z",
         *           "status": "outbox",
         *           "attempts": 1,
         *           "lastError": null,
         *           "sentAt": "2026-11-21T10:00:00.050Z"
         *         }
         *       ]
         *     }
         */
        OutboxList: {
            mails: components["schemas"]["OutboxMail"][];
        };
        OutboxMail: {
            /** @description Delivery attempts so far. */
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            html: string;
            /** Format: uuid */
            id: string;
            /** @description What the mail is for, e.g. `verify_email`. */
            kind: string;
            /** @description The last failed attempt’s error, if any. */
            lastError: string | null;
            /** Format: date-time */
            sentAt: string | null;
            /**
             * @description `pending`: waiting for its (next) delivery attempt; `outbox`: delivered to this development outbox; `sent`: accepted by the mail service; `failed`: given up after its last attempt.
             * @enum {string}
             */
            status: "pending" | "outbox" | "sent" | "failed";
            subject: string;
            text: string;
            to: string;
        };
        /**
         * @example {
         *       "totalClients": 12,
         *       "activeProjects": 5,
         *       "pendingInvoices": 3,
         *       "totalRevenue": {
         *         "amountCents": 1250000,
         *         "currency": "EUR"
         *       },
         *       "otherRevenue": [
         *         {
         *           "amountCents": 48000,
         *           "currency": "USD"
         *         }
         *       ],
         *       "currency": "EUR",
         *       "isEmpty": false
         *     }
         */
        Overview: {
            /**
             * @description Projects in status planning or in_progress.
             * @example 5
             */
            activeProjects: number;
            /**
             * @description The provider currency: the profile currency if set, else USD for English and EUR for German (spec §9).
             * @example EUR
             */
            currency: string;
            /** @description No portals, clients or projects yet: the dashboard shows the first-steps guide instead. */
            isEmpty: boolean;
            /** @description Paid invoices in other currencies, one entry per currency, largest first. */
            otherRevenue: components["schemas"]["Money"][];
            /**
             * @description Invoices in status sent or overdue.
             * @example 3
             */
            pendingInvoices: number;
            /**
             * @description All clients of all portals.
             * @example 12
             */
            totalClients: number;
            /** @description Paid invoices in the provider currency. */
            totalRevenue: {
                /**
                 * @description Amount in minor units (cents).
                 * @example 1250000
                 */
                amountCents: number;
                /**
                 * @description ISO 4217 currency code.
                 * @example EUR
                 */
                currency: string;
            };
        };
        Plan: {
            /** @description False when this server has no Stripe account of its own. */
            billingAvailable: boolean;
            /**
             * @description trial: inside the 14 days; premium: an active subscription; expired: read-only until subscribed; self_hosted: this server has no platform billing, nothing is ever gated.
             * @enum {string}
             */
            plan: "trial" | "premium" | "expired" | "self_hosted";
            subscription: {
                cancelAtPeriodEnd: boolean;
                /** Format: date-time */
                currentPeriodEnd: string | null;
                status: string;
            } | null;
            /** Format: date-time */
            trialEndsAt: string;
        };
        /**
         * @example {
         *       "remotes": {
         *         "clients": "/remotes/clients/mf-manifest.json",
         *         "projects": "/remotes/projects/mf-manifest.json",
         *         "invoices": "/remotes/invoices/mf-manifest.json",
         *         "files": "/remotes/files/mf-manifest.json",
         *         "analytics": "/remotes/analytics/mf-manifest.json",
         *         "integrations": "/remotes/integrations/mf-manifest.json"
         *       },
         *       "mail": "outbox"
         *     }
         */
        PlatformConfig: {
            /**
             * @description Where e-mail goes: Resend, or the development outbox.
             * @enum {string}
             */
            mail: "resend" | "outbox";
            /** @description Module Federation manifest URL of each dashboard section. */
            remotes: {
                analytics?: string;
                clients?: string;
                files?: string;
                integrations?: string;
                invoices?: string;
                projects?: string;
            };
        };
        Portal: {
            allowedOrigins: string[];
            clientCount: number;
            contrast: {
                primary: components["schemas"]["ColorContrast"];
                secondary: components["schemas"]["ColorContrast"];
            };
            createdAt: string;
            customDomain: components["schemas"]["CustomDomain"];
            /** Format: uuid */
            id: string;
            /** @description Absolute URL of the logo (versioned), or null. */
            logoUrl: string | null;
            portalName: string;
            /** @description The standalone portal, `<origin>/portal/<id>`. */
            portalUrl: string;
            primaryColor: string;
            secondaryColor: string;
            updatedAt: string;
        };
        PortalBranding: {
            /** Format: uuid */
            id: string;
            /**
             * @description The provider’s language: the portal’s fallback when neither a stored choice nor the browser names a supported language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            /** @description Versioned logo URL, or null without a logo. */
            logoUrl: string | null;
            /** @example Analytical Studio */
            name: string;
            /**
             * @description The more readable text colour on the primary colour (WCAG contrast).
             * @enum {string}
             */
            onPrimary: "#ffffff" | "#111827";
            /** @example #4f46e5 */
            primaryColor: string;
            /** @example #0ea5e9 */
            secondaryColor: string;
        };
        PortalClient: {
            email: string;
            hasPassword: boolean;
            /** Format: uuid */
            id: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            name: string;
            /** Format: uuid */
            portalId: string;
        };
        PortalCreateInput: {
            /**
             * @description Up to 10 website origins that may embed the portal (CSP frame-ancestors).
             * @default []
             */
            allowedOrigins: string[];
            /** @example Analytical Studio */
            portalName: string;
            /**
             * @description Colour as `#rrggbb`.
             * @default #2563eb
             * @example #4f46e5
             */
            primaryColor: string;
            /**
             * @description Colour as `#rrggbb`.
             * @default #64748b
             * @example #4f46e5
             */
            secondaryColor: string;
        };
        PortalDashboard: {
            activeProjectCount: number;
            /** @description Up to 5, most recently updated first. */
            activeProjects: components["schemas"]["PortalProject"][];
            unpaidInvoiceCount: number;
            /** @description Up to 5, earliest due first. */
            unpaidInvoices: components["schemas"]["PortalInvoice"][];
            unpaidTotals: {
                amountCents: number;
                currency: string;
            }[];
        };
        PortalDeleted: {
            deleted: {
                clients: number;
                invoices: number;
                projects: number;
            };
            /** @enum {boolean} */
            ok: true;
        };
        PortalInvoice: {
            amountCents: number;
            createdAt: string;
            /** @example EUR */
            currency: string;
            description: string | null;
            /** @description Calendar date `YYYY-MM-DD`. */
            dueDate: string | null;
            /** Format: uuid */
            id: string;
            number: string;
            paidAt: string | null;
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** @enum {string} */
            status: "sent" | "paid" | "overdue" | "cancelled";
        };
        PortalInvoiceDetail: {
            amountCents: number;
            creditNoteNumber: string | null;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            description: string | null;
            dueDate: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issuedAt: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            legal: {
                buyer: components["schemas"]["InvoiceParty"];
                /** @description Legal notes printed in the invoice’s language (§ 19 UStG, reverse charge, exemption reasons). */
                notes: string[];
                seller: components["schemas"]["InvoiceParty"];
                /** @description Details the provider kept as free text. */
                sellerNote: string | null;
                /** @description Date of supply `YYYY-MM-DD`. */
                supplyDate: string | null;
                supplyFrom: string | null;
                supplyTo: string | null;
                /**
                 * @description In effect; null: `per_invoice` and not chosen.
                 * @enum {string|null}
                 */
                taxMode: "standard" | "small_business" | null;
            };
            lines: {
                /** @description Net amount of the line. */
                amountCents: number;
                description: string;
                exemptionReason: string | null;
                position: number;
                quantityMilli: number;
                taxRateBp: number | null;
                /**
                 * @description Unit of the quantity; UN/ECE Rec 20: hour HUR, day DAY, week WEE, month MON, piece H87, unit C62, flat_rate LS, km KMT.
                 * @example hour
                 * @enum {string}
                 */
                unit: "hour" | "day" | "week" | "month" | "piece" | "unit" | "flat_rate" | "km";
                /**
                 * @description UN/ECE Rec 20 code of the unit.
                 * @example HUR
                 */
                unitCode: string;
                unitPriceCents: number;
                /**
                 * @description The category in effect (chosen, or derived from the rate and tax mode); null: not chosen yet.
                 * @example standard
                 * @enum {string|null}
                 */
                vatCategory: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "outside_scope" | null;
                /**
                 * @description EN 16931 BT-151 code.
                 * @example S
                 */
                vatCategoryCode: string | null;
            }[];
            number: string;
            /** Format: date-time */
            paidAt: string | null;
            /** @description The day it was paid, `YYYY-MM-DD`. */
            paidOn: string | null;
            payment: {
                instructions: string | null;
                /**
                 * @description card: the pay button (Stripe); instructions: text how to pay; none: nothing to pay.
                 * @enum {string}
                 */
                method: "card" | "instructions" | "none";
            };
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** @description Card payments that arrived after the invoice was cancelled or paid, and their refund. */
            refunds: {
                amountCents: number;
                /**
                 * @description ISO 4217 currency.
                 * @example EUR
                 * @enum {string}
                 */
                currency: "EUR" | "USD";
                /**
                 * @description `refund_failed`: the provider was asked to refund it by hand.
                 * @enum {string}
                 */
                outcome: "refund_pending" | "refunded" | "refund_failed";
                /** Format: date-time */
                receivedAt: string;
                /** Format: date-time */
                refundedAt: string | null;
            }[];
            /** @enum {string} */
            status: "sent" | "paid" | "overdue" | "cancelled";
            subtotalCents: number;
            taxCents: number;
            taxes: components["schemas"]["InvoiceTaxGroup"][];
        };
        PortalInvoiceList: {
            items: components["schemas"]["PortalInvoice"][];
        };
        PortalList: {
            items: components["schemas"]["Portal"][];
        };
        PortalMagicLinkConsume: {
            /**
             * Format: uuid
             * @description Set on a custom domain: a token of another portal is refused there (and stays unused).
             */
            portalId?: string;
            token: string;
        };
        PortalMagicLinkRequest: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            /**
             * Format: uuid
             * @description The portal of the login page; omitted on the generic `/portal/login`.
             */
            portalId?: string;
            /**
             * Format: uri
             * @description Set by the portal inside the widget: the embedding page the e-mailed link returns to (as `<returnTo>#cp_magic=<token>&cp_portal=<portalId>`). Its origin must be one of the portal’s allowed website origins, and `portalId` is required with it.
             * @example https://ada.studio/account
             */
            returnTo?: string;
        };
        PortalMagicLinkSent: {
            /** @description Only where the development outbox is on, when the e-mail could NOT be stored or sent: the link itself, for the spec’s “Email Error - Demo Link” notice. Never present in production (a failed e-mail answers 503 `magic_link_failed` there). */
            demoLink?: string;
            /** @description When the link stops working (24 h, spec §9). */
            expiresAt: string;
            /** @enum {boolean} */
            ok: true;
            /** @description Only where the development outbox is on (outside production, without a mail key), when the e-mail reached it: where to read it (`/api/dev/outbox?to=…`). Never present in production. */
            outboxUrl?: string;
        };
        PortalPasswordChanged: {
            /** @description Other sessions ended by the change. */
            endedSessions: number;
            /** @enum {boolean} */
            ok: true;
        };
        PortalPasswordInput: {
            confirmPassword: string;
            currentPassword?: string;
            password: string;
        };
        /**
         * @example {
         *       "hasPassword": true
         *     }
         */
        PortalPasswordStatus: {
            hasPassword: boolean;
        };
        PortalPasswordStatusRequest: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            /**
             * Format: uuid
             * @description The portal of the login page; omitted on the generic `/portal/login`.
             */
            portalId?: string;
        };
        PortalProfileUpdate: {
            /**
             * @description The portal’s and its e-mails’ language.
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            name?: string;
        };
        PortalProject: {
            /** @description Only when the provider shares the budget; else null. */
            budget: {
                /**
                 * @description Amount in minor units (cents).
                 * @example 1250000
                 */
                amountCents: number;
                /**
                 * @description ISO 4217 currency code.
                 * @example EUR
                 */
                currency: string;
            } | null;
            description: string | null;
            /** @description Calendar date `YYYY-MM-DD`. */
            endDate: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Calendar date `YYYY-MM-DD`. */
            startDate: string | null;
            /** @enum {string} */
            status: "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";
            /** @description Messages from the provider the client has not read. */
            unreadMessages: number;
            updatedAt: string;
        };
        PortalProjectList: {
            items: components["schemas"]["PortalProject"][];
        };
        PortalQuote: {
            amountCents: number;
            contentSha256: string;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            decision: components["schemas"]["QuoteDecision"];
            description: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issuedAt: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            legal: {
                buyer: components["schemas"]["InvoiceParty"];
                /** @description Legal notes printed in the invoice’s language (§ 19 UStG, reverse charge, exemption reasons). */
                notes: string[];
                seller: components["schemas"]["InvoiceParty"];
                /** @description Details the provider kept as free text. */
                sellerNote: string | null;
                /** @description Date of supply `YYYY-MM-DD`. */
                supplyDate: string | null;
                supplyFrom: string | null;
                supplyTo: string | null;
                /**
                 * @description In effect; null: `per_invoice` and not chosen.
                 * @enum {string|null}
                 */
                taxMode: "standard" | "small_business" | null;
            };
            lines: {
                /** @description Net amount of the line. */
                amountCents: number;
                description: string;
                exemptionReason: string | null;
                position: number;
                quantityMilli: number;
                taxRateBp: number | null;
                /**
                 * @description Unit of the quantity; UN/ECE Rec 20: hour HUR, day DAY, week WEE, month MON, piece H87, unit C62, flat_rate LS, km KMT.
                 * @example hour
                 * @enum {string}
                 */
                unit: "hour" | "day" | "week" | "month" | "piece" | "unit" | "flat_rate" | "km";
                /**
                 * @description UN/ECE Rec 20 code of the unit.
                 * @example HUR
                 */
                unitCode: string;
                unitPriceCents: number;
                /**
                 * @description The category in effect (chosen, or derived from the rate and tax mode); null: not chosen yet.
                 * @example standard
                 * @enum {string|null}
                 */
                vatCategory: "standard" | "reduced" | "zero" | "exempt" | "reverse_charge" | "outside_scope" | null;
                /**
                 * @description EN 16931 BT-151 code.
                 * @example S
                 */
                vatCategoryCode: string | null;
            }[];
            number: string;
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** @enum {string} */
            status: "sent" | "accepted" | "declined" | "expired";
            subtotalCents: number;
            taxCents: number;
            taxes: components["schemas"]["InvoiceTaxGroup"][];
            validUntil: string;
        };
        PortalQuoteList: {
            items: components["schemas"]["PortalQuote"][];
        };
        PortalSession: {
            client: components["schemas"]["PortalClient"];
            createdAt: string;
            /** @description ISO 8601; 7 days after sign-in (spec §9). */
            expiresAt: string;
            /** @description `<id>.<secret>`; the server keeps only a hash of the secret. */
            token: string;
        };
        PortalSessionInfo: {
            client: components["schemas"]["PortalClient"];
            createdAt: string;
            /** @description ISO 8601; 7 days after sign-in (spec §9). */
            expiresAt: string;
        };
        PortalSignedOut: {
            endedSessions: number;
            /** @enum {boolean} */
            ok: true;
        };
        PortalSignInInput: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            password: string;
            /**
             * Format: uuid
             * @description The portal of the login page; omitted on the generic `/portal/login`.
             */
            portalId?: string;
        };
        PortalUpdateInput: {
            /** @description Up to 10 website origins that may embed the portal (CSP frame-ancestors). */
            allowedOrigins?: string[];
            /** @example Analytical Studio */
            portalName?: string;
            /**
             * @description Colour as `#rrggbb`.
             * @example #4f46e5
             */
            primaryColor?: string;
            /**
             * @description Colour as `#rrggbb`.
             * @example #4f46e5
             */
            secondaryColor?: string;
        };
        /**
         * @example {
         *       "fullName": "Ada Lovelace",
         *       "businessName": "Analytical Studio",
         *       "website": "https://ada.studio",
         *       "preferredLanguage": "en",
         *       "currency": null,
         *       "email": "ada@example.com"
         *     }
         */
        Profile: {
            businessName: string | null;
            /**
             * @description Explicit currency, or null to follow the language (USD for en, EUR for de; spec §9).
             * @example EUR
             */
            currency: string | null;
            /** @description The account e-mail (read-only here). */
            email: string;
            fullName: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            preferredLanguage: "en" | "de";
            website: string | null;
        };
        ProfileUpdateInput: {
            /**
             * @description Empty string or null clears it.
             * @example Analytical Studio
             */
            businessName?: string | null;
            /**
             * @description ISO 4217 code (case-insensitive on input).
             * @example EUR
             */
            currency?: string | null;
            /** @example Ada Lovelace */
            fullName?: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            preferredLanguage?: "en" | "de";
            /**
             * @description http(s) URL; empty string or null clears it.
             * @example https://ada.studio
             */
            website?: string | null;
        };
        Project: {
            budget: components["schemas"]["Money"] | null;
            budgetVisibleToClient: boolean;
            client: {
                /** Format: uuid */
                id: string;
                name: string;
                /** Format: uuid */
                portalId: string;
            };
            createdAt: string;
            description: string | null;
            endDate: string | null;
            /** Format: uuid */
            id: string;
            internalNotes: string | null;
            name: string;
            startDate: string | null;
            /**
             * @description Spec §4 project statuses.
             * @example in_progress
             * @enum {string}
             */
            status: "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";
            /** @description Messages from the client the provider has not read. */
            unreadMessages: number;
            updatedAt: string;
        };
        /** @description A project was created. */
        ProjectCreatedEvent: {
            data: {
                object: components["schemas"]["Project"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "project.created";
            /** @enum {number} */
            version: 1;
        };
        ProjectCreateInput: {
            /** @description Budget in minor units (cents) of the provider’s currency; null for none. */
            budgetCents?: number | null;
            /** @description Whether the client sees the budget in the portal (default false). */
            budgetVisibleToClient?: boolean;
            /**
             * Format: uuid
             * @description One of your clients.
             */
            clientId: string;
            /** @description Shown to the client in the portal. */
            description?: string | null;
            /**
             * Format: date
             * @description Calendar date `YYYY-MM-DD`: a day that exists, in the years 1900 to 9999.
             * @example 2026-12-31
             */
            endDate?: string | null;
            /** @description Internal: never shown to the client. */
            internalNotes?: string | null;
            /** @example Website relaunch */
            name: string;
            /**
             * Format: date
             * @description Calendar date `YYYY-MM-DD`: a day that exists, in the years 1900 to 9999.
             * @example 2026-12-31
             */
            startDate?: string | null;
            /**
             * @description Spec §4 project statuses.
             * @example in_progress
             * @enum {string}
             */
            status?: "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";
        };
        ProjectDeleted: {
            deleted: {
                messages: number;
            };
            /** @description Invoices of the project, kept without it. */
            keptInvoices: number;
            /** @enum {boolean} */
            ok: true;
        };
        ProjectList: {
            items: components["schemas"]["Project"][];
            /** @description Send as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
            /** @description Every match, not just this page. */
            total: number;
        };
        /** @description A project’s status changed. */
        ProjectStatusChangedEvent: {
            data: {
                object: components["schemas"]["Project"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "project.status_changed";
            /** @enum {number} */
            version: 1;
        };
        /** @description A project’s details (not its status) changed. */
        ProjectUpdatedEvent: {
            data: {
                object: components["schemas"]["Project"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "project.updated";
            /** @enum {number} */
            version: 1;
        };
        ProjectUpdateInput: {
            /** @description Budget in minor units (cents) of the provider’s currency; null for none. */
            budgetCents?: number | null;
            /** @description Whether the client sees the budget in the portal (default false). */
            budgetVisibleToClient?: boolean;
            /**
             * Format: uuid
             * @description One of your clients.
             */
            clientId?: string;
            /** @description Shown to the client in the portal. */
            description?: string | null;
            /**
             * Format: date
             * @description Calendar date `YYYY-MM-DD`: a day that exists, in the years 1900 to 9999.
             * @example 2026-12-31
             */
            endDate?: string | null;
            /** @description Internal: never shown to the client. */
            internalNotes?: string | null;
            /** @example Website relaunch */
            name?: string;
            /**
             * Format: date
             * @description Calendar date `YYYY-MM-DD`: a day that exists, in the years 1900 to 9999.
             * @example 2026-12-31
             */
            startDate?: string | null;
            /**
             * @description Spec §4 project statuses.
             * @example in_progress
             * @enum {string}
             */
            status?: "planning" | "in_progress" | "on_hold" | "completed" | "cancelled";
        };
        Quote: {
            /** @description Total, tax included. */
            amountCents: number;
            client: {
                company: string | null;
                email: string;
                /** Format: uuid */
                id: string;
                name: string;
            };
            /** @description SHA-256 (hex) of the canonical content, fixed when it is sent. */
            contentSha256: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            /** Format: date-time */
            decidedAt: string | null;
            decision: components["schemas"]["QuoteDecision"];
            description: string | null;
            /** Format: uuid */
            id: string;
            /** @description What `POST …/invoice` accepts now: `full` and `deposit` once accepted, `rest` after a deposit. */
            invoiceable: ("full" | "deposit" | "rest")[];
            /** @description Invoices made from it, oldest first. */
            invoices: components["schemas"]["QuoteInvoice"][];
            /** Format: date-time */
            issuedAt: string | null;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language: "en" | "de";
            legal: components["schemas"]["InvoiceLegal"];
            lines: components["schemas"]["InvoiceLine"][];
            /**
             * @description Assigned when sent; null for a draft.
             * @example AN-0001
             */
            number: string | null;
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /**
             * @description Quote status; `expired`: sent, and its validity date has passed.
             * @example sent
             * @enum {string}
             */
            status: "draft" | "sent" | "accepted" | "declined" | "expired";
            subtotalCents: number;
            taxCents: number;
            taxes: components["schemas"]["InvoiceTaxGroup"][];
            /** Format: date-time */
            updatedAt: string;
            /** @description Calendar date `YYYY-MM-DD`. */
            validUntil: string;
        };
        QuoteAccept: {
            /** @description The `contentSha256` of the quote as shown to the client. */
            contentSha256: string;
        };
        /** @description The client accepted a quote in the portal (`decision` records who, when, from where and the content’s SHA-256). */
        QuoteAcceptedEvent: {
            data: {
                object: components["schemas"]["Quote"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "quote.accepted";
            /** @enum {number} */
            version: 1;
        };
        QuoteCreate: {
            /** Format: uuid */
            clientId: string;
            /**
             * @description Default: from the profile, else the language.
             * @example EUR
             * @enum {string}
             */
            currency?: "EUR" | "USD";
            /** @default null */
            description: string | null;
            /**
             * @description Default: the client’s language.
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            lines: components["schemas"]["InvoiceLineInput"][];
            /**
             * Format: uuid
             * @default null
             */
            projectId: string | null;
            /**
             * Format: date
             * @description Date of supply (Leistungsdatum), `YYYY-MM-DD`; or give a period of service instead.
             * @default null
             * @example 2026-12-31
             */
            supplyDate: string | null;
            /**
             * Format: date
             * @description Period of service: first day.
             * @default null
             * @example 2026-12-31
             */
            supplyFrom: string | null;
            /**
             * Format: date
             * @description Period of service: last day (not before the first).
             * @default null
             * @example 2026-12-31
             */
            supplyTo: string | null;
            /**
             * @description Only when the settings’ tax mode is `per_invoice`: this invoice’s (`standard` or `small_business`). Ignored otherwise.
             * @default null
             * @enum {string|null}
             */
            taxMode: "standard" | "small_business" | null;
            /**
             * Format: date
             * @description Default: today plus the settings’ validity (30 days unless changed).
             * @example 2026-12-31
             */
            validUntil?: string;
        };
        QuoteDecision: {
            /** Format: date-time */
            at: string;
            /** Format: uuid */
            clientId: string | null;
            /** @description For an acceptance: the SHA-256 (hex) of the quote’s canonical content accepted. */
            contentSha256: string | null;
            email: string | null;
            /** @description The address the decision came from (the proxy rules of `TRUST_PROXY`). */
            ip: string | null;
            /** @description The client’s name when they decided. */
            name: string | null;
            /** @enum {string} */
            outcome: "accepted" | "declined";
            /** @description For a decline: the client’s reason, if given. */
            reason: string | null;
        } | null;
        QuoteDecline: {
            /** @default null */
            reason: string | null;
        };
        /** @description The client declined a quote in the portal. */
        QuoteDeclinedEvent: {
            data: {
                object: components["schemas"]["Quote"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "quote.declined";
            /** @enum {number} */
            version: 1;
        };
        QuoteInvoice: {
            amountCents: number;
            /** Format: uuid */
            id: string;
            number: string | null;
            /**
             * @description `full`: the whole quote; `deposit`: a percentage first; `rest`: what the deposit left.
             * @enum {string}
             */
            part: "full" | "deposit" | "rest";
            /**
             * @description Invoice status (spec §4).
             * @example sent
             * @enum {string}
             */
            status: "draft" | "sent" | "paid" | "overdue" | "cancelled";
        };
        QuoteInvoiceCreate: {
            /**
             * @description For `deposit`: the share of the total, in whole percent (1–99).
             * @example 30
             */
            depositPercent?: number;
            /**
             * @description `full`: the whole quote; `deposit`: a percentage first; `rest`: what the deposit left.
             * @enum {string}
             */
            part: "full" | "deposit" | "rest";
        };
        QuoteList: {
            items: components["schemas"]["QuoteSummary"][];
            nextCursor: string | null;
        };
        /** @description A quote was sent to its client. */
        QuoteSentEvent: {
            data: {
                object: components["schemas"]["Quote"];
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "quote.sent";
            /** @enum {number} */
            version: 1;
        };
        QuoteSummary: {
            /** @description Total, tax included. */
            amountCents: number;
            client: {
                /** Format: uuid */
                id: string;
                name: string;
            };
            /** Format: date-time */
            createdAt: string;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR" | "USD";
            /** Format: date-time */
            decidedAt: string | null;
            description: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issuedAt: string | null;
            /**
             * @description Assigned when sent; null for a draft.
             * @example AN-0001
             */
            number: string | null;
            project: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /**
             * @description Quote status; `expired`: sent, and its validity date has passed.
             * @example sent
             * @enum {string}
             */
            status: "draft" | "sent" | "accepted" | "declined" | "expired";
            /** @description Calendar date `YYYY-MM-DD`. */
            validUntil: string;
        };
        QuoteUpdate: {
            /** Format: uuid */
            clientId?: string;
            /**
             * @description ISO 4217 currency.
             * @example EUR
             * @enum {string}
             */
            currency?: "EUR" | "USD";
            description?: string | null;
            /**
             * @description Language of the quote’s PDF and e-mails.
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            lines?: components["schemas"]["InvoiceLineInput"][];
            /** Format: uuid */
            projectId?: string | null;
            /**
             * Format: date
             * @description Date of supply (Leistungsdatum), `YYYY-MM-DD`; or give a period of service instead.
             * @example 2026-12-31
             */
            supplyDate?: string | null;
            /**
             * Format: date
             * @description Period of service: first day.
             * @example 2026-12-31
             */
            supplyFrom?: string | null;
            /**
             * Format: date
             * @description Period of service: last day (not before the first).
             * @example 2026-12-31
             */
            supplyTo?: string | null;
            /**
             * @description Only when the settings’ tax mode is `per_invoice`: this invoice’s (`standard` or `small_business`). Ignored otherwise.
             * @enum {string|null}
             */
            taxMode?: "standard" | "small_business" | null;
            /**
             * Format: date
             * @description The last day the client may accept it, `YYYY-MM-DD`.
             * @example 2026-12-31
             */
            validUntil?: string;
        };
        ReadPosition: {
            lastReadSeq: number;
        };
        ResendVerificationInput: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
        };
        ResetPasswordInput: {
            confirmPassword: string;
            /** @example correct horse battery */
            newPassword: string;
            /** @description Token from the password-reset e-mail. */
            token: string;
        };
        /**
         * @example {
         *       "ok": true,
         *       "email": "ada@example.com"
         *     }
         */
        ResetPasswordResponse: {
            /** @description The account’s address, to fill in the sign-in form. */
            email: string;
            /** @enum {boolean} */
            ok: true;
        };
        Session: {
            created_at: number;
            /**
             * @description Expiry in seconds since the epoch (spec §3).
             * @example 1767225600
             */
            expires_at: number;
            /** @description Public session id (the part before the dot of the token). */
            id: string;
        } | null;
        SessionResponse: {
            session: components["schemas"]["Session"];
            user: components["schemas"]["User"];
        };
        SignInInput: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            password: string;
        };
        /**
         * @example {
         *       "ok": true,
         *       "endedSessions": 3
         *     }
         */
        SignOutEverywhereResponse: {
            /** @description Sessions ended, this one included. */
            endedSessions: number;
            /** @enum {boolean} */
            ok: true;
        };
        SignUpInput: {
            confirmPassword: string;
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            /**
             * @description Defaults to the e-mail when empty (spec §3).
             * @example Ada Lovelace
             */
            fullName?: string;
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            language?: "en" | "de";
            /** @example correct horse battery */
            password: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "verificationSent": true
         *     }
         */
        SignUpResponse: {
            email: string;
            /** @enum {boolean} */
            verificationSent: true;
        };
        StripeCheck: {
            accountId: string;
            accountName: string | null;
            /** Format: date-time */
            checkedAt: string;
            livemode: boolean;
        };
        StripeConnect: {
            secretKey: string;
            /** @description Optional: without it, a webhook endpoint is created in the account for you. */
            webhookSecret?: string;
        };
        StripeConnection: {
            accountId: string | null;
            accountName: string | null;
            connected: boolean;
            /** Format: date-time */
            connectedAt: string | null;
            keyLast4: string | null;
            livemode: boolean | null;
            /** @description True when we created the webhook endpoint ourselves. */
            webhookManaged: boolean;
            /** @description Where Stripe sends events: `<PUBLIC_URL>/api/webhooks/stripe`. */
            webhookUrl: string;
        };
        StripeWebhookReceived: {
            /** @description True when this event id was processed before (nothing done). */
            duplicate: boolean;
            /** @enum {boolean} */
            received: true;
        };
        UnreadCount: {
            count: number;
            /** @description The newest feed position (`seq`) the caller’s side can see, 0 when none: a page that reads it on load toasts what arrives after it. */
            latestSeq: number;
        };
        /**
         * @example {
         *       "id": "2b1f0c3e-7d4a-4f7e-9d7e-0a1b2c3d4e5f",
         *       "email": "ada@example.com",
         *       "fullName": "Ada Lovelace",
         *       "emailVerified": true,
         *       "preferredLanguage": "en",
         *       "trialEndsAt": "2026-12-05T10:00:00.000Z",
         *       "plan": "trial",
         *       "createdAt": "2026-11-21T10:00:00.000Z"
         *     }
         */
        User: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            emailVerified: boolean;
            fullName: string;
            /** Format: uuid */
            id: string;
            /**
             * @description trial: inside the 14 days; premium: an active subscription; expired: read-only until subscribed; self_hosted: this server has no platform billing, nothing is ever gated (as `GET /api/plan`).
             * @enum {string}
             */
            plan: "trial" | "premium" | "expired" | "self_hosted";
            /**
             * @description Interface language.
             * @example en
             * @enum {string}
             */
            preferredLanguage: "en" | "de";
            /**
             * Format: date-time
             * @description 14-day trial end (spec §1).
             */
            trialEndsAt: string;
        } | null;
        /**
         * @example {
         *       "state": "pending",
         *       "email": "ada@example.com"
         *     }
         */
        VerificationStatus: {
            /** @description The address the link was sent to. */
            email: string;
            /**
             * @description `pending`: the link can finish the sign-up. `verified`: the address is verified already (the link was used, replaced or is no longer needed); sign in instead.
             * @enum {string}
             */
            state: "pending" | "verified";
        };
        VerificationStatusInput: {
            /** @description Token from the verification e-mail. */
            token: string;
        };
        VerifyEmailInput: {
            /** @description Repeats `newPassword`. */
            confirmPassword?: string;
            /** @description The password chosen at sign-up. Give this OR `newPassword`. */
            currentPassword?: string;
            /**
             * @description A new password that replaces the sign-up one and ends every other session of the account.
             * @example correct horse battery
             */
            newPassword?: string;
            /** @description Token from the verification e-mail. */
            token: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "name": "Ada"
         *     }
         */
        WaitlistInput: {
            /**
             * @description E-mail address (case-insensitive).
             * @example ada@example.com
             */
            email: string;
            name?: string;
        };
        /**
         * @example {
         *       "joined": true,
         *       "alreadyOnList": false
         *     }
         */
        WaitlistResponse: {
            alreadyOnList: boolean;
            /** @enum {boolean} */
            joined: true;
        };
        WebhookDelivery: {
            /** @description Attempts made so far, redeliveries included. */
            attempts: number;
            createdAt: string;
            /**
             * Format: uuid
             * @description The event’s id: `webhook-id` of every attempt (stable for de-duplication).
             */
            eventId: string;
            /** @example invoice.paid */
            eventType: string;
            /** Format: uuid */
            id: string;
            /** @description Its attempts, newest first (the latest 20). */
            log: components["schemas"]["WebhookDeliveryAttempt"][];
            /**
             * @description pending: queued or waiting for a retry; failed: given up.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            updatedAt: string;
        };
        WebhookDeliveryAttempt: {
            /** @description 1 for the first try. */
            attempt: number;
            createdAt: string;
            durationMs: number;
            /** @description Why no usable answer came: `timeout`, `address_refused` (an internal address), `dns_failed`, `connection_failed`, `redirect_not_followed`, `endpoint_disabled`; null for an HTTP answer. */
            error: string | null;
            /** Format: uuid */
            id: string;
            /** @description A redelivery you asked for. */
            manual: boolean;
            /** @description The first 2 KB of the answer’s body. */
            responseBody: string | null;
            /** @description null when no answer came. */
            statusCode: number | null;
        };
        WebhookDeliveryList: {
            items: components["schemas"]["WebhookDelivery"][];
            /** @description Send as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        WebhookDeliveryQueued: {
            /** Format: uuid */
            deliveryId: string;
            /** Format: uuid */
            eventId: string;
        };
        WebhookEndpoint: {
            createdAt: string;
            description: string | null;
            /**
             * @description `failing`: turned off by the platform after every attempt failed for 3 days (the provider was e-mailed); null otherwise.
             * @enum {string|null}
             */
            disabledReason: "failing" | null;
            enabled: boolean;
            eventTypes: ("client.created" | "client.updated" | "client.deleted" | "project.created" | "project.updated" | "project.status_changed" | "message.created" | "file.uploaded" | "file.status_changed" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.cancelled" | "quote.sent" | "quote.accepted" | "quote.declined")[];
            /** @description When the current run of failed attempts began; null after a success. */
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            /** @description After a rotation: until when the old secret still signs (a second signature). */
            previousSecretExpiresAt: string | null;
            updatedAt: string;
            url: string;
        };
        WebhookEndpointCreated: {
            createdAt: string;
            description: string | null;
            /**
             * @description `failing`: turned off by the platform after every attempt failed for 3 days (the provider was e-mailed); null otherwise.
             * @enum {string|null}
             */
            disabledReason: "failing" | null;
            enabled: boolean;
            eventTypes: ("client.created" | "client.updated" | "client.deleted" | "project.created" | "project.updated" | "project.status_changed" | "message.created" | "file.uploaded" | "file.status_changed" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.cancelled" | "quote.sent" | "quote.accepted" | "quote.declined")[];
            /** @description When the current run of failed attempts began; null after a success. */
            failingSince: string | null;
            /** Format: uuid */
            id: string;
            /** @description After a rotation: until when the old secret still signs (a second signature). */
            previousSecretExpiresAt: string | null;
            /**
             * @description The signing secret (`whsec_` + base64 of 32 random bytes), shown only now. Verify `webhook-signature` with it (Standard Webhooks).
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8dTb4NhMuKQ=
             */
            secret: string;
            updatedAt: string;
            url: string;
        };
        WebhookEndpointCreateInput: {
            /** @example Zapier: new invoices to the bookkeeping sheet */
            description?: string | null;
            /** @default true */
            enabled: boolean;
            /**
             * @example [
             *       "invoice.sent",
             *       "invoice.paid"
             *     ]
             */
            eventTypes: ("client.created" | "client.updated" | "client.deleted" | "project.created" | "project.updated" | "project.status_changed" | "message.created" | "file.uploaded" | "file.status_changed" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.cancelled" | "quote.sent" | "quote.accepted" | "quote.declined")[];
            /** @example https://hooks.example.com/client-portal */
            url: string;
        };
        WebhookEndpointList: {
            items: components["schemas"]["WebhookEndpoint"][];
            /** @description Send as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        WebhookEndpointUpdateInput: {
            /** @example Zapier: new invoices to the bookkeeping sheet */
            description?: string | null;
            enabled?: boolean;
            /**
             * @example [
             *       "invoice.sent",
             *       "invoice.paid"
             *     ]
             */
            eventTypes?: ("client.created" | "client.updated" | "client.deleted" | "project.created" | "project.updated" | "project.status_changed" | "message.created" | "file.uploaded" | "file.status_changed" | "invoice.sent" | "invoice.paid" | "invoice.overdue" | "invoice.cancelled" | "quote.sent" | "quote.accepted" | "quote.declined")[];
            /** @example https://hooks.example.com/client-portal */
            url?: string;
        };
        /** @description Sent by “Send test event”. */
        WebhookTestEvent: {
            data: {
                object: {
                    /** Format: uuid */
                    endpointId: string;
                    /** @example A test event from Client Portal. */
                    message: string;
                };
            };
            /**
             * Format: uuid
             * @description The event’s id, also sent as `webhook-id`; the same on every retry.
             */
            id: string;
            /**
             * @description When it happened (ISO 8601).
             * @example 2026-12-07T10:15:00.000Z
             */
            timestamp: string;
            /** @enum {string} */
            type: "webhook.test";
            /** @enum {number} */
            version: 1;
        };
        WidgetEmbedding: {
            /** @description Whether `origin` is one of the portal’s allowed website origins (Portals → the portal → Website embedding). */
            allowed: boolean;
            /** @example Analytical Studio */
            portalName: string;
            /**
             * @description The portal’s primary colour (`#rrggbb`).
             * @example #4f46e5
             */
            primaryColor: string;
        };
        WidgetHandoffInput: {
            /**
             * @description Also return this page’s data for the new session (under `included`), as `GET /api/portal/{portalId}/<include>` would: the frame’s first screen then needs no second request.
             * @enum {string}
             */
            include?: "dashboard" | "projects" | "invoices";
            /**
             * Format: uuid
             * @description The portal the frame shows.
             */
            portalId: string;
            /** @description The JWT (HS256) the provider’s backend signed. */
            token: string;
        };
        WidgetHandoffSession: {
            client: components["schemas"]["PortalClient"];
            createdAt: string;
            /** @description ISO 8601; 7 days after sign-in (spec §9). */
            expiresAt: string;
            /** @description The data `include` asked for (only the signed-in client’s own). */
            included?: {
                dashboard?: components["schemas"]["PortalDashboard"];
                invoices?: components["schemas"]["PortalInvoiceList"];
                projects?: components["schemas"]["PortalProjectList"];
            };
            /** @description `<id>.<secret>`; the server keeps only a hash of the secret. */
            token: string;
        };
        /**
         * @example {
         *       "secret": "cpws_3q2-Vb9x0LkM4nT7yZ1wR8sE5uH6jP2aC0dF9gK4x7Qa",
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "hint": "x7Qa"
         *     }
         */
        WidgetSecretCreated: {
            createdAt: string;
            hint: string;
            /** @description The new signing secret. Shown this once: store it in your backend’s configuration. It replaces the previous secret at once. */
            secret: string;
        };
        /**
         * @example {
         *       "configured": true,
         *       "createdAt": "2026-11-21T10:00:00.000Z",
         *       "hint": "x7Qa"
         *     }
         */
        WidgetSecretStatus: {
            /** @description Whether identity handoff is set up for this portal. */
            configured: boolean;
            /** @description When the current secret was created (ISO 8601). */
            createdAt: string | null;
            /** @description The last four characters of the current secret, to tell secrets apart. */
            hint: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
