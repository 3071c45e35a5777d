import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, runMigrations, type Database } from './db/client.ts';
import { startHourlyJob } from './hourly-job.ts';
import { releaseMade } from './modules/releases/release-made.ts';
import { runScheduledReleases } from './modules/releases/releases.repo.ts';
import { startPeriodOpener } from './modules/returns/period-opener.ts';
import { seedDemo } from './seed/demo.ts';
import { middayInBc } from '../shared/term-calendar.ts';

/** Starts the server: settings, database (migrated), demo data in development, then listen; stops cleanly on a signal. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
    await runMigrations(database);
  } catch (err) {
    const where = config.databaseUrl
      ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
      : `the embedded database in ${config.dataDir}`;
    console.error(`The app cannot open its database (${where}): ${(err as Error).message}`);
    process.exit(1);
  }
  // DEMO_TODAY (development only) pins the demo's day, for the seed, the periods job and the release schedule alike.
  const { demoToday } = config;
  const now = demoToday ? () => middayInBc(demoToday) : () => new Date();
  if (config.isDevelopment && (await seedDemo(database, now()))) {
    console.log('Seeded the demo data (25 institutions, their programs, ten fiscal years of records, seven demo users).');
  }

  const app = await buildApp({ config, database });
  const periodOpener = startPeriodOpener(database.db, app.log, now);
  await periodOpener.started;
  // After the periods: a release the schedule calls for (decision 024), made by one server (releases take a lock).
  const releaser = startHourlyJob(app.log, 'make the scheduled release', async () => {
    const release = await runScheduledReleases(database.db, now());
    // Its figures computed ahead for the readers, as after a release from the Releases screen (decision 043).
    if (release) await releaseMade.call(database.db, release.periods, app.log);
    return release ? `made release ${release.number}: ${release.note}` : null;
  });
  await releaser.started;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking connections, let requests in flight finish, then close the database (and its lock).
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    periodOpener.stop();
    releaser.stop();
    await app.close().catch((err: unknown) => app.log.error({ err }, 'error while closing'));
    await database.close().catch(() => {});
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(
    `${config.isDevelopment ? 'Development' : 'Production'} server ready at ${where} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

void main();
