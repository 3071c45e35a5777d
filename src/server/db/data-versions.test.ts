import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { queryRows, type Database } from './client.ts';
import { periodVersion } from './data-versions.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const versionOf = async (fy: string, term: string, returns = true) => {
  const [row] = await queryRows<{ v: string }>(
    database.db,
    sql`SELECT ${periodVersion(sql`${fy}::text`, sql`${term}::text`, returns)} AS v`,
  );
  return row!.v;
};
const change = (kind: string, fy: string, term: string) =>
  sql`INSERT INTO data_changes (kind, fiscal_year, term) VALUES (${kind}, ${fy}, ${term})`;

describe('data versions', () => {
  it('stay equal while nothing changes and move with a change to the period, to every period, or to its returns', async () => {
    const start = await versionOf('2030/31', 'Fall');
    expect(await versionOf('2030/31', 'Fall')).toBe(start);
    const seen = [start];
    for (const [kind, fy, term] of [
      ['records', '2030/31', 'Fall'],
      ['records', '*', '*'],
      ['returns', '2030/31', 'Fall'],
      ['returns', '*', '*'],
    ] as const) {
      await database.db.execute(change(kind, fy, term));
      const now = await versionOf('2030/31', 'Fall');
      expect(seen).not.toContain(now);
      seen.push(now);
    }
    await database.db.execute(change('records', '2030/31', 'Spring'));
    expect(await versionOf('2030/31', 'Fall')).toBe(seen.at(-1));
    // Without the returns, a change to them leaves the version as it was.
    const recordsOnly = await versionOf('2030/31', 'Fall', false);
    await database.db.execute(change('returns', '2030/31', 'Fall'));
    expect(await versionOf('2030/31', 'Fall', false)).toBe(recordsOnly);
  });

  if (process.env.TEST_DB === 'postgres') {
    it('moves when a change commits after a later-numbered one (numbers are taken before commit)', async () => {
      const first = await database.pool!.connect();
      const second = await database.pool!.connect();
      try {
        await first.query('BEGIN');
        await first.query(`INSERT INTO data_changes (kind, fiscal_year, term) VALUES ('records', '2031/32', 'Fall')`);
        await second.query('BEGIN');
        await second.query(`INSERT INTO data_changes (kind, fiscal_year, term) VALUES ('records', '2031/32', 'Fall')`);
        await second.query('COMMIT');
        const before = await versionOf('2031/32', 'Fall');
        await first.query('COMMIT');
        const [{ n }] = (await first.query(`SELECT count(*)::int AS n FROM data_changes WHERE fiscal_year = '2031/32'`)).rows;
        expect(n).toBe(2);
        expect(await versionOf('2031/32', 'Fall')).not.toBe(before);
      } finally {
        first.release();
        second.release();
      }
    });
  }
});
