/**
 * Runs the resilience tests (faults, load, scale-out) against the built server (`npm run build` first). They need
 * PostgreSQL: under CI=true an unreachable server fails the run; elsewhere they are skipped with a line saying so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { POSTGRES_ADMIN_URL, postgresProblem } from '../src/server/test/test-databases.ts';

if (!existsSync('dist/node/server/server.js')) {
  console.error('The resilience tests start the built server: run `npm run build` first (or `npm run test:resilience`).');
  process.exit(1);
}
const problem = await postgresProblem();
if (problem !== null) {
  if (process.env.CI === 'true') {
    console.error(`PostgreSQL is not answering at ${POSTGRES_ADMIN_URL} (${problem}); under CI the resilience tests must run.`);
    process.exit(1);
  }
  console.warn(`SKIPPED the resilience tests: no PostgreSQL at ${POSTGRES_ADMIN_URL} (${problem}).`);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'resilience', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
