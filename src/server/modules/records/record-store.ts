import { sql, type SQL } from 'drizzle-orm';
import { EDITABLE_FIELDS, type EditableField } from '../../../shared/record-rules.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { preparedStatement, queryRows, type Db } from '../../db/client.ts';
import { writeAudits, type AuditEntry } from '../audit/audit.repo.ts';
import { inList, RECORD_WIRE_COLUMNS, RECORDS_WITH_NAMES } from './record-sql.ts';
import { recordWriteGuard, type RecordTermKey } from './record-write-guard.ts';

/**
 * The record store: the one place that reads a record's wire shape, inserts records, updates them under the version
 * check, and audits each change. Every write path (the form's and the API's PUT and PATCH, the import's commit)
 * comes here, so a rule added to record writes is written once. Each function takes the caller's transaction, so the
 * change and its audit rows land together or not at all. Rights and request rules belong to the callers.
 *
 * The lock of term returns is kept here too (docs/decisions/021): no insert or update reaches a record whose
 * institution's return for its fiscal year and term is submitted or approved. The store asks the returns module
 * through a port (`record-write-guard.ts`, decision 039); a refused write throws a `Refused` (`return-locked`), which
 * undoes the caller's transaction, and the caller turns it into its answer (409 return_locked).
 */

/** The editable values of a record, as the store writes them. */
export type RecordValues = Partial<Record<EditableField, string | number | null>>;

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters at 37 per record. */
export const STORE_BATCH = 500;

const SELECT_WIRE = sql`SELECT ${RECORD_WIRE_COLUMNS} ${RECORDS_WITH_NAMES}`;

const selectById = preparedStatement<RecordWire, { id: number }>(sql`${SELECT_WIRE} WHERE r.id = ${sql.placeholder('id')}`);

/** One record as the API sends it, or null. */
export async function readRecord(db: Db, id: number): Promise<RecordWire | null> {
  const [row] = await selectById(db, { id });
  return row ?? null;
}

/**
 * Records as the API sends them, matching a condition on `r`, in id order. `lock` takes row locks on them (in id
 * order, so two writers never wait on each other in a circle) for a change in the same transaction.
 */
export async function readRecordsWhere(db: Db, where: SQL, options: { lock?: boolean } = {}): Promise<RecordWire[]> {
  return queryRows<RecordWire>(
    db,
    sql`${SELECT_WIRE} WHERE ${where} ORDER BY r.id ${options.lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
}

/** Records by id, as the API sends them, many at a time. */
export async function readRecords(
  db: Db,
  ids: readonly number[],
  options: { lock?: boolean } = {},
): Promise<Map<number, RecordWire>> {
  const found = new Map<number, RecordWire>();
  for (let n = 0; n < ids.length; n += STORE_BATCH) {
    for (const row of await readRecordsWhere(db, inList(sql`r.id`, ids.slice(n, n + STORE_BATCH)), options))
      found.set(row.id, row);
  }
  return found;
}

/** The id of the record of a program, fiscal year and term, or null (each may have one). */
export async function recordIdAt(db: Db, programId: number, fiscalYear: string, term: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM records WHERE program_id = ${programId} AND fiscal_year = ${fiscalYear} AND term = ${term}`,
  );
  return row?.id ?? null;
}

/** The unique index that allows one record per program, fiscal year and term (a racing writer meets it). */
export const ONE_RECORD_PER_TERM = 'records_program_year_term_key';

/** The audit action of a change: submit and reopen name a change of status, anything else is an update. */
export function recordAuditAction(beforeStatus: string, afterStatus: string): 'update' | 'submit' | 'reopen' {
  if (beforeStatus === afterStatus) return 'update';
  return afterStatus === 'submitted' ? 'submit' : 'reopen';
}

const auditOf = (action: string, userId: number, before: RecordWire | null, after: RecordWire): AuditEntry => ({
  entityType: 'record',
  entityId: after.id,
  action,
  changedBy: userId,
  before,
  after,
});

export interface NewRecord {
  institutionId: number;
  programId: number;
  values: RecordValues;
}

const returnKeyOf = (institutionId: number, values: RecordValues): RecordTermKey => ({
  institutionId,
  fiscalYear: String(values.fiscal_year),
  term: String(values.term),
});

