import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['test-support/global-setup.ts'],
    pool: 'forks',
    // Two files at a time, each with its own server, database and Chromium: one file alone left the
    // 2-core machine idle most of the time (waiting on the screens), and the 14 files took 574 s
    // one after another against 315–342 s two at a time, the cores then 90–98% busy.
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
