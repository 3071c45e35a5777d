import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcDayOf, bcOffsetMinutes, bcWallClock, LAST_CLOCK_CHANGE } from '../../shared/bc-time.ts';
import { bcToday } from '../../shared/term-calendar.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { BC_TODAY, bcDay, bcInstant, bcLocal } from './bc-time-sql.ts';
import { queryRows, type Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(() => database.close());

const LAST_CHANGE_MS = Date.parse(LAST_CLOCK_CHANGE);
const HOUR = 3_600_000;
/** Instants around B.C.'s clock changes, the last one and the winters after it most of all. */
const instants = fc.oneof(
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
  fc.integer({ min: LAST_CHANGE_MS - 48 * HOUR, max: LAST_CHANGE_MS + 48 * HOUR }),
  fc.integer({ min: Date.UTC(2026, 9, 25), max: Date.UTC(2027, 2, 31) }),
);
const wallClockText = (ms: number) => bcWallClock(ms).toISOString().slice(0, 19).replace('T', ' ');

describe('B.C. time in SQL (decision 045)', () => {
  it('reads every instant as the screens do, on this database whatever its own time-zone data says', async () => {
    const sample = fc.sample(instants, { numRuns: 400, seed: 45 }).map((ms) => Math.floor(ms / 1000) * 1000);
    const rows = await queryRows<{ n: number; local: string; day: string; back: string }>(
      database.db,
      sql`SELECT t.n::int AS n, to_char(${bcLocal(sql`t.at`)}, 'YYYY-MM-DD HH24:MI:SS') AS local,
                 to_char(${bcDay(sql`t.at`)}, 'YYYY-MM-DD') AS day,
                 to_char(${bcInstant(bcLocal(sql`t.at`))} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS back
          FROM unnest(string_to_array(${sample.map((ms) => new Date(ms).toISOString()).join(',')}, ',')::timestamptz[])
            WITH ORDINALITY AS t(at, n)
          ORDER BY t.n`,
    );
    expect(rows.length).toBe(sample.length);
    for (const [i, ms] of sample.entries()) {
      const row = rows[i]!;
      expect(row.local, new Date(ms).toISOString()).toBe(wallClockText(ms));
      expect(row.day).toBe(bcDayOf(ms));
      // Back from the wall clock to the instant: exact, but within an hour of a clock change (the hour repeated each
      // autumn up to 2025 names two instants).
      const nearAChange = [-HOUR, HOUR].some((d) => bcOffsetMinutes(ms + d) !== bcOffsetMinutes(ms));
      if (!nearAChange) expect(row.back).toBe(new Date(ms).toISOString().replace('.000', ''));
    }
  });

  it('knows today as the app does', async () => {
    const before = bcToday();
    const [row] = await queryRows<{ today: string }>(database.db, sql`SELECT to_char(${BC_TODAY}, 'YYYY-MM-DD') AS today`);
    expect([before, bcToday()]).toContain(row!.today);
  });
});
