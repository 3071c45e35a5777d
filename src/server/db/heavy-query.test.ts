import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { HEAVY_QUERY_MS, queryHeavyRows, queryRows, type Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('queryHeavyRows', () => {
  it('answers the rows of its query', async () => {
    const rows = await queryHeavyRows<{ n: number }>(database.db, sql`SELECT n FROM generate_series(1, 3) AS n`);
    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  if (process.env.TEST_DB === 'postgres') {
    /** The server process of every pooled connection: as many queries at once as the pool holds use each of them. */
    const pooledPids = () =>
      Promise.all(
        Array.from({ length: database.pool!.options.max! }, async () => {
          const [row] = await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`);
          return row!.pid;
        }),
      );
    const heavyPid = async (query: ReturnType<typeof sql>) => (await queryHeavyRows<{ pid: number }>(database.db, query))[0]!.pid;

    it('closes a connection whose query ran longer than HEAVY_QUERY_MS instead of pooling it', async () => {
      const seconds = (HEAVY_QUERY_MS + 100) / 1000;
      const pid = await heavyPid(sql`SELECT pg_backend_pid() AS pid, pg_sleep(${seconds})::text AS slept`);
      expect(await pooledPids()).not.toContain(pid);
    });

    it('runs without JIT, on pooled and heavy connections alike (its compile cost more than the queries)', async () => {
      const jit = await queryRows<{ jit: string }>(database.db, sql`SELECT current_setting('jit') AS jit`);
      const heavy = await queryHeavyRows<{ jit: string }>(database.db, sql`SELECT current_setting('jit') AS jit`);
      expect([jit[0]!.jit, heavy[0]!.jit]).toEqual(['off', 'off']);
    });

    it('pools the connection of a quick query', async () => {
      const pid = await heavyPid(sql`SELECT pg_backend_pid() AS pid`);
      expect(await pooledPids()).toContain(pid);
    });
  }
});
