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
