import { sql } from 'drizzle-orm';
import type { Term } from '../../shared/constants.ts';
import type { StoredReturnState } from '../../shared/reporting-cycle.ts';
import { queryRows, type Db } from '../db/client.ts';

/** Helpers for tests of the reporting cycle: find a return, and put one in a state without going through the API. */

/** The term return of an institution for a period (every active institution gets one when the period is created). */
export async function returnIdOf(db: Db, institutionId: number, periodId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM term_returns WHERE institution_id = ${institutionId} AND period_id = ${periodId}`,
  );
  if (!row) throw new Error(`No return of institution ${institutionId} for period ${periodId}`);
  return row.id;
}

/** Sets a return's stored state directly (arranging a test, not a transition: no history, no audit). */
export async function setReturnState(db: Db, returnId: number, state: StoredReturnState): Promise<void> {
  await db.execute(sql`UPDATE term_returns SET state = ${state} WHERE id = ${returnId}`);
}

/** A return's stored state and version as the database holds them. */
export async function storedReturn(db: Db, returnId: number): Promise<{ state: StoredReturnState; version: number }> {
  const [row] = await queryRows<{ state: StoredReturnState; version: number }>(
    db,
    sql`SELECT state, version FROM term_returns WHERE id = ${returnId}`,
  );
  return row!;
}

/** A fiscal year and term no test of this process has used for a period (periods are unique per fiscal year × term). */
let nextYear = 2100;
export function freshPeriodKey<T extends Term = 'Fall'>(term: T = 'Fall' as T): { fiscal_year: string; term: T } {
  const start = nextYear++;
  return { fiscal_year: `${start}/${String((start + 1) % 100).padStart(2, '0')}`, term };
}

/** Inserts a period (a fresh fiscal year, Fall) with a return for each institution given: for tests that need rows fast. */
export async function insertPeriodWithReturns(
  db: Db,
  institutionIds: readonly number[],
): Promise<{ periodId: number; returnIds: number[] }> {
  const key = freshPeriodKey();
  const [period] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
        VALUES (${key.fiscal_year}, ${key.term}, '2200-09-01', '2201-01-31') RETURNING id`,
  );
  const returnIds: number[] = [];
  for (const institutionId of institutionIds) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO term_returns (period_id, institution_id) VALUES (${period!.id}, ${institutionId}) RETURNING id`,
    );
    returnIds.push(row!.id);
  }
  return { periodId: period!.id, returnIds };
}
