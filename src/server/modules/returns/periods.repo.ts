import { sql } from 'drizzle-orm';
import { TERMS } from '../../../shared/constants.ts';
import type { Period, PeriodCreateParsed, PeriodUpdate } from '../../../shared/schemas/returns.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { BC_TODAY } from '../../db/bc-time-sql.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, NOT_FOUND, outcomeOf, refuse, refused, Refused, refuseStaleEdit, type Outcome } from '../../refusals.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import type { InstitutionJoined } from '../institutions/institution-joined.ts';

/**
 * Reporting periods, and how term returns come to exist (docs/reporting-cycle.md): a new period gets a return for
 * every active institution; a new (or reactivated) institution gets one for every period not yet past its due date.
 * Return rows are never deleted.
 */

const PERIOD_COLUMNS = sql`id, fiscal_year, term, to_char(opens_on, 'YYYY-MM-DD') AS opens_on, to_char(due_on, 'YYYY-MM-DD') AS due_on, version`;
const TERM_POSITION = sql.raw(`array_position(ARRAY[${TERMS.map((t) => `'${t}'`).join(', ')}], term)`);

/** Creating return rows for periods and for institutions takes turns, so neither misses the other's new row. */
const RETURN_ROWS_LOCK = 727_203;
const takeReturnRowsLock = (db: Db) => db.execute(sql`SELECT pg_advisory_xact_lock(${RETURN_ROWS_LOCK})`);

/** Every period, oldest first (fiscal year, then term in fiscal-year order). */
export async function listPeriods(db: Db): Promise<Period[]> {
  return queryRows<Period>(db, sql`SELECT ${PERIOD_COLUMNS} FROM reporting_periods ORDER BY fiscal_year, ${TERM_POSITION}`);
}

/** One period, or null. */
export async function findPeriod(db: Db, id: number): Promise<Period | null> {
  const [row] = await queryRows<Period>(db, sql`SELECT ${PERIOD_COLUMNS} FROM reporting_periods WHERE id = ${id}`);
  return row ?? null;
}

async function periodIdAt(db: Db, fiscalYear: string, term: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM reporting_periods WHERE fiscal_year = ${fiscalYear} AND term = ${term}`,
  );
  return row?.id ?? null;
}

/** A second period of the same term: a conflict carrying the existing period's id. */
const duplicate = (input: PeriodCreateParsed, existingId: number) =>
  refused(
    conflict(
      `${input.term} ${input.fiscal_year} is already a reporting period (period ${existingId}); change its dates instead`,
      undefined,
      { existingId },
    ),
  );

/**
 * Creates a period with a term return for every active institution, audited; a second one of the same term is a
 * conflict. `userId` is the app admin's, or null when the system opens the period itself (period-opener.ts).
 */
export async function createPeriod(db: Db, input: PeriodCreateParsed, userId: number | null): Promise<Outcome<number>> {
  try {
    return await db.transaction(async (tx): Promise<Outcome<number>> => {
      const existingId = await periodIdAt(tx, input.fiscal_year, input.term);
      if (existingId !== null) return duplicate(input, existingId);
      await takeReturnRowsLock(tx);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO reporting_periods (fiscal_year, term, opens_on, due_on)
            VALUES (${input.fiscal_year}, ${input.term}, ${input.opens_on}, ${input.due_on}) RETURNING id`,
      );
      const id = row!.id;
      const returns = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO term_returns (period_id, institution_id)
            SELECT ${id}, i.id FROM institutions i WHERE i.active_ind ORDER BY i.id
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      await writeAudit(tx, {
        entityType: 'period',
        entityId: id,
        action: 'create',
        changedBy: userId,
        after: { ...(await findPeriod(tx, id)), returns: returns.length },
      });
      return { ok: true, value: id };
    });
  } catch (err) {
    // Two app admins creating the same period at once: the unique index lets one through.
    if (uniqueViolation(err) === 'reporting_periods_year_term_key') {
      const existingId = await periodIdAt(db, input.fiscal_year, input.term);
      if (existingId !== null) return duplicate(input, existingId);
    }
    throw err;
  }
}

/**
 * Changes a period's dates (its fiscal year and term, sent back as read, must be the stored ones), audited. Sent with
 * the version it was read at, a change is refused when the period changed since, with the period as it is now.
 */
export function updatePeriod(db: Db, id: number, patch: PeriodUpdate, userId: number): Promise<Outcome<Period>> {
  return outcomeOf(() =>
    db.transaction(async (tx) => {
      const [before] = await queryRows<Period>(
        tx,
        sql`SELECT ${PERIOD_COLUMNS} FROM reporting_periods WHERE id = ${id} FOR UPDATE`,
      );
      if (!before) throw new Refused(NOT_FOUND);
      refuseStaleEdit(
        patch.version,
        before,
        'period_version',
        `The dates of ${before.term} ${before.fiscal_year} were changed since you read them, so nothing was saved. They are shown as they are now: change them again if you still mean to.`,
      );
      if (patch.fiscal_year !== undefined && patch.fiscal_year !== before.fiscal_year) {
        throw refuse('fiscal_year', `A period's fiscal year cannot change: this one is ${before.fiscal_year}`);
      }
      if (patch.term !== undefined && patch.term !== before.term) {
        throw refuse('term', `A period's term cannot change: this one is ${before.term}`);
      }
      const opensOn = patch.opens_on ?? before.opens_on;
      const dueOn = patch.due_on ?? before.due_on;
      if (dueOn < opensOn) {
        const field = patch.due_on !== undefined ? 'due_on' : 'opens_on';
        throw refuse(field, `The due date (${dueOn}) cannot be before the date the period opens (${opensOn})`);
      }
      if (opensOn === before.opens_on && dueOn === before.due_on) return before;
      await tx.execute(
        sql`UPDATE reporting_periods SET opens_on = ${opensOn}, due_on = ${dueOn}, version = version + 1, updated_at = now()
          WHERE id = ${id}`,
      );
      const after = (await findPeriod(tx, id))!;
      await writeAudit(tx, { entityType: 'period', entityId: id, action: 'update', changedBy: userId, before, after });
      return after;
    }),
  );
}

/**
 * Gives an institution a term return for every period not yet past its due date (a new institution, or one made
 * active again), in the transaction that creates or reactivates the institution: the institutions module asks for it
 * through its port (institutions/institution-joined.ts), which app.ts gives this function. Returns of past periods are
 * not made: the institution was not expected to report them.
 */
export const addReturnsForInstitution: InstitutionJoined = async (db, institutionId) => {
  await takeReturnRowsLock(db);
  await db.execute(
    sql`INSERT INTO term_returns (period_id, institution_id)
        SELECT p.id, ${institutionId} FROM reporting_periods p WHERE p.due_on >= ${BC_TODAY} ORDER BY p.id
        ON CONFLICT DO NOTHING`,
  );
};
