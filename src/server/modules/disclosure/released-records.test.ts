import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Term } from '../../../shared/constants.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { createRelease } from '../releases/releases.repo.ts';
import { inList, RECORDS_WITH_NAMES } from '../records/record-sql.ts';
import { periodChains, keptViewers, viewerKey } from './served-releases.ts';
import { directFigures, latestRelease, type DirectFigure } from './released-records.ts';

/**
 * The direct figures of the province row (decision 043) merge kept, sorted runs of released records in TypeScript;
 * they must answer exactly what the SQL aggregates they replace answer over the same records: the viewer's own live
 * records and the others' records of each period's latest release. Fees are drawn at random (with ties, nulls and
 * odd and even counts), a period is released twice with changes between, and every answer is compared with
 * `percentile_cont`, `min`, `max` and `count(DISTINCT)` over the same records.
 */
const FIGURES: DirectFigure[] = [
  { stat: 'distinct', column: 'program_id' },
  { stat: 'min', column: 'coop_fee_domestic' },
  { stat: 'median', column: 'coop_fee_domestic' },
  { stat: 'max', column: 'coop_fee_domestic' },
  { stat: 'median', column: 'coop_fee_international' },
];
const DISCIPLINES = ['Business & Management', 'Health', 'Humanities'];
const CREDENTIALS = ['Diploma', "Bachelor's Degree"];
const PERIODS: { fy: string; term: Term }[] = [
  { fy: '2020/21', term: 'Fall' },
  { fy: '2020/21', term: 'Spring' },
  { fy: '2021/22', term: 'Fall' },
];

