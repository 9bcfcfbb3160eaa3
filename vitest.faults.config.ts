import { defineConfig } from 'vitest/config';

/**
 * The fault and soak tests (`npm run test:faults`, CI's step after `npm test`): real service processes,
 * PostgreSQL restarted, s3rver and the mail stand-in stopped, two instances behind a proxy. Each file
 * brings its own databases and ports; two run side by side.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
