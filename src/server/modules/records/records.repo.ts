import { sql, type SQL } from 'drizzle-orm';
import {
  COUNT_FIELDS,
  EDITABLE_FIELDS,
  MONEY_FIELDS,
  RECORD_FIELD_LABELS,
  recordStatus,
  summarizeFieldErrors,
  validateRecord,
  type EditableField,
} from '../../../shared/record-rules.ts';
import { MEDIAN_FIELDS } from '../../../shared/schemas/record.ts';
import type {
  FindCriteriaParsed,
  MedianField,
  RecordCreateParsed,
  RecordMedians,
  RecordHistoryEntry,
  RecordListItem,
  RecordPage,
  RecordSort,
  RecordSortKey,
  RecordUpdateParsed,
  RecordWire,
} from '../../../shared/schemas/record.ts';
import { preparedStatement, queryRows, type Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../http-errors.ts';
import { writeAudit } from '../audit/audit.repo.ts';

// Every value is cast in SQL so PGlite and node-postgres return the same JSON: money numeric → text
// ("23.45"), timestamps → ISO 8601 text in UTC, counts are int4 (a JS number on both drivers).

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const col = (name: string) => sql.raw(`r.${name}`);

/** The wire record: every column, money as text, and the display names of its institution and program. */
const RECORD_SELECT = sql`
  SELECT r.id, r.institution_id, i.short_name AS institution_short_name, i.name AS institution_name,
         r.program_id, p.name AS program_name, r.fiscal_year, r.term,
         ${sql.join(
           COUNT_FIELDS.map((f) => col(f)),
           sql`, `,
         )},
         ${sql.join(
           MONEY_FIELDS.map((f) => sql`${col(f)}::text AS ${sql.identifier(f)}`),
           sql`, `,
         )},
         r.notes, r.status, r.version,
         ${iso(sql`r.created_at`)} AS created_at, r.created_by,
         ${iso(sql`r.updated_at`)} AS updated_at, r.updated_by
  FROM records r
  JOIN institutions i ON i.id = r.institution_id
  JOIN programs p ON p.id = r.program_id`;

/** Chronological position of a term within its fiscal year (April to March). */
const TERM_ORDER = sql`(CASE r.term WHEN 'Summer' THEN 1 WHEN 'Fall' THEN 2 ELSE 3 END)`;

const selectRecordById = preparedStatement<RecordWire, { id: number }>(
  sql`${RECORD_SELECT} WHERE r.id = ${sql.placeholder('id')}`,
);

async function selectRecord(db: Db, id: number, lock = false): Promise<RecordWire | null> {
  const [row] = lock
    ? await queryRows<RecordWire>(db, sql`${RECORD_SELECT} WHERE r.id = ${id} FOR UPDATE OF r`)
    : await selectRecordById(db, { id });
  return row ?? null;
}

/** One record with its display names, or null. */
export async function findRecord(db: Db, id: number): Promise<RecordWire | null> {
  return selectRecord(db, id);
}

/** The institution a record belongs to, or null when there is no such record (a cheap look-up for rights checks). */
export async function recordInstitutionId(db: Db, id: number): Promise<number | null> {
  const [row] = await queryRows<{ institution_id: number }>(db, sql`SELECT institution_id FROM records WHERE id = ${id}`);
  return row?.institution_id ?? null;
}

// ---- Lists ---------------------------------------------------------------------------------------------

const inList = <T>(column: SQL, values: readonly T[]) =>
  sql`${column} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Criteria without paging, plus the institutions the caller may read ('all', or a list that may be empty). */
export type RecordFilter = Omit<FindCriteriaParsed, 'page' | 'pageSize' | 'sort'> & { readable: 'all' | number[] };

/**
 * The WHERE clause of a filter over `records r` (and `programs p` when `needsProgram`): for lists here, and for
 * exports and reports that take the same find criteria.
 */
export function recordFilterSql(filter: RecordFilter): { where: SQL; needsProgram: boolean } {
  const clauses: SQL[] = [];
  if (filter.readable !== 'all') {
    clauses.push(filter.readable.length === 0 ? sql`false` : inList(sql`r.institution_id`, filter.readable));
  }
  if (filter.institutionIds?.length) clauses.push(inList(sql`r.institution_id`, filter.institutionIds));
  if (filter.programIds?.length) clauses.push(inList(sql`r.program_id`, filter.programIds));
  // Fiscal years are fixed-width `YYYY/YY`, so text order is year order.
  if (filter.fiscalYearFrom) clauses.push(sql`r.fiscal_year >= ${filter.fiscalYearFrom}`);
  if (filter.fiscalYearTo) clauses.push(sql`r.fiscal_year <= ${filter.fiscalYearTo}`);
  if (filter.terms?.length) clauses.push(inList(sql`r.term`, filter.terms));
  if (filter.status) clauses.push(sql`r.status = ${filter.status}`);
  if (filter.placedMin !== undefined) clauses.push(sql`r.students_placed >= ${filter.placedMin}`);
  if (filter.placedMax !== undefined) clauses.push(sql`r.students_placed <= ${filter.placedMax}`);
  if (filter.disciplines?.length) clauses.push(inList(sql`p.discipline`, filter.disciplines));
  if (filter.wilTypes?.length) clauses.push(inList(sql`p.wil_type`, filter.wilTypes));
  if (filter.credentials?.length) clauses.push(inList(sql`p.credential`, filter.credentials));
  // strpos, not ILIKE: the text is matched literally, % and _ included.
  if (filter.programName) clauses.push(sql`strpos(lower(p.name), lower(${filter.programName})) > 0`);
  const needsProgram = !!(
    filter.disciplines?.length ||
    filter.wilTypes?.length ||
    filter.credentials?.length ||
    filter.programName
  );
  return { where: clauses.length > 0 ? sql.join(clauses, sql` AND `) : sql`true`, needsProgram };
}

const SORT_COLUMNS: Record<Exclude<RecordSortKey, 'term'>, SQL> = {
  institution: sql`lower(i.short_name)`,
  program: sql`lower(p.name)`,
  fiscal_year: sql`r.fiscal_year`,
  status: sql`r.status`,
  students_enrolled: sql`r.students_enrolled`,
  students_seeking: sql`r.students_seeking`,
  students_placed: sql`r.students_placed`,
  updated_at: sql`r.updated_at`,
  id: sql`r.id`,
};

/** ORDER BY for the requested keys, then newest term, institution, program and id so pages never shuffle. */
function orderOf(sort: RecordSort): SQL {
  const terms: SQL[] = [];
  for (const { key, dir } of sort) {
    const direction = sql.raw(dir === 'desc' ? 'DESC' : 'ASC');
    if (key === 'term') terms.push(sql`r.fiscal_year ${direction}`, sql`${TERM_ORDER} ${direction}`);
    else terms.push(sql`${SORT_COLUMNS[key]} ${direction} NULLS LAST`);
  }
  terms.push(sql`r.fiscal_year DESC`, sql`${TERM_ORDER} DESC`, sql`lower(i.short_name)`, sql`lower(p.name)`, sql`r.id`);
  return sql.join(terms, sql`, `);
}

/** One page of records matching the filter, in the requested order, with the total over the same filter. */
export async function listRecords(
  db: Db,
  filter: RecordFilter,
  paging: { page: number; pageSize: number; sort: RecordSort },
): Promise<RecordPage> {
  const { where, needsProgram } = recordFilterSql(filter);
  const offset = (paging.page - 1) * paging.pageSize;
  const items = await queryRows<RecordListItem>(
    db,
    sql`SELECT r.id, r.institution_id, i.short_name AS institution_short_name, r.program_id, p.name AS program_name,
               r.fiscal_year, r.term, r.status, r.students_enrolled, r.students_seeking, r.students_placed,
               ${iso(sql`r.updated_at`)} AS updated_at
        FROM records r
        JOIN institutions i ON i.id = r.institution_id
        JOIN programs p ON p.id = r.program_id
        WHERE ${where}
        ORDER BY ${orderOf(paging.sort)}
        LIMIT ${paging.pageSize} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM records r
        ${needsProgram ? sql`JOIN programs p ON p.id = r.program_id` : sql``}
        WHERE ${where}`,
  );
  return { items, total: count?.total ?? 0, page: paging.page, pageSize: paging.pageSize };
}

// ---- Writes --------------------------------------------------------------------------------------------

/** The outcome of a write that can meet another record or another person's change. */
export type WriteResult<T> =
  | { ok: true; value: T }
  | { ok: false; conflict: 'duplicate'; existingId: number; message: string }
  | { ok: false; conflict: 'version'; current: RecordWire; message: string };

type Values = Partial<Record<EditableField, string | number | null>>;

/** 400 with every rule the record breaks for its status. */
function assertValid(record: Values): void {
  const errors = validateRecord(record);
  if (Object.keys(errors).length > 0) throw new HttpError(400, summarizeFieldErrors(errors), errors);
}

async function existingRecordId(db: Db, programId: number, fiscalYear: string, term: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM records WHERE program_id = ${programId} AND fiscal_year = ${fiscalYear} AND term = ${term}`,
  );
  return row?.id ?? null;
}

