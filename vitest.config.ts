import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run for the whole workspace, in three tiers selected by project name:
 * `unit:*` (no servers), `integration:*` (PostgreSQL and Redis) and `e2e` (Chromium).
 * The global setup starts only what the selected projects need.
 *
 * A test file that needs PostgreSQL or Redis is named `*.int.test.ts`.
 */

const serverTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

function serverPackage(name: 'db' | 'gateway' | 'workers'): TestProjectInlineConfiguration[] {
  const integration = ['src/**/*.int.test.ts'];
  return [
    {
      test: {
        name: `unit:${name}`,
        root: `./${name}`,
        include: ['src/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...integration],
        ...serverTimeouts,
      },
    },
    { test: { name: `integration:${name}`, root: `./${name}`, include: integration, ...serverTimeouts } },
  ];
}

export default defineConfig({
  test: {
    globalSetup: ['./scripts/test-global-setup.ts'],
    projects: [
      { test: { name: 'unit:shared', root: './shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'unit:scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.int.test.ts'],
        },
      },
      // The launcher, run as `pnpm start` runs it, in child processes of its own.
      {
        test: {
          name: 'integration:scripts',
          root: './scripts',
          include: ['**/*.int.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'unit:web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      ...serverPackage('db'),
      ...serverPackage('gateway'),
      ...serverPackage('workers'),
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
