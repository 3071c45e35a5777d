import { sql, type SQL } from 'drizzle-orm';
import { inList } from '../records/record-sql.ts';
import type { RecordTermKey, RecordWriteGuard } from '../records/record-write-guard.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { Refused, returnLocked, type LockedReturn } from '../../refusals.ts';

/**
 * The lock of term returns on their records (docs/decisions/021). Every record write holds a shared advisory lock on
 * each return it touches, for its transaction, and then reads the return's state; every sign-off transition holds
 * the exclusive form of the same lock and reads the state again. So a record write and a transition of the same
 * return take turns: a write that started first is committed (and seen by the transition) before the transition
 * decides, and a write that comes second sees the transition's new state. Writes of the same return share the lock
 * and do not wait on each other. The lock key is the institution and a hash of the fiscal year and term, so it
 * exists before (and without) the return row; a hash collision only makes two returns take turns.
 *
 * `guardRecordWrite` is what the record store asks through its port (records/record-write-guard.ts): app.ts
 * provides it there, so records never import returns (decision 039).
 */

/** Which return a record belongs to: its institution, fiscal year and term. */
export type ReturnKey = RecordTermKey;

const keyText = (k: ReturnKey) => `${k.institutionId}|${k.fiscalYear}|${k.term}`;

/** The keys once each, in one order, so two writers touching several returns never wait on each other in a circle. */
export function distinctReturnKeys(keys: readonly ReturnKey[]): ReturnKey[] {
  const byText = new Map(keys.map((k) => [keyText(k), k]));
  return [...byText.keys()].sort().map((text) => byText.get(text)!);
}

const lockArguments = (k: ReturnKey): SQL => sql`${k.institutionId}::int, hashtext(${`${k.fiscalYear} ${k.term}`})`;

/** Holds the shared lock of each return a record write touches, until the transaction ends. */
export async function holdReturnsShared(db: Db, keys: readonly ReturnKey[]): Promise<void> {
  for (const key of keys) await db.execute(sql`SELECT pg_advisory_xact_lock_shared(${lockArguments(key)})`);
}

/** Holds the exclusive lock of a return for a transition, until the transaction ends: record writes wait for it. */
export async function holdReturnExclusive(db: Db, key: ReturnKey): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${lockArguments(key)})`);
}

/**
 * The submitted or approved returns among these keys. Asked by institution and fiscal year (short lists however many
 * rows an import has), then matched to the keys exactly.
 */
export async function lockedReturnsAt(db: Db, keys: readonly ReturnKey[]): Promise<LockedReturn[]> {
  if (keys.length === 0) return [];
  const wanted = new Set(keys.map(keyText));
  const rows = await queryRows<LockedReturn>(
    db,
    sql`SELECT tr.id AS "returnId", tr.institution_id AS "institutionId", i.short_name AS institution,
               p.fiscal_year AS "fiscalYear", p.term, tr.state
        FROM term_returns tr
        JOIN reporting_periods p ON p.id = tr.period_id
        JOIN institutions i ON i.id = tr.institution_id
        WHERE tr.state IN ('submitted', 'approved')
          AND ${inList(sql`tr.institution_id`, [...new Set(keys.map((k) => k.institutionId))])}
          AND ${inList(sql`p.fiscal_year`, [...new Set(keys.map((k) => k.fiscalYear))])}
        ORDER BY i.short_name, p.fiscal_year, p.term`,
  );
  return rows.filter((row) => wanted.has(keyText(row)));
}

/**
 * The record store's guard: holds the shared lock of every return the write touches, then refuses (a thrown
 * `Refused`, undoing the caller's transaction) when any of them is submitted or approved.
 */
export const guardRecordWrite: RecordWriteGuard = async (db, keys) => {
  const distinct = distinctReturnKeys(keys);
  if (distinct.length === 0) return;
  await holdReturnsShared(db, distinct);
  const locked = await lockedReturnsAt(db, distinct);
  if (locked.length > 0) throw new Refused(returnLocked(locked));
};
