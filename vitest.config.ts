import { defineConfig } from 'vitest/config';

// Pure unit tests; the same API test files run once on PGlite and once on PostgreSQL; and the resilience tests
// (faults, load, scale-out), which start their own servers and databases and so run one file at a time.
const apiTests = ['src/server/**/*.test.ts'];
/**
 * Test files at once. Vitest's default is one fewer than the cores, so one on CI's two: the API files spend much of
 * their time waiting for PostgreSQL or the embedded database, and one at a time left a core idle. On a quiet two-core
 * machine (2026-11-28) the API suite took 238 s with two at once, 197 s with three and 200 s with four: three keep the
 * whole suite nearer its 15 minutes. The slowest tests (a restore through the script, hostile uploads) then take up to
 * some 32 s, well inside the API tests' timeout.
 */
const FILES_AT_ONCE = Number(process.env.TEST_FILES_AT_ONCE ?? 3);
/**
 * Per API test: generous, as nothing here measures speed. Some start a script in a child process or a server of their
 * own, on two cores shared with another test file and PostgreSQL.
 */
const API_TEST_TIMEOUT_MS = 90_000;
// The API files run without a fresh module graph each (isolate: false): importing the whole server again for each of
// 118 files was 270 s of the 16 minutes. Each file still opens its own database and app; what the server keeps in
// memory is kept per database (WeakMaps keyed by it), so nothing carries from one file to the next.
const unitOnly = ['src/server/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: FILES_AT_ONCE,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'src/server/**/*.unit.test.ts',
            'resilience/**/*.unit.test.ts',
            'lint-rules/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
          environment: 'node',
          // A few of these open an embedded database or render pages in jsdom: allow for a busy 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          isolate: false,
          exclude: unitOnly,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/global-setup-pglite.ts'],
          testTimeout: API_TEST_TIMEOUT_MS,
          hookTimeout: 2 * API_TEST_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          isolate: false,
          exclude: unitOnly,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/global-setup-postgres.ts'],
          testTimeout: API_TEST_TIMEOUT_MS,
          hookTimeout: 2 * API_TEST_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'resilience',
          include: ['resilience/**/*.test.ts'],
          exclude: ['resilience/**/*.unit.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
