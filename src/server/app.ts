import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_TITLE } from '../shared/constants.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { getBanner } from './modules/header/header.repo.ts';
import { headerRoutes } from './modules/header/header.routes.ts';
import { institutionJoined } from './modules/institutions/institution-joined.ts';
import { institutionRoutes } from './modules/institutions/institutions.routes.ts';
import { programRoutes } from './modules/programs/programs.routes.ts';
import { recordWriteGuard } from './modules/records/record-write-guard.ts';
import { recordRoutes } from './modules/records/records.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { exportRoutes } from './modules/exports/exports.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { importRoutes } from './modules/imports/imports.routes.ts';
import { pastImportRoutes } from './modules/imports/past-imports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { accessContactRoutes } from './modules/profile/access-contacts.routes.ts';
import { addReturnsForInstitution } from './modules/returns/periods.repo.ts';
import { periodRoutes } from './modules/returns/periods.routes.ts';
import { guardRecordWrite } from './modules/returns/return-lock.ts';
import { releaseMade } from './modules/releases/release-made.ts';
import { releaseRoutes } from './modules/releases/releases.routes.ts';
import { prepareReleasedReports } from './modules/reports/reports.repo.ts';
import { reminderRoutes } from './modules/returns/reminders.routes.ts';
import { bulkApproveRoutes } from './modules/returns/bulk-approve.routes.ts';
import { readyForSignOffRoutes } from './modules/returns/ready-for-sign-off.routes.ts';
import { returnRoutes } from './modules/returns/returns.routes.ts';
import { allowedHostsPlugin } from './plugins/allowed-hosts.ts';
import { clientAppPlugin } from './plugins/client-app.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { loggerOptions } from './plugins/log-settings.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { loadSheddingPlugin, type LoadSheddingLimits } from './plugins/load-shedding.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { pathIdsPlugin } from './plugins/path-ids.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { sessionPlugin } from './plugins/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Method and path of every API route (OpenAPI pages left out). */
    apiRoutes: readonly { method: string; url: string }[];
    /** The computing ahead of the start (decision 043), settled when done, failed or stopped; never rejects. */
    computedAhead(): Promise<void>;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** false in tests that do not want request logs. */
  logger?: boolean;
  /** Tests only: where the log goes (standard output otherwise). */
  logStream?: NodeJS.WritableStream;
  /**
   * Load shedding's thresholds (tests lower them to simulate overload); false for none. By default on PostgreSQL
   * only: PGlite runs its queries on the event loop, so there a long query is loop delay by design, not overload.
   */
  loadLimits?: Partial<LoadSheddingLimits> | false;
  /**
   * Whether the app, once ready, computes ahead the province figures of every released period (decision 043). On by
   * default; the tests' apps turn it off (build-test-app.ts) unless a test is about it.
   */
  computeAhead?: boolean;
}

/**
 * The ports lower modules declare, given the higher modules' functions (decision 039): the record store asks the
 * returns module's lock, a new or reactivated institution gets its term returns from the returns module, and a new
 * release gets its province figures computed ahead by the reports module (decision 043).
 */
function providePorts(config: AppConfig): void {
  recordWriteGuard.provide(guardRecordWrite);
  institutionJoined.provide(addReturnsForInstitution);
  releaseMade.provide(async (db, periods, log) => {
    await prepareReleasedReports(
      db,
      periods.map((p) => ({ fy: p.fiscal_year, term: p.term })),
      config.disclosure,
    ).catch((err: unknown) => log.warn({ err }, 'the figures of a release could not be computed ahead'));
  });
}

/**
 * After a start (decision 043): once the app is ready, and in the background (the start, the health check and the
 * requests meanwhile wait for none of it), the province figures of every released period are computed ahead as a
 * release computes its own, for the same readers, so that the first question after a restart costs what a later one
 * does. In server.ts the app is made ready by listen, after the migrations and the periods job. A question asking
 * meanwhile shares the work in flight; a failure is logged and the server serves on, its questions computing what is
 * missing; closing the app stops it at its next turn.
 */
function computeAheadAtStart(app: FastifyInstance, database: Database, config: AppConfig, on: boolean): void {
  const stop = new AbortController();
  let running = Promise.resolve();
  app.decorate('computedAhead', () => running);
  if (!on) return;
  app.addHook('onReady', async () => {
    const started = performance.now();
    running = prepareReleasedReports(database.db, 'every released period', config.disclosure, stop.signal).then(
      ({ periods, viewers }) => {
        const ms = Math.round(performance.now() - started);
        app.log.info({ periods, viewers, ms }, 'computed ahead the province figures of the released periods');
      },
      (err: unknown) => {
        if (!stop.signal.aborted) app.log.warn({ err }, 'the province figures could not be computed ahead at start');
      },
    );
  });
  app.addHook('onClose', async () => {
    stop.abort();
    await running;
  });
}

/** Builds the app (plugins, then routes) on an open, migrated database; the caller listens and closes. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  loadLimits = database.kind === 'postgres' ? {} : false,
  computeAhead = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  providePorts(config);
  const app = Fastify({
    logger: logger && loggerOptions(config.logLevel, logStream),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: !config.isDevelopment,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  // Every API route as registered, so the access-control test walks them all and a new route cannot escape it.
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });
  registerErrorHandler(app);
  computeAheadAtStart(app, database, config, computeAhead);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // First of the checks: a request for another host name (DNS rebinding) is turned away before any other work.
  await app.register(allowedHostsPlugin);
  // Before everything that may answer early (load shedding, the cross-site guard, rate limits), so they are covered.
  await app.register(noStorePlugin);
  // Before every route (it hooks each one as it is added) and before the client's files (client-app.ts).
  await app.register(compressionPlugin);
  if (loadLimits) await app.register(loadSheddingPlugin, loadLimits);
  await app.register(sameOriginPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(fastifyCookie, { secret: config.cookieSecret });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${APP_TITLE} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin);
  // Before the routes: an id in an address must be written as one, not percent-encoded (issue 28).
  await app.register(pathIdsPlugin);

  await app.register(healthRoutes);
  await app.register(profileRoutes);
  await app.register(accessContactRoutes);
  await app.register(authRoutes);
  await app.register(headerRoutes);
  await app.register(institutionRoutes);
  await app.register(programRoutes);
  await app.register(recordRoutes);
  await app.register(reportRoutes);
  await app.register(exportRoutes);
  await app.register(userRoutes);
  await app.register(importRoutes);
  await app.register(pastImportRoutes);
  await app.register(periodRoutes);
  await app.register(returnRoutes);
  await app.register(reminderRoutes);
  await app.register(bulkApproveRoutes);
  await app.register(readyForSignOffRoutes);
  await app.register(releaseRoutes);
  await app.register(clientAppPlugin, { readBanner: () => getBanner(database.db) });
  return app;
}
