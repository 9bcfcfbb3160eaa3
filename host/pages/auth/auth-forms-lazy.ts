/**
 * What the public forms need only once the user interacts: the zod contracts (validation) and the typed API
 * client. One chunk, loaded on the first focus inside a form or on submit, so the forms render without zod
 * or openapi-fetch (first-load budget, `npm run bench`).
 */
export const loadAuthForms = () => import('./auth-forms-deps');