const duplicateMessage = (programName: string, term: string, fiscalYear: string, id: number) =>
  `${programName} already has a record for ${term} ${fiscalYear} (record ${id}); open that record to change it`;

/** The program a new record names must exist, belong to the record's institution, and be active (both of them). */
async function assertProgramFits(db: Db, institutionId: number, programId: number): Promise<{ programName: string }> {
  const [institution] = await queryRows<{ active_ind: boolean }>(
    db,
    sql`SELECT active_ind FROM institutions WHERE id = ${institutionId}`,
  );
  if (!institution) throw fieldError('institution_id', 'No institution has this id');
  if (!institution.active_ind) throw fieldError('institution_id', 'This institution is inactive; records cannot be added to it');
  const [program] = await queryRows<{ institution_id: number; name: string; active_ind: boolean; short_name: string }>(
    db,
    sql`SELECT p.institution_id, p.name, p.active_ind, i.short_name
        FROM programs p JOIN institutions i ON i.id = p.institution_id WHERE p.id = ${programId}`,
  );
  if (!program) throw fieldError('program_id', 'No program has this id');
  if (program.institution_id !== institutionId) {
    throw fieldError('program_id', `${program.name} is a program of ${program.short_name}, not of the record's institution`);
  }
  if (!program.active_ind)
    throw fieldError('program_id', `${program.name} is no longer an active program; records cannot be added to it`);
  return { programName: program.name };
}

