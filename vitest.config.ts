import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,app,projections,api,scripts}/**/*.test.ts', 'ui/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    globalSetup: ['test-support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