/**
 * Inserts records (many per statement), each audited as created; returns them as the API sends them, in order.
 * Throws `Refused` (return-locked) when any of them belongs to a submitted or approved term return.
 */
export async function insertRecords(db: Db, rows: readonly NewRecord[], userId: number): Promise<RecordWire[]> {
  await recordWriteGuard.call(
    db,
    rows.map((row) => returnKeyOf(row.institutionId, row.values)),
  );
  const ids: number[] = [];
  for (let n = 0; n < rows.length; n += STORE_BATCH) {
    const inserted = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO records (institution_id, program_id, created_by, updated_by, ${sql.join(
        EDITABLE_FIELDS.map((f) => sql.identifier(f)),
        sql`, `,
      )})
          VALUES ${sql.join(
            rows.slice(n, n + STORE_BATCH).map(
              (row) =>
                sql`(${row.institutionId}, ${row.programId}, ${userId}, ${userId}, ${sql.join(
                  EDITABLE_FIELDS.map((f) => sql`${row.values[f] ?? null}`),
                  sql`, `,
                )})`,
            ),
            sql`, `,
          )}
          RETURNING id`,
    );
    ids.push(...inserted.map((r) => r.id));
  }
  const stored = await readRecords(db, ids);
  const created = ids.map((id) => stored.get(id)!);
  await writeAudits(
    db,
    created.map((record) => auditOf('create', userId, null, record)),
  );
  return created;
}

/** A change to a stored record: the record as the caller read it (locked), the version the writer saw, and the new values. */
export interface RecordChange {
  before: RecordWire;
  version: number;
  changed: RecordValues;
  /**
   * Set when the writer chose to put older values over a newer change (an import's "keep the file's values", issue
   * 28): the history says so rather than calling it an ordinary edit.
   */
  overwrite?: true;
}

/** The first change whose writer saw another version than the stored one (the version check of every update). */
export const staleChange = (changes: readonly RecordChange[]): RecordChange | undefined =>
  changes.find((change) => change.version !== change.before.version);

export type UpdateOutcome =
  { ok: true; records: RecordWire[] } | { ok: false; conflict: 'version'; current: RecordWire; version: number };

/** The returns a change touches: the record's own, and the one it moves to when its fiscal year or term changes. */
const returnKeysOf = ({ before, changed }: RecordChange): RecordTermKey[] => [
  returnKeyOf(before.institution_id, before),
  returnKeyOf(before.institution_id, {
    fiscal_year: changed.fiscal_year ?? before.fiscal_year,
    term: changed.term ?? before.term,
  }),
];

/**
 * Applies changes to records the caller has locked in this transaction. The lock of term returns comes first: a
 * change to a record of a submitted or approved return (or moving a record into one) throws `Refused`
 * (return-locked). Then the version check: when any writer's version is not the stored one, nothing is written and
 * the conflict carries the current record. Each change then steps the version, stamps who and when, and is audited
 * with before and after; a change of no values writes nothing and gives the record back as it is (even when locked).
 */
export async function updateRecords(db: Db, changes: readonly RecordChange[], userId: number): Promise<UpdateOutcome> {
  const real = changes.filter((c) => Object.keys(c.changed).length > 0);
  await recordWriteGuard.call(db, real.flatMap(returnKeysOf));
  const stale = staleChange(changes);
  if (stale) return { ok: false, conflict: 'version', current: stale.before, version: stale.version };
  for (const { before, changed } of real) {
    const fields = Object.keys(changed) as EditableField[];
    await db.execute(
      sql`UPDATE records SET ${sql.join(
        fields.map((f) => sql`${sql.identifier(f)} = ${changed[f] ?? null}`),
        sql`, `,
      )}, version = version + 1, updated_at = now(), updated_by = ${userId}
          WHERE id = ${before.id} AND version = ${before.version}`,
    );
  }
  const after = await readRecords(
    db,
    real.map((c) => c.before.id),
  );
  await writeAudits(
    db,
    real.map(({ before, overwrite }) => {
      const record = after.get(before.id)!;
      return auditOf(overwrite ? 'overwrite' : recordAuditAction(before.status, record.status), userId, before, record);
    }),
  );
  return { ok: true, records: changes.map((c) => after.get(c.before.id) ?? c.before) };
}
