import { defineConfig } from 'vitest/config';

/**
 * One run for the whole workspace. Integration tests share a fresh database and a fresh
 * Redis key prefix created by test/global-setup.ts for this run.
 */
export default defineConfig({
  test: {
    globalSetup: ['./scripts/test-global-setup.ts'],
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'db', root: './db', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'gateway',
          root: './gateway',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'workers',
          root: './workers',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          root: './web',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
