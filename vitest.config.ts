import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api/**/*.test.ts',
      'shared/**/*.test.ts',
      'host/**/*.test.{ts,tsx}',
      'embed/**/*.test.ts',
      'remotes/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
    ],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
