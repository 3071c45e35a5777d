import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface LoadSheddingLimits {
  /** Mean event-loop delay (ms) over a sample above which requests are turned away. */
  maxEventLoopDelay: number;
  /** How often the loop is sampled (ms). */
  sampleInterval: number;
}

/**
 * Far above what a healthy server shows (a few ms of delay): this trips only when the process is drowning, where
 * answering some requests at once beats answering every request after a minute or not at all. Event-loop
 * utilization is left out on purpose: a busy server that keeps up sits near 100% and must not turn people away.
 */
export const DEFAULT_LOAD_LIMITS: LoadSheddingLimits = { maxEventLoopDelay: 1000, sampleInterval: 1000 };
const RETRY_AFTER_SECONDS = 10;

/** When the event loop is overloaded, answer 503 with Retry-After at once (in our error shape) rather than fall over. */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, limits: Partial<LoadSheddingLimits>) => {
  await app.register(underPressure, {
    ...DEFAULT_LOAD_LIMITS,
    ...limits,
    exposeStatusRoute: false,
    pressureHandler: (request, reply, type, value) => {
      request.log.warn({ type, value }, 'server under pressure: request turned away');
      // Sent as ready-made JSON: the route's own 503 schema (health has one) must not reshape this answer.
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify({
            statusCode: 503,
            message: `The server is too busy right now and nothing was saved. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
          }),
        );
    },
  });
});