/** `SET` assignments of the editable fields given. */
function assignments(values: Values): SQL[] {
  return (Object.keys(values) as EditableField[]).map((f) => sql`${sql.identifier(f)} = ${values[f] ?? null}`);
}

/** Creates a record that passes the rules for its status, audited in the same transaction; a duplicate is a conflict. */
export async function createRecord(db: Db, input: RecordCreateParsed, userId: number): Promise<WriteResult<number>> {
  const values: Values = {};
  for (const field of EDITABLE_FIELDS) values[field] = input[field] ?? null;
  try {
    return await db.transaction(async (tx): Promise<WriteResult<number>> => {
      const { programName } = await assertProgramFits(tx, input.institution_id, input.program_id);
      assertValid(values);
      const existingId = await existingRecordId(tx, input.program_id, input.fiscal_year, input.term);
      if (existingId !== null) {
        return {
          ok: false,
          conflict: 'duplicate',
          existingId,
          message: duplicateMessage(programName, input.term, input.fiscal_year, existingId),
        };
      }
      const fields = Object.keys(values) as EditableField[];
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO records (institution_id, program_id, created_by, updated_by, ${sql.join(
          fields.map((f) => sql.identifier(f)),
          sql`, `,
        )})
            VALUES (${input.institution_id}, ${input.program_id}, ${userId}, ${userId}, ${sql.join(
              fields.map((f) => sql`${values[f]}`),
              sql`, `,
            )})
            RETURNING id`,
      );
      const created = await selectRecord(tx, row!.id);
      await writeAudit(tx, { entityType: 'record', entityId: row!.id, action: 'create', changedBy: userId, after: created });
      return { ok: true, value: row!.id };
    });
  } catch (err) {
    // Two people saving the same program/year/term at once: the unique index lets one through.
    if (uniqueViolation(err) === 'records_program_year_term_key') {
      const existingId = await existingRecordId(db, input.program_id, input.fiscal_year, input.term);
      if (existingId !== null) {
        const existing = await findRecord(db, existingId);
        return {
          ok: false,
          conflict: 'duplicate',
          existingId,
          message: duplicateMessage(existing?.program_name ?? 'This program', input.term, input.fiscal_year, existingId),
        };
      }
    }
    throw err;
  }
}

const MOVE_REFUSED = 'A record cannot move to another institution or program';

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

/** The audit action of a change: submit and reopen name a change of status, anything else is an update. */
function actionOf(before: RecordWire, after: Values): string {
  if (before.status !== after.status) return after.status === 'submitted' ? 'submit' : 'reopen';
  return 'update';
}

/**
 * Applies a partial update if `version` is still the stored one (else a conflict carrying the current record,
 * nothing written). The merged record must pass the rules for its new status. A change increments version
 * and is audited with before and after; a patch that changes nothing writes nothing and returns the record.
 */
export async function updateRecord(
  db: Db,
  id: number,
  patch: Omit<RecordUpdateParsed, 'id'>,
  userId: number,
  mayEdit: (institutionId: number) => boolean,
): Promise<WriteResult<RecordWire>> {
  try {
    return await db.transaction(async (tx): Promise<WriteResult<RecordWire>> => {
      const before = await selectRecord(tx, id, true);
      if (!before) throw notFound('The record');
      if (!mayEdit(before.institution_id)) throw forbidden();
      if (patch.institution_id !== undefined && patch.institution_id !== before.institution_id) {
        throw fieldError('institution_id', MOVE_REFUSED);
      }
      if (patch.program_id !== undefined && patch.program_id !== before.program_id) throw fieldError('program_id', MOVE_REFUSED);
      if (patch.version !== before.version) {
        return {
          ok: false,
          conflict: 'version',
          current: before,
          message:
            `Someone else saved this record (version ${before.version}) after you opened it (version ${patch.version}). ` +
            'Nothing was saved: compare their values with yours, then save again.',
        };
      }
      const changed: Values = {};
      for (const field of EDITABLE_FIELDS) {
        const value = patch[field];
        if (value !== undefined && !sameValue(value, before[field])) changed[field] = value;
      }
      if (Object.keys(changed).length === 0) return { ok: true, value: before };
      const merged: Values = {};
      for (const field of EDITABLE_FIELDS) merged[field] = field in changed ? changed[field] : before[field];
      merged.status = recordStatus(merged);
      assertValid(merged);
      if ('fiscal_year' in changed || 'term' in changed) {
        const existingId = await existingRecordId(tx, before.program_id, String(merged.fiscal_year), String(merged.term));
        if (existingId !== null && existingId !== id) {
          return {
            ok: false,
            conflict: 'duplicate',
            existingId,
            message: duplicateMessage(before.program_name, String(merged.term), String(merged.fiscal_year), existingId),
          };
        }
      }
      await tx.execute(
        sql`UPDATE records SET ${sql.join(assignments(changed), sql`, `)},
              version = version + 1, updated_at = now(), updated_by = ${userId}
            WHERE id = ${id} AND version = ${before.version}`,
      );
      const after = (await selectRecord(tx, id))!;
      await writeAudit(tx, {
        entityType: 'record',
        entityId: id,
        action: actionOf(before, merged),
        changedBy: userId,
        before,
        after,
      });
      return { ok: true, value: after };
    });
  } catch (err) {
    if (uniqueViolation(err) === 'records_program_year_term_key') {
      const current = await findRecord(db, id);
      const existingId = current
        ? await existingRecordId(
            db,
            current.program_id,
            String(patch.fiscal_year ?? current.fiscal_year),
            patch.term ?? current.term,
          )
        : null;
      if (current && existingId !== null) {
        return {
          ok: false,
          conflict: 'duplicate',
          existingId,
          message: duplicateMessage(
            current.program_name,
            patch.term ?? current.term,
            patch.fiscal_year ?? current.fiscal_year,
            existingId,
          ),
        };
      }
    }
    throw err;
  }
}

// ---- History -------------------------------------------------------------------------------------------

interface AuditRow {
  id: number;
  action: string;
  changed_at: string;
  changed_by: number | null;
  username: string | null;
  pref_name: string | null;
  before: Partial<RecordWire> | null;
  after: Partial<RecordWire> | null;
}

type HistoryValue = string | number | null;

/** The values that differ between two audit snapshots, in form order, with their labels. */
function changesBetween(before: Partial<RecordWire> | null, after: Partial<RecordWire> | null): RecordHistoryEntry['changes'] {
  const changes: RecordHistoryEntry['changes'] = [];
  for (const field of EDITABLE_FIELDS) {
    const b = (before?.[field] ?? null) as HistoryValue;
    const a = (after?.[field] ?? null) as HistoryValue;
    if (b !== a) changes.push({ field, label: RECORD_FIELD_LABELS[field], before: b, after: a });
  }
  return changes;
}

/** A record's audit history, newest first: who, when, what, and each changed value before → after. */
export async function recordHistory(db: Db, id: number): Promise<RecordHistoryEntry[]> {
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT a.id::float8 AS id, a.action, ${iso(sql`a.changed_at`)} AS changed_at, a.changed_by,
               u.username, u.pref_name, a.before, a.after
        FROM audit_log a LEFT JOIN users u ON u.id = a.changed_by
        WHERE a.entity_type = 'record' AND a.entity_id = ${id}
        ORDER BY a.changed_at DESC, a.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    changed_at: r.changed_at,
    changed_by: r.changed_by,
    username: r.username,
    prefName: r.pref_name,
    changes: changesBetween(r.before, r.after),
  }));
}

// ---- Medians -------------------------------------------------------------------------------------------

/** How many of a program's earlier terms the medians cover. */
export const MEDIAN_TERMS = 6;

/** The program's institution, or null when there is no such program (for the medians route's rights check). */
export async function programInstitutionId(db: Db, programId: number): Promise<number | null> {
  const [row] = await queryRows<{ institution_id: number }>(db, sql`SELECT institution_id FROM programs WHERE id = ${programId}`);
  return row?.institution_id ?? null;
}

/**
 * The median of every count and amount over the program's up to six most recent records strictly before
 * `fiscalYear`/`term` (chronological: fiscal year, then Summer, Fall, Spring), drafts included. Cast to float8
 * so both drivers answer numbers; a field no record holds is null.
 */
export async function recordMedians(db: Db, programId: number, fiscalYear: string, term: string): Promise<RecordMedians> {
  const termOrder = term === 'Summer' ? 1 : term === 'Fall' ? 2 : 3;
  const medians = MEDIAN_FIELDS.map(
    (f) => sql`(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${col(f)}::float8))::float8 AS ${sql.identifier(f)}`,
  );
  const [row] = await queryRows<Record<MedianField, number | null> & { terms: number }>(
    db,
    sql`WITH recent AS (
          SELECT r.* FROM records r
          WHERE r.program_id = ${programId}
            AND (r.fiscal_year < ${fiscalYear} OR (r.fiscal_year = ${fiscalYear} AND ${TERM_ORDER} < ${termOrder}))
          ORDER BY r.fiscal_year DESC, ${TERM_ORDER} DESC
          LIMIT ${MEDIAN_TERMS}
        )
        SELECT count(*)::int AS terms, ${sql.join(medians, sql`, `)} FROM recent r`,
  );
  const result = { terms: row?.terms ?? 0, medians: {} as RecordMedians['medians'] };
  for (const f of MEDIAN_FIELDS) result.medians[f] = row?.[f] ?? null;
  return result;
}
