import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { createInstitution, createUser } from '../test/factories.ts';
import { createProgram, recordBody } from '../test/record-factories.ts';

/** The log as the server writes it, while real requests carry a session, a bearer header, a sign-in code and personal data. */
describe('the log holds no secrets and no personal data', () => {
  let database: Database;
  let app: FastifyInstance;
  let log = '';
  beforeAll(async () => {
    database = await openTestDatabase();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    app = await buildApp({ config: loadConfig({ APP_ENV: 'D', LOG_LEVEL: 'info' }), database, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs each request without cookies, tokens, sign-in codes or bodies', async () => {
    const institutionId = await createInstitution(database.db);
    const programId = await createProgram(database.db, institutionId);
    await createUser(database.db, { username: 'privacy-person', privileges: { write: [institutionId] } });

    const signIn = await app.inject({ method: 'POST', url: '/api/login/direct', payload: { username: 'privacy-person' } });
    const token = signIn.cookies.find((c) => c.name === 'wil_session')!.value;
    const cookie = `wil_session=${token}`;
    await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie, authorization: 'Bearer sekrit-bearer-value' } });
    await app.inject({ method: 'GET', url: '/api/login/callback?code=SECRETCODE123&state=SECRETSTATE456&iss=x' });
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/records',
      headers: { cookie },
      payload: recordBody(institutionId, programId, { notes: 'Call pat.private@example.ca', students_placed: -1 }),
    });
    expect(refused.statusCode).toBe(400);

    expect(log).toContain('incoming request'); // the log is really being written
    expect(log).toContain('/api/login/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x');
    for (const secret of [token, 'sekrit-bearer-value', 'SECRETCODE123', 'SECRETSTATE456', 'pat.private@example.ca']) {
      expect(log, `the log must not hold ${secret}`).not.toContain(secret);
    }
  });
});
