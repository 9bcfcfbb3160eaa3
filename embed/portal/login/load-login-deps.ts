/** The sign-in forms' contracts and API calls, in their own chunk (see `login-deps.ts`). */
export const loadLoginDeps = () => import('./login-deps');
