import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { Report } from '../../../shared/schemas/report.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';

/**
 * The attacks of issue 27 on the province row in time: someone who reads one institution (Alder) watches the same
 * questions while the data and the reporting cycle move (records edited, returns approved, reopened, sent back) and
 * releases are made, and compares answers: with and without approved figures only, before and after each step.
 *
 * What must hold (decision 024): the part of any province figure that comes from the others (province minus the
 * attacker's own totals) changes only at a release, whatever else happens or is asked; and when it changes, the change
 * is never one or two institutions' own change: at least the rule's three institutions changed in what it covers.
 */

const FY = '2024/25';
const TERM = 'Fall';
const OTHERS = ['Birch', 'Cedar', 'Dogwood', 'Elm'] as const;
const DISCIPLINES = ['Business & Management', 'Engineering & Applied Science'] as const;
const QUESTIONS = [
  `fiscalYearFrom=${FY}&fiscalYearTo=${FY}`,
  ...DISCIPLINES.map((d) => `fiscalYearFrom=${FY}&fiscalYearTo=${FY}&disciplines=${encodeURIComponent(d)}`),
];
const FIELDS = ['students_seeking', 'students_placed'] as const;

/** The tuition report's figures that are no sums (decision 047): they must move only as the sums may. */
const FEE_FIGURES = ['programs', 'coop_fee_domestic_median', 'coop_fee_domestic_min', 'coop_fee_domestic_max'] as const;

type Action =
  | { kind: 'edit'; institution: number; program: number; placed: number }
  | { kind: 'fee'; institution: number; program: number; fee: number }
  | { kind: 'state'; institution: number; state: 'open' | 'submitted' | 'approved' | 'reopened' }
  | { kind: 'release' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    institution: fc.nat(OTHERS.length - 1),
    program: fc.nat(DISCIPLINES.length - 1),
    placed: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('fee' as const),
    institution: fc.nat(OTHERS.length - 1),
    program: fc.nat(DISCIPLINES.length - 1),
    fee: fc.integer({ min: 100, max: 3000 }),
  }),
  fc.record({
    kind: fc.constant('state' as const),
    institution: fc.nat(OTHERS.length),
    state: fc.constantFrom('open' as const, 'submitted' as const, 'approved' as const, 'reopened' as const),
  }),
  fc.constant({ kind: 'release' as const }),
);

