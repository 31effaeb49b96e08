import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) {
  // CI must exercise Postgres: a missing database fails the run instead of skipping it.
  throw new Error('CI requires TEST_DATABASE_URL for the Postgres integration run.');
}
if (!postgresUrl) {
  console.warn('\n[vitest] TEST_DATABASE_URL is not set: the Postgres integration run is SKIPPED (PGlite only).\n');
}

const integration = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `integration:${kind}`,
    include: ['apps/server/test/**/*.test.ts'],
    env: { ATENDE_TEST_DB: kind, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default in run mode is one worker fewer than the cores: one file at a time on a 2-core machine.
    // Each integration file has its own database (PGlite in its own thread, or a fresh Postgres database), so
    // two run side by side: the whole run went from 1,140 s to 688 s on this machine, all green.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
        },
      },
      integration('pglite'),
      ...(postgresUrl ? [integration('postgres')] : []),
    ],
  },
});
