import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { formulaCellText } from '../test/formula-cells.ts';
import { queryRows, type Database } from '../db/client.ts';
import {
  FORMULA_LEADING_BLANKS,
  FORMULA_TRIGGER_FORMS,
  FORMULA_TRIGGERS,
  neutraliseFormula,
  neutraliseFormulaSql,
} from './formula-guard.ts';

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

  /** Each text through the SQL form, read back exactly. */
  const inSql = async (texts: string[]) => {
    // Hex, because PGlite's text decoding drops a leading byte-order mark (U+FEFF), which the rule looks through.
    const rows = await queryRows<{ n: number; out: string }>(
      database.db,
      sql`SELECT n::int AS n, encode(convert_to(${neutraliseFormulaSql(sql`t`)}, 'UTF8'), 'hex') AS out
          FROM json_array_elements_text(${JSON.stringify(texts)}::json) WITH ORDINALITY AS u(t, n) ORDER BY n`,
    );
    return rows.map((r) => Buffer.from(r.out, 'hex').toString('utf8'));
  };

  it('neutralises the issue-28 probes in SQL too', async () => {
    const probes = [
      ...['\u200E', '\u202E', '\u2060', '\u00AD', '\u180E', '\u200C', '\u{E0001}'].map((c) => `${c}=1+1`),
      '＝1+1',
      'x;=1+1',
      'x;\u200B =1+1',
      'notes\t@SUM(A1)',
    ];
    expect(await inSql(probes)).toEqual(probes.map((p) => `'${p}`));
    expect(await inSql(['-12', '3.50', "'x;=1+1", 'a;b'])).toEqual(['-12', '3.50', "'x;=1+1", 'a;b']);
  });

  it('agrees with TypeScript at both ends of every range it looks through, and on every sign', async () => {
    // Where the two engines spell the pattern differently (code points above U+FFFF) or a range could be off by one.
    const codes = new Set<number>();
    for (const [from, to] of FORMULA_LEADING_BLANKS) for (const c of [from - 1, from, to, to + 1]) codes.add(c);
    for (const sign of [...FORMULA_TRIGGERS, ...FORMULA_TRIGGER_FORMS]) codes.add(sign.codePointAt(0)!);
    const chars = [...codes]
      .filter((c) => c > 0 && c <= 0x10ffff && (c < 0xd800 || c > 0xdfff))
      .map((c) => String.fromCodePoint(c));
    const texts = chars.flatMap((c) => [`${c}=1`, `${c}1`, `x;${c}=1`, `x;${c}1`]);
    expect(await inSql(texts)).toEqual(texts.map(neutraliseFormula));
  });

  it('leaves null as null', async () => {
    const [row] = await queryRows<{ out: string | null }>(
      database.db,
      sql`SELECT ${neutraliseFormulaSql(sql`NULL::text`)} AS out`,
    );
    expect(row!.out).toBeNull();
  });
});