describe('the province row in time: the others’ part changes only at releases (issue 27)', () => {
  let ctx: TestContext;
  let attacker: string;
  let admin: string;
  const institutionIds: number[] = [];
  const programIds: number[][] = [];
  let recordIds: number[][] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of ['Alder', ...OTHERS]) {
      const id = await createInstitution(ctx.db, { shortName: name, nameCode: name.toUpperCase() });
      institutionIds.push(id);
      programIds.push(
        await Promise.all(DISCIPLINES.map((discipline, n) => createProgram(ctx.db, id, { name: `${name} ${n}`, discipline }))),
      );
    }
    attacker = await ctx.cookieFor(
      await createUser(ctx.db, { privileges: { read: [institutionIds[0]!], write: [institutionIds[0]!] } }),
    );
    admin = await ctx.cookieFor(await createUser(ctx.db, { privileges: { glblAdmin: true } }));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/periods',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: { fiscal_year: FY, term: TERM },
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);
  afterAll(() => ctx?.close());

  async function reset(): Promise<void> {
    await ctx.db.execute(sql`DELETE FROM release_records`);
    await ctx.db.execute(sql`DELETE FROM release_programs`);
    await ctx.db.execute(sql`DELETE FROM release_periods`);
    await ctx.db.execute(sql`DELETE FROM releases`);
    await ctx.db.execute(sql`DELETE FROM records`);
    await ctx.db.execute(sql`UPDATE term_returns SET state = 'approved'`);
    recordIds = [];
    for (const [n, id] of institutionIds.entries()) {
      recordIds.push(
        await Promise.all(
          programIds[n]!.map((programId, p) =>
            insertRecord(ctx.db, {
              institutionId: id,
              programId,
              fiscalYear: FY,
              term: TERM,
              studentsSeeking: 50,
              studentsPlaced: 10 + n * 3 + p,
              coopFeeDomestic: String(500 + n * 100 + p * 10),
            }),
          ),
        ),
      );
    }
  }

  async function ask(question: string, approvedOnly: boolean): Promise<Report> {
    const res = await ctx.app.inject({
      url: `/api/reports/fiscal?${question}${approvedOnly ? '&approvedOnly=true' : ''}`,
      headers: { cookie: attacker },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Report;
  }

  /** Province minus the attacker's own totals: the others' part, per question and field, null where hidden. */
  async function othersPart(): Promise<Record<string, number | null>> {
    const part: Record<string, number | null> = {};
    for (const question of QUESTIONS) {
      const [all, approved] = [await ask(question, false), await ask(question, true)];
      for (const field of FIELDS) {
        const of = (report: Report) =>
          report.province[field] === null ? null : Number(report.province[field]) - Number(report.totals[field]);
        // Asking for approved figures only changes the attacker's own part, never the others'.
        expect(of(approved), `approvedOnly changed the others' part of ${question} ${field}`).toBe(of(all));
        part[`${question}|${field}`] = of(all);
      }
    }
    return part;
  }

  /** The tuition report's figures that are no sums, per question: they are no sums, so the others' part is not a difference. */
  async function feeFigures(): Promise<Record<string, unknown>> {
    const figures: Record<string, unknown> = {};
    for (const question of QUESTIONS) {
      const res = await ctx.app.inject({ url: `/api/reports/tuition?${question}`, headers: { cookie: attacker } });
      expect(res.statusCode, res.body).toBe(200);
      const { province } = res.json() as Report;
      for (const figure of FEE_FIGURES) figures[`${question}|${figure}`] = province[figure];
    }
    return figures;
  }

  /** Each other institution's released records in what a question covers, in the latest release: program and fee. */
  async function releasedFees(): Promise<Map<string, string[]>> {
    const rows = await queryRows<{ inst: number; d: string; records: string }>(
      ctx.db,
      sql`SELECT r.institution_id AS inst, p.discipline AS d,
            string_agg(r.program_id || ':' || coalesce(r.coop_fee_domestic::text, ''), ',' ORDER BY r.program_id) AS records
          FROM release_records r JOIN release_programs p ON p.release_id = r.release_id AND p.id = r.program_id
          WHERE r.release_id = (SELECT max(id) FROM releases) AND r.institution_id <> ${institutionIds[0]!}
          GROUP BY 1, 2`,
    );
    const by = new Map<string, string[]>();
    for (const question of QUESTIONS)
      by.set(
        question,
        OTHERS.map((_, n) =>
          rows
            .filter(
              (r) =>
                r.inst === institutionIds[n + 1] &&
                (!question.includes('disciplines') || question.endsWith(encodeURIComponent(r.d))),
            )
            .map((r) => r.records)
            .join(';'),
        ),
      );
    return by;
  }

  /** Each other institution's released figures of a field in what a question covers, in the latest release. */
  async function releasedByInstitution(): Promise<Map<string, number[]>> {
    const rows = await queryRows<{ inst: number; d: string; seeking: number; placed: number }>(
      ctx.db,
      sql`SELECT r.institution_id AS inst, p.discipline AS d, sum(r.students_seeking)::int AS seeking,
            sum(r.students_placed)::int AS placed
          FROM release_records r JOIN release_programs p ON p.release_id = r.release_id AND p.id = r.program_id
          WHERE r.release_id = (SELECT max(id) FROM releases) AND r.institution_id <> ${institutionIds[0]!}
          GROUP BY 1, 2`,
    );
    const by = new Map<string, number[]>();
    for (const question of QUESTIONS)
      for (const field of FIELDS) {
        const values = OTHERS.map((_, n) =>
          rows
            .filter(
              (r) =>
                r.inst === institutionIds[n + 1] &&
                (!question.includes('disciplines') || question.endsWith(encodeURIComponent(r.d))),
            )
            .reduce((a, r) => a + (field === 'students_placed' ? r.placed : r.seeking), 0),
        );
        by.set(`${question}|${field}`, values);
      }
    return by;
  }

  async function apply(a: Action): Promise<void> {
    if (a.kind === 'fee') {
      await ctx.db.execute(
        sql`UPDATE records SET coop_fee_domestic = ${a.fee}, version = version + 1, updated_at = now()
            WHERE id = ${recordIds[a.institution + 1]![a.program]!}`,
      );
    } else if (a.kind === 'edit') {
      await ctx.db.execute(
        sql`UPDATE records SET students_placed = ${a.placed}, version = version + 1, updated_at = now()
            WHERE id = ${recordIds[a.institution + 1]![a.program]!}`,
      );
    } else if (a.kind === 'state') {
      await ctx.db.execute(
        sql`UPDATE term_returns SET state = ${a.state} WHERE institution_id = ${institutionIds[a.institution]!}`,
      );
    } else {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/releases',
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: { periods: [{ fiscal_year: FY, term: TERM }], note: 'Release in the attacker test' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('between releases nothing changes the others’ part; at a release no change shows fewer than three institutions’', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 10 }), async (actions) => {
        await reset();
        await apply({ kind: 'release' });
        let seen = await othersPart();
        let seenFees = await feeFigures();
        // Per figure, each institution's figures (or records) when the figure last changed.
        const first = await releasedByInstitution();
        const truthAt = new Map(Object.keys(seen).map((key) => [key, first.get(key)!]));
        const firstFees = await releasedFees();
        const feesAt = new Map(Object.keys(seenFees).map((key) => [key, firstFees.get(key.split('|')[0]!)!]));
        for (const a of actions) {
          await apply(a);
          const [now, nowFees] = [await othersPart(), await feeFigures()];
          if (a.kind !== 'release') {
            expect(now, `the others' part moved after ${JSON.stringify(a)} with no release`).toEqual(seen);
            expect(nowFees, `a fee figure moved after ${JSON.stringify(a)} with no release`).toEqual(seenFees);
            continue;
          }
          const after = await releasedByInstitution();
          for (const [key, value] of Object.entries(now)) {
            const before = seen[key];
            if (value === null || before === null || value === before) continue;
            // The change shown: at least three institutions changed in what the question covers.
            const changed = after.get(key)!.filter((v, n) => v !== truthAt.get(key)![n]).length;
            expect(changed, `${key} moved ${before} → ${value} with ${changed} institution(s) changed`).toBeGreaterThanOrEqual(3);
            truthAt.set(key, after.get(key)!);
          }
          // A median, a lowest or highest fee or a count of programs moves only when three institutions' records did.
          const afterFees = await releasedFees();
          for (const [key, value] of Object.entries(nowFees)) {
            const before = seenFees[key];
            if (value === null || before === null || value === before) continue;
            const records = afterFees.get(key.split('|')[0]!)!;
            const changed = records.filter((v, n) => v !== feesAt.get(key)![n]).length;
            expect(
              changed,
              `${key} moved ${String(before)} → ${String(value)} with ${changed} institution(s) changed`,
            ).toBeGreaterThanOrEqual(3);
            feesAt.set(key, records);
          }
          seen = now;
          seenFees = nowFees;
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 600_000);
});
