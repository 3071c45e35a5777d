import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredReturnState } from '../../../shared/reporting-cycle.ts';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/build-test-app.ts';
import { createInstitution } from '../../test/factories.ts';
import { createProgram, insertRecord } from '../../test/record-factories.ts';
import { insertPeriodWithReturns, setReturnState } from '../../test/return-factories.ts';
import { readReturn, readReturnState } from './returns.repo.ts';

/**
 * A transition decides on readReturnState's light read (return-transitions.ts) and answers with readReturn's whole
 * return: both must say the same state, version, due dates and whether the period has a record, in every state a
 * return can be in, with or without records of its own period, and beside records of other periods and institutions.
 */
describe('term returns: the light read of a transition says what the whole return says', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(() => ctx?.close());

  it('agrees with readReturn in every stored state, with and without a record of the period', async () => {
    const [own, other] = [await createInstitution(ctx.db), await createInstitution(ctx.db)];
    const ownProgram = await createProgram(ctx.db, own);
    const otherProgram = await createProgram(ctx.db, other);
    const states: StoredReturnState[] = ['open', 'submitted', 'approved', 'reopened'];
    const seen: string[] = [];
    for (const withRecord of [false, true]) {
      for (const state of states) {
        const { returnIds } = await insertPeriodWithReturns(ctx.db, [own, other]);
        const [id, otherId] = returnIds as [number, number];
        const [period] = await queryRows<{ fiscal_year: string; term: string }>(
          ctx.db,
          sql`SELECT pe.fiscal_year, pe.term FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id WHERE tr.id = ${id}`,
        );
        // Another institution's record of the same period, and the institution's own record of another period.
        await insertRecord(ctx.db, { institutionId: other, programId: otherProgram, ...fiscalYearTerm(period!) });
        await insertRecord(ctx.db, { institutionId: own, programId: ownProgram });
        if (withRecord) await insertRecord(ctx.db, { institutionId: own, programId: ownProgram, ...fiscalYearTerm(period!) });
        await setReturnState(ctx.db, id, state);
        await ctx.db.execute(sql`UPDATE term_returns SET version = 3, due_again_on = '2201-02-14' WHERE id = ${id}`);
        for (const returnId of [id, otherId]) {
          const whole = (await readReturn(ctx.db, returnId))!;
          const light = (await readReturnState(ctx.db, returnId))!;
          expect(light).toEqual({
            state: whole.state,
            version: whole.version,
            due_on: whole.due_on,
            due_again_on: whole.due_again_on,
            reported: whole.reported > 0,
          });
          seen.push(whole.state);
        }
      }
    }
    // Every state shown was met, "not started" and "in progress" among them.
    expect(new Set(seen)).toEqual(new Set(['not started', 'in progress', 'submitted', 'approved', 'reopened']));
    expect(await readReturnState(ctx.db, 2_000_000_000)).toBeNull();
  }, 120_000);
});

const fiscalYearTerm = (p: { fiscal_year: string; term: string }) => ({ fiscalYear: p.fiscal_year, term: p.term });
