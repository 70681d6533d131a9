import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'e2e/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['{domain,app,projections,api,scripts}/**/*.test.ts'],
          globalSetup: ['test-support/global-setup.ts'],
          // Each file clones its own database and starts what it uses, so the files of a worker can
          // share one module cache: imports took 120 s of the 430 s run, loaded again for each of
          // 136 files; without it the run took 290 s.
          isolate: false,
          restoreMocks: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['ui/src/**/*.test.{ts,tsx}'],
          // vi.mock and jsdom: each file in its own process.
          isolate: true,
        },
      },
    ],
  },
});
