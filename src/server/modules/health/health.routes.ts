import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema } from '../../../shared/schemas/api.ts';
import { PROJECT_ROOT } from '../../paths.ts';

const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]);
}

/** `GET /api/health`: 200 when the database answers, 503 with `db: "down"` when it does not. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the app up, and does the database answer?',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
      // A browser sends its session cookie here too; looking it up would fail first when the database is down,
      // and the health check must still answer `db: "down"` then.
      config: { withoutSession: true },
    },
    async (request, reply) => {
      try {
        await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
        return { status: 'ok' as const, db: 'ok' as const, version: VERSION };
      } catch (err) {
        request.log.error({ err }, 'health check: database down');
        return reply.status(503).send({ status: 'degraded', db: 'down', version: VERSION });
      }
    },
  );
}