/** A fixed pseudo-random sequence, so a failure can be run again. */
function randomOf(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('direct figures from kept released records (decision 043)', () => {
  let ctx: TestContext;
  const institutions: number[] = [];
  let writerReads = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    const random = randomOf(27);
    const fee = () => {
      const r = random();
      if (r < 0.15) return null;
      // Few distinct values (ties), and some with odd cents.
      return r < 0.6 ? `${(100 + Math.floor(random() * 8) * 50).toFixed(2)}` : (random() * 2000).toFixed(2);
    };
    for (let n = 0; n < 6; n++)
      institutions.push(await createInstitution(ctx.db, { shortName: `Fee ${n}`, nameCode: `FEE${n}` }));
    for (const institutionId of institutions) {
      for (let p = 0; p < 5; p++) {
        const programId = await createProgram(ctx.db, institutionId, {
          discipline: DISCIPLINES[Math.floor(random() * DISCIPLINES.length)]!,
          credential: CREDENTIALS[Math.floor(random() * CREDENTIALS.length)]!,
        });
        for (const { fy, term } of PERIODS) {
          if (random() < 0.2) continue;
          await insertRecord(ctx.db, {
            institutionId,
            programId,
            fiscalYear: fy,
            term,
            coopFeeDomestic: fee(),
            coopFeeInternational: fee(),
          });
        }
      }
    }
    const release = async () => {
      const outcome = await createRelease(
        ctx.db,
        { periods: PERIODS.map((p) => ({ fiscal_year: p.fy, term: p.term })), note: 'test' },
        null,
      );
      if (!outcome.ok) throw new Error('release refused');
    };
    await release();
    // Changes after the first release: the second must be the one read, the live changes never for the others.
    await ctx.db.execute(sql`UPDATE records SET coop_fee_domestic = coop_fee_domestic + 1 WHERE id % 3 = 0`);
    await release();
    await ctx.db.execute(sql`UPDATE records SET coop_fee_domestic = 5000 WHERE id % 4 = 0`);
    writerReads = institutions[0]!;
    await createUser(ctx.db, { privileges: { write: [writerReads] } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** The figures as the SQL aggregates compute them over the same records (the province row's query before 043). */
  async function bySql(readable: number[], where: { released: SQL; own: SQL }, range: (typeof PERIODS)[number][]) {
    const chains = (await periodChains(ctx.db, {})).filter((c) => range.some((p) => p.fy === c.fy && p.term === c.term));
    const columns = sql`r.program_id, r.coop_fee_domestic, r.coop_fee_international`;
    const [row] = await queryRows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT count(DISTINCT r.program_id)::float8 AS a, min(r.coop_fee_domestic)::text AS b,
            round((percentile_cont(0.5) WITHIN GROUP (ORDER BY r.coop_fee_domestic))::numeric, 2)::text AS c,
            max(r.coop_fee_domestic)::text AS d,
            round((percentile_cont(0.5) WITHIN GROUP (ORDER BY r.coop_fee_international))::numeric, 2)::text AS e
          FROM (SELECT ${columns} ${RECORDS_WITH_NAMES} WHERE r.status = 'submitted' AND ${inList(sql`r.institution_id`, readable)}
                  AND ${where.own}
                UNION ALL
                SELECT ${columns} FROM release_records r
                JOIN release_programs p ON p.release_id = r.release_id AND p.id = r.program_id
                WHERE NOT ${inList(sql`r.institution_id`, readable)} AND ${where.released}
                  AND (r.release_id, r.fiscal_year, r.term) IN (${sql.join(
                    chains.map((c) => sql`(${c.releases.at(-1)!.number}::int, ${c.fy}::text, ${c.term}::text)`),
                    sql`, `,
                  )})) r`,
    );
    return Object.values(row!);
  }

  async function byMerging(readable: number[], own: SQL, range: (typeof PERIODS)[number][], selects: (cell: string) => boolean) {
    const chains = (await periodChains(ctx.db, {})).filter((c) => range.some((p) => p.fy === c.fy && p.term === c.term));
    const values = await directFigures(
      ctx.db,
      FIGURES,
      FIGURES,
      { from: RECORDS_WITH_NAMES, where: sql`r.status = 'submitted' AND ${inList(sql`r.institution_id`, readable)} AND ${own}` },
      chains.map((chain) => ({ period: latestRelease(chain), selects })),
      readable,
    );
    const [row] = await queryRows<Record<string, unknown>>(
      ctx.db,
      sql`SELECT ${sql.join(
        values.map((v, n) => sql`${v} AS ${sql.identifier(`f${n}`)}`),
        sql`, `,
      )}`,
    );
    return Object.values(row!);
  }

  it('answers what percentile_cont, min, max and count(DISTINCT) answer, for every viewer, period range and cell filter', async () => {
    const inPeriods = (range: typeof PERIODS) =>
      sql`(r.fiscal_year, r.term) IN (${sql.join(
        range.map((p) => sql`(${p.fy}::text, ${p.term}::text)`),
        sql`, `,
      )})`;
    const filters: { name: string; sql: SQL; selects: (cell: string) => boolean }[] = [
      { name: 'every cell', sql: sql`true`, selects: () => true },
      { name: 'Health', sql: sql`p.discipline = 'Health'`, selects: (c) => c.startsWith('Health\u0000') },
      { name: 'diplomas', sql: sql`p.credential = 'Diploma'`, selects: (c) => c.includes('\u0000Diploma\u0000') },
    ];
    const ranges = [PERIODS, PERIODS.slice(0, 1), PERIODS.slice(1)];
    const viewers = [[institutions[0]!], [institutions[1]!, institutions[2]!], [institutions[5]!]];
    let compared = 0;
    for (const readable of viewers)
      for (const range of ranges)
        for (const filter of filters) {
          const where = sql`${inPeriods(range)} AND ${filter.sql}`;
          const expected = await bySql(readable, { released: where, own: where }, range);
          const actual = await byMerging(readable, where, range, filter.selects);
          expect(actual, `${readable.join(',')} ${range.length} periods, ${filter.name}`).toEqual(expected);
          compared++;
        }
    expect(compared).toBe(27);
  });

  it('a release through the API computes the province figures of its periods ahead for every reader who may not read all', async () => {
    const admin = await createUser(ctx.db, { privileges: { glblAdmin: true } });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/releases',
      headers: { cookie: await ctx.cookieFor(admin) },
      payload: { periods: [{ fiscal_year: '2021/22', term: 'Fall' }], note: 'Computed ahead' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // No one has asked a question here: the writer's blocks are kept because the release computed them.
    const kept = keptViewers(ctx.db).map(viewerKey);
    expect(kept).toContain(viewerKey({ readable: [writerReads], rule: ctx.app.config.disclosure }));
    expect(kept).not.toContain(viewerKey({ readable: [], rule: ctx.app.config.disclosure }));
  });
});
