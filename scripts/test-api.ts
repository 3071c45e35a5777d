/**
 * Runs the API tests on PGlite and on PostgreSQL. Under CI=true the PostgreSQL part must run: an unreachable
 * server fails the run. Elsewhere it is skipped with a line saying so, so a laptop without PostgreSQL can still test.
 */
import { spawnSync } from 'node:child_process';
import { POSTGRES_ADMIN_URL, postgresProblem } from '../src/server/test/test-databases.ts';

const problem = await postgresProblem();
const projects = ['--project', 'api-pglite'];
if (problem === null) {
  projects.push('--project', 'api-postgres');
} else if (process.env.CI === 'true') {
  console.error(`PostgreSQL is not answering at ${POSTGRES_ADMIN_URL} (${problem}); under CI the PostgreSQL API tests must run.`);
  process.exit(1);
} else {
  console.warn(
    `SKIPPED the PostgreSQL API tests: no server at ${POSTGRES_ADMIN_URL} (${problem}). Set TEST_DATABASE_URL to run them.`,
  );
}
const result = spawnSync('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
