import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestContext, openTestDatabase } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { releaseEverything } from '../../test/release-factories.ts';
import { keptViewers, viewerKey } from '../disclosure/served-releases.ts';

/**
 * After a restart nothing is kept in memory, so a server computes ahead, once ready, what a release computes ahead
 * (decision 043): the served blocks of every active reader who may not read every institution, for every released
 * period. The database here is released through the repository, not the API, so nothing has computed anything
 * before the app starts on it.
 */
async function releasedDatabase() {
  const database = await openTestDatabase();
  const db = database.db;
  const institutions: number[] = [];
  for (let n = 0; n < 4; n++) institutions.push(await createInstitution(db));
  for (const institutionId of institutions) {
    const programId = await createProgram(db, institutionId);
    for (const term of ['Fall', 'Spring'] as const)
      await insertRecord(db, { institutionId, programId, fiscalYear: '2021/22', term, studentsPlaced: 3 });
  }
  await releaseEverything(db);
  const [a, b, c] = institutions as [number, number, number];
  await createUser(db, { privileges: { write: [a] } });
  await createUser(db, { privileges: { read: [a, b] } });
  await createUser(db, { privileges: { write: [c] }, active: false });
  await createUser(db, { privileges: { glblAdmin: true } });
  return { database, readers: [[a], [a, b]], inactive: [c] };
}

describe('a server computes the released periods’ figures ahead when it starts (decision 043)', () => {
  it('keeps the blocks of every active reader who may not read all before anyone asks', async () => {
    const { database, readers, inactive } = await releasedDatabase();
    expect(keptViewers(database.db)).toEqual([]);
    const ctx = await createTestContext({}, database, { computeAhead: true });
    try {
      await ctx.app.computedAhead();
      const rule = ctx.config.disclosure;
      const kept = keptViewers(ctx.db).map(viewerKey);
      // No request has been made: only the start can have computed these.
      expect(kept.sort()).toEqual(readers.map((readable) => viewerKey({ readable, rule })).sort());
      expect(kept).not.toContain(viewerKey({ readable: inactive, rule }));
    } finally {
      await ctx.close();
    }
  });

  it('logs a failure and serves on', async () => {
    const { database } = await releasedDatabase();
    let log = '';
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      // The released records cannot be read: the blocks cannot be computed.
      await database.db.execute(sql`ALTER TABLE release_records RENAME TO release_records_gone`);
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
      app = await buildApp({ config: loadConfig({ APP_ENV: 'D', LOG_LEVEL: 'warn' }), database, logStream: stream });
      await app.ready();
      await app.computedAhead();
      expect(log).toContain('the province figures could not be computed ahead at start');
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app?.close();
      await database.close();
    }
  });
});
