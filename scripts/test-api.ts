/**
 * Runs the API tests on PGlite and on PostgreSQL. Under CI=true the PostgreSQL part must run: an unreachable
 * server fails the run. Elsewhere it is skipped with a line saying so, so a laptop without PostgreSQL can still test.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { POSTGRES_ADMIN_URL } from '../src/server/test/test-databases.ts';

async function postgresAnswers(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

const problem = await postgresAnswers();
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
