import { buildMissingFrontends } from './frontends';

/**
 * The entry of the built server (`dist/server/serve.js`, made by `start.ts`): builds any missing frontend,
 * then runs the service (`api/main.ts`).
 */
buildMissingFrontends(process.env.DIST_DIR ?? './dist');
await import('../main');
