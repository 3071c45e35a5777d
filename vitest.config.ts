import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, and the same API test files run once on PGlite and once on PostgreSQL.
const apiTests = ['src/server/**/*.test.ts'];
const unitOnly = ['src/server/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: unitOnly,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: unitOnly,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/global-setup-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
