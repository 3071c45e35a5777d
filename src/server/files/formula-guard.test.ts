import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { formulaCellText } from '../test/formula-cells.ts';
import { queryRows, type Database } from '../db/client.ts';
import { neutraliseFormula, neutraliseFormulaSql } from './formula-guard.ts';

/**
 * The formula rule exists twice, as TypeScript and as the SQL that COPY uses for the record export's CSV: both come
 * from one pattern, and here they must agree on generated text, on PGlite and on PostgreSQL.
 */
describe('the formula rule in SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  // PostgreSQL text cannot hold U+0000 or lone surrogates.
  const storable = (text: string) => !text.includes('\u0000') && text === Buffer.from(text, 'utf8').toString('utf8');

  it('neutralises exactly what the TypeScript rule neutralises', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(formulaCellText.filter(storable), { minLength: 1, maxLength: 200 }), async (texts) => {
        // Hex, because PGlite's text decoding drops a leading byte-order mark (U+FEFF), which the rule looks through.
        const rows = await queryRows<{ n: number; out: string }>(
          database.db,
          sql`SELECT n::int AS n, encode(convert_to(${neutraliseFormulaSql(sql`t`)}, 'UTF8'), 'hex') AS out
              FROM json_array_elements_text(${JSON.stringify(texts)}::json) WITH ORDINALITY AS u(t, n) ORDER BY n`,
        );
        expect(rows.map((r) => Buffer.from(r.out, 'hex').toString('utf8'))).toEqual(texts.map(neutraliseFormula));
      }),
      { numRuns: 40 },
    );
  });

  it('leaves null as null', async () => {
    const [row] = await queryRows<{ out: string | null }>(
      database.db,
      sql`SELECT ${neutraliseFormulaSql(sql`NULL::text`)} AS out`,
    );
    expect(row!.out).toBeNull();
  });
});
