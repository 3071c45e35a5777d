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
}

/** Builds the app (plugins, then routes) on an open, migrated database; the caller listens and closes. */
/**
 * The ports lower modules declare, given the higher modules' functions (decision 039): the record store asks the
 * returns module's lock, a new or reactivated institution gets its term returns from the returns module, and a new
 * release gets its province figures computed ahead by the reports module (decision 043).
 */
function providePorts(config: AppConfig): void {
  recordWriteGuard.provide(guardRecordWrite);
  institutionJoined.provide(addReturnsForInstitution);
  releaseMade.provide((db, periods) =>
    prepareReleasedReports(
      db,
      periods.map((p) => ({ fy: p.fiscal_year, term: p.term })),
      config.disclosure,
    ),
  );
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  loadLimits = database.kind === 'postgres' ? {} : false,
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
