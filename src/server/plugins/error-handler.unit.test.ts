import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackCommitOutcome } from '../db/commit-outcome.ts';
import { DATABASE_DOWN_MESSAGE, DATABASE_LOST_AT_COMMIT_MESSAGE, registerErrorHandler } from './error-handler.ts';

/** The error a tracked client's COMMIT rejects with when the connection is lost before the server answers. */
async function lostCommitError(): Promise<unknown> {
  const client = {
    query: async (_config: { text: string }) => {
      throw new Error('Connection terminated unexpectedly');
    },
  };
  trackCommitOutcome(client);
  return client.query({ text: 'commit' }).catch((err: unknown) => err);
}

describe('error handler: a database that does not answer', () => {
  const app = Fastify({ logger: false });
  const errors: Record<string, () => Promise<unknown>> = {
    refused: async () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    shutdown: async () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    'pool-wait': async () => new Error('timeout exceeded when trying to connect'),
    'lost-at-commit': lostCommitError,
  };
  beforeAll(async () => {
    registerErrorHandler(app);
    // As Drizzle throws them: the driver's error wrapped as the cause of a query error.
    app.get('/:kind', async (request) => {
      throw new Error('Failed query', { cause: await errors[(request.params as { kind: string }).kind]!() });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['refused', 'shutdown', 'pool-wait'])('answers 503 "nothing was saved" to a %s connection', async (kind) => {
    const res = await app.inject({ method: 'GET', url: `/${kind}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, message: DATABASE_DOWN_MESSAGE });
  });

  it('answers 503 "may or may not have been saved" when the COMMIT’s answer was lost', async () => {
    const res = await app.inject({ method: 'GET', url: '/lost-at-commit' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, message: DATABASE_LOST_AT_COMMIT_MESSAGE });
  });
});
