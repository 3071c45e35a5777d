import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openPglite, openPostgres, type Database, type Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { adminQuery, databaseUrl, PGLITE_TEMPLATE_FILE } from './test-databases.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: AppConfig;
  /** A Cookie header that signs in as this user (a real session row, as sign-in would make). */
  cookieFor(userId: number): Promise<string>;
  close(): Promise<void>;
}

/** Settings for a production-like app (no direct sign-in), for tests of what must not exist outside development. */
export const PRODUCTION_ENV = {
  APP_ENV: 'P',
  OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
  OIDC_CLIENT_ID: 'wil-test',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  // app.inject sends `Host: localhost:80`; a production server answers only to the names it is given (decision 015).
  ALLOWED_HOSTS: 'localhost',
  COOKIE_SECRET: 'test-cookie-secret-that-is-long-enough-1234',
};

/** A fresh database for this test file: a copy of the migrated template, on the engine this project runs (TEST_DB). */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const name = `${inject('postgresTemplate')}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    return openPostgres(databaseUrl(name), 4);
  }
  return openPglite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]) });
}

/**
 * Builds the real app on a fresh database, or on `database` when given (closed with the context).
 * `env` overrides the development settings used by default. `computeAhead`: whether the app computes the released
 * periods' figures ahead once ready, as a server does (decision 043); off unless a test is about it, so that no other
 * test finds figures kept that it did not make (released-records.test.ts checks that a release keeps them).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  database?: Database,
  { computeAhead = false }: { computeAhead?: boolean } = {},
): Promise<TestContext> {
  database ??= await openTestDatabase();
  const config = loadConfig({ APP_ENV: 'D', LOG_LEVEL: 'silent', ...env });
  // No load shedding: the tests run in the server's own process, so their own work (generating thousands of inputs,
  // reading workbooks) shows up as event-loop delay and would turn the requests under test away on a slow machine.
  // load-shedding.test.ts turns it on with its own thresholds.
  const app = await buildApp({ config, database, logger: false, loadLimits: false, computeAhead });
  await app.ready();
  const cookieName = config.secureCookies ? '__Host-wil_session' : 'wil_session';
  return {
    app,
    database,
    db: database.db,
    config,
    async cookieFor(userId) {
      const token = randomBytes(32).toString('base64url');
      await database.db.insert(sessions).values({
        id: createHash('sha256').update(token).digest('hex'),
        userId,
        expiresAt: new Date(Date.now() + config.sessionMaxMs),
      });
      return `${cookieName}=${token}`;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
