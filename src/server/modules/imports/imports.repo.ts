import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Term } from '../../../shared/constants.ts';
import { canEditInstitution } from '../../../shared/permissions.ts';
import {
  COUNT_FIELDS,
  EDITABLE_FIELDS,
  MONEY_FIELDS,
  RECORD_FIELD_LABELS,
  validateRecord,
  type EditableField,
} from '../../../shared/record-rules.ts';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_IMPORT_CELL_LENGTH,
  type ImportCounts,
  type ImportDryRun,
  type ImportField,
  type ImportRequest,
  type ImportRowResult,
} from '../../../shared/schemas/import.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { checkText } from '../../../shared/schemas/text.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../http-errors.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import {
  convertCount,
  convertFiscalYear,
  convertId,
  convertMoney,
  convertNotes,
  convertStatus,
  convertTerm,
  isBlankCell,
  unguardText,
  type Converted,
} from './import-values.ts';

/**
 * The import's dry run and commit. The dry run reads everything it needs in a few queries (institutions, programs of
 * the institutions named, the records the rows point at), then decides each row: create, update (before → after),
 * unchanged, or error in words. The commit runs the same plan inside one transaction, with the records it updates
 * locked, and writes every row or none.
 */

type Values = Partial<Record<EditableField, string | number | null>>;

interface InstitutionRow {
  id: number;
  short_name: string;
  name: string;
  active_ind: boolean;
}
interface ProgramRow {
  id: number;
  institution_id: number;
  name: string;
  active_ind: boolean;
}
/** The editable values of a stored record, with its keys and display names. */
type ExistingRecord = { id: number; institution_id: number; program_id: number; version: number } & Record<
  EditableField,
  string | number | null
>;

export type PlannedWrite =
  | { kind: 'create'; institutionId: number; programId: number; values: Values }
  | { kind: 'update'; id: number; changed: Values; status: 'draft' | 'submitted'; beforeStatus: string };

export interface ImportPlan extends ImportDryRun {
  writes: PlannedWrite[];
}

const lower = (text: string) => unguardText(text.trim()).toLowerCase();
/** Names compared as a file's cells are: NFC, trimmed, ignoring case (rows stored before issue 17 may not be NFC). */
const nameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** A row's mapped cells as text under the shared rule, and the cells that are not text at all. */
interface ReadRow {
  texts: Partial<Record<ImportField, string>>;
  unreadable: { field: ImportField; message: string }[];
}

/**
 * Reads the mapped cells of a row: NFC, trimmed, and free of control characters (tab and line breaks in notes only),
 * lone surrogates and noncharacters. The value converters and record rules then judge the text; notes get their
 * 4,000-character limit there, after the export's formula guard is undone.
 */
function readCells(row: string[], mapping: ImportRequest['mapping']): ReadRow {
  const read: ReadRow = { texts: {}, unreadable: [] };
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    const checked = checkText(row[column] ?? '', {
      label: IMPORT_FIELD_LABELS[field],
      max: MAX_IMPORT_CELL_LENGTH,
      multiline: field === 'notes',
    });
    if (checked.ok) read.texts[field] = checked.value;
    else read.unreadable.push({ field, message: checked.message });
  }
  return read;
}

async function loadInstitutions(db: Db): Promise<InstitutionRow[]> {
  return queryRows<InstitutionRow>(db, sql`SELECT id, short_name, name, active_ind FROM institutions`);
}

async function loadPrograms(db: Db, institutionIds: number[], programIds: number[]): Promise<ProgramRow[]> {
  const clauses: SQL[] = [];
  if (institutionIds.length > 0)
    clauses.push(
      sql`institution_id IN (${sql.join(
        institutionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (programIds.length > 0)
    clauses.push(
      sql`id IN (${sql.join(
        programIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (clauses.length === 0) return [];
  return queryRows<ProgramRow>(
    db,
    sql`SELECT id, institution_id, name, active_ind FROM programs WHERE ${sql.join(clauses, sql` OR `)}`,
  );
}

/** Stored records by id, or by program and fiscal year (matched to terms afterwards); locked when committing. */
async function loadRecords(
  db: Db,
  ids: number[],
  programIds: number[],
  fiscalYears: string[],
  lock: boolean,
): Promise<ExistingRecord[]> {
  const clauses: SQL[] = [];
  const list = <T>(values: T[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  if (ids.length > 0) clauses.push(sql`r.id IN (${list(ids)})`);
  if (programIds.length > 0 && fiscalYears.length > 0) {
    clauses.push(sql`(r.program_id IN (${list(programIds)}) AND r.fiscal_year IN (${list(fiscalYears)}))`);
  }
  if (clauses.length === 0) return [];
  return queryRows<ExistingRecord>(
    db,
    sql`SELECT r.id, r.institution_id, r.program_id, r.version, r.fiscal_year, r.term,
               ${sql.join(
                 COUNT_FIELDS.map((f) => sql.raw(`r.${f}`)),
                 sql`, `,
               )},
               ${sql.join(
                 MONEY_FIELDS.map((f) => sql.raw(`r.${f}::text AS ${f}`)),
                 sql`, `,
               )},
               r.notes, r.status
        FROM records r WHERE ${sql.join(clauses, sql` OR `)}
        ORDER BY r.id ${lock ? sql`FOR UPDATE` : sql``}`,
  );
}

const VALUE_FIELDS = ['status', ...COUNT_FIELDS, ...MONEY_FIELDS, 'notes'] as const;

/** The converter of each value column. */
function convertValue(field: (typeof VALUE_FIELDS)[number], text: string): Converted<string | number | null> {
  if (field === 'status') return convertStatus(text);
  if (field === 'notes') return convertNotes(text);
  if ((MONEY_FIELDS as readonly string[]).includes(field)) return convertMoney(field as (typeof MONEY_FIELDS)[number], text);
  return convertCount(field as (typeof COUNT_FIELDS)[number], text);
}

/** Why a submitted record cannot be made from a file that lacks some figures' columns, and what to do. */
function missingColumnsMessage(fields: readonly (typeof COUNT_FIELDS)[number][]): string {
  const labels = fields.map((f) => RECORD_FIELD_LABELS[f]);
  const what =
    fields.length === 1 ? `a column for ${labels[0]}` : `columns for ${fields.length} of its figures (${labels.join(', ')})`;
  return `A submitted record needs every figure, and the file has no ${what}. Add those columns, or import the rows as drafts with a Status column that says draft`;
}

const keyOf = (programId: number, fiscalYear: string, term: string) => `${programId}|${fiscalYear}|${term}`;
const labelOf = (field: string) =>
  (IMPORT_FIELD_LABELS as Record<string, string>)[field] ?? (RECORD_FIELD_LABELS as Record<string, string>)[field] ?? field;

/** A cell of the row, unless the row leaves it blank. */
function presentCell(row: ReadRow, field: ImportField): string | undefined {
  const text = row.texts[field];
  return text === undefined || isBlankCell(text) ? undefined : text;
}

/** What the rows point at: institutions, programs and records, read in a few queries. */
interface Lookups {
  institutionByName: Map<string, InstitutionRow>;
  institutionById: Map<number, InstitutionRow>;
  programById: Map<number, ProgramRow>;
  programByName: Map<string, ProgramRow>;
  recordById: Map<number, ExistingRecord>;
  recordByKey: Map<string, ExistingRecord>;
}

async function loadLookups(db: Db, request: ImportRequest, readRows: ReadRow[], lock: boolean): Promise<Lookups> {
  const institutions = await loadInstitutions(db);
  const institutionByName = new Map<string, InstitutionRow>();
  // Short names first, so a short name wins over another institution's full name.
  for (const i of institutions) institutionByName.set(nameKey(i.name), i);
  for (const i of institutions) institutionByName.set(nameKey(i.short_name), i);
  const institutionById = new Map(institutions.map((i) => [i.id, i]));

  const namedInstitutions = new Set<number>();
  const programIds = new Set<number>();
  const recordIds = new Set<number>();
  const fiscalYears = new Set<string>(request.fiscalYear ? [request.fiscalYear] : []);
  for (const row of readRows) {
    const inst = presentCell(row, 'institution');
    const found = inst ? institutionByName.get(lower(inst)) : undefined;
    if (found) namedInstitutions.add(found.id);
    const pid = presentCell(row, 'program_id');
    if (pid) {
      const id = convertId('Program ID', pid);
      if (id.ok) programIds.add(id.value);
    }
    const rid = presentCell(row, 'record_id');
    if (rid) {
      const id = convertId('Record ID', rid);
      if (id.ok) recordIds.add(id.value);
    }
    const fy = presentCell(row, 'fiscal_year');
    if (fy) {
      const year = convertFiscalYear(fy);
      if (year.ok) fiscalYears.add(year.value);
    }
  }
  const recordsById = await loadRecords(db, [...recordIds], [], [], lock);
  for (const r of recordsById) programIds.add(r.program_id);
  const programs = await loadPrograms(db, [...namedInstitutions], [...programIds]);
  const programById = new Map(programs.map((p) => [p.id, p]));
  const programByName = new Map(programs.map((p) => [`${p.institution_id}|${nameKey(p.name)}`, p]));
  const records = [...recordsById, ...(await loadRecords(db, [], [...programById.keys()], [...fiscalYears], lock))];
  const recordById = new Map(records.map((r) => [r.id, r]));
  const recordByKey = new Map(records.map((r) => [keyOf(r.program_id, String(r.fiscal_year), String(r.term)), r]));
  return { institutionByName, institutionById, programById, programByName, recordById, recordByKey };
}

/** What the rows share while each is decided. */
interface PlanContext {
  request: ImportRequest;
  privileges: Privileges;
  lookups: Lookups;
  /** The row that first named each program, fiscal year and term. */
  rowOfKey: Map<string, number>;
}

/** One row being decided: its errors, its result, and what it was found to point at. */
interface RowState {
  row: ReadRow;
  rowNumber: number;
  errors: { field: string; label: string; message: string }[];
  result: ImportRowResult;
  institution?: InstitutionRow;
  program?: ProgramRow;
  existing?: ExistingRecord;
}

const fail = (st: RowState, field: string, message: string) => st.errors.push({ field, label: labelOf(field), message });

/**
 * Which record the row is for: by record ID, by program ID, or by institution and program names; and whether the
 * person may write it. False when the row can go no further.
 */
function identifyRow(st: RowState, ctx: PlanContext): boolean {
  // A cell that is not text (a control character, half of a character) says nothing reliable about the row.
  if (st.row.unreadable.length > 0) {
    for (const { field, message } of st.row.unreadable) fail(st, field, message);
    return false;
  }
  const instText = presentCell(st.row, 'institution');
  const progText = presentCell(st.row, 'program');
  const ridText = presentCell(st.row, 'record_id');
  const pidText = presentCell(st.row, 'program_id');

  if (ridText) {
    const id = convertId('Record ID', ridText);
    if (!id.ok) fail(st, 'record_id', id.message);
    else {
      st.existing = ctx.lookups.recordById.get(id.value);
      if (!st.existing) fail(st, 'record_id', `No record has ID ${id.value}`);
      else if (!canEditInstitution(ctx.privileges, st.existing.institution_id)) {
        // Say nothing of a record the person may not edit: it may belong to an institution they cannot read.
        fail(
          st,
          'record_id',
          `You do not have write access to record ${id.value}: it belongs to an institution you may not edit`,
        );
        return false;
      } else {
        st.institution = ctx.lookups.institutionById.get(st.existing.institution_id);
        st.program = ctx.lookups.programById.get(st.existing.program_id);
        st.result.recordId = st.existing.id;
        if (instText && ctx.lookups.institutionByName.get(lower(instText))?.id !== st.existing.institution_id) {
          fail(
            st,
            'institution',
            `Record ${st.existing.id} belongs to ${st.institution?.short_name ?? 'another institution'}, not ${instText}`,
          );
        }
        if (pidText && convertId('Program ID', pidText).ok && Number(pidText.replace(/\.0+$/, '')) !== st.existing.program_id) {
          fail(st, 'program_id', `Record ${st.existing.id} is for program ${st.existing.program_id}, not ${pidText}`);
        }
        if (progText && st.program && lower(progText) !== nameKey(st.program.name)) {
          fail(st, 'program', `Record ${st.existing.id} is for ${st.program.name}, not ${progText}`);
        }
      }
    }
  } else if (pidText) {
    const id = convertId('Program ID', pidText);
    if (!id.ok) fail(st, 'program_id', id.message);
    else {
      st.program = ctx.lookups.programById.get(id.value);
      if (!st.program) fail(st, 'program_id', `No program has ID ${id.value}`);
      else {
        st.institution = ctx.lookups.institutionById.get(st.program.institution_id);
        if (instText && ctx.lookups.institutionByName.get(lower(instText))?.id !== st.program.institution_id) {
          fail(
            st,
            'institution',
            `Program ${id.value} (${st.program.name}) belongs to ${st.institution?.short_name}, not ${instText}`,
          );
        }
      }
    }
  } else {
    if (!instText) fail(st, 'institution', 'Institution is required: give its short name, such as UVic');
    else {
      st.institution = ctx.lookups.institutionByName.get(lower(instText));
      if (!st.institution) fail(st, 'institution', `No institution is called "${instText}"; use its short name, such as UVic`);
    }
    if (!progText) fail(st, 'program', 'Program is required: give its name as the list of valid programs has it');
    else if (st.institution) {
      st.program = ctx.lookups.programByName.get(`${st.institution.id}|${lower(progText)}`);
      if (!st.program) fail(st, 'program', `${st.institution.short_name} has no program called "${progText}"`);
    }
  }

  if (st.institution) {
    st.result.institution = st.institution.short_name;
    if (!canEditInstitution(ctx.privileges, st.institution.id)) {
      fail(st, 'institution', `You do not have write access to the records of ${st.institution.short_name}`);
      return false;
    }
  }
  if (st.program) st.result.program = st.program.name;
  return true;
}

/** The row's fiscal year and term (its own, the record's, or the file's), and the checks that need them. */
function rowTermOf(st: RowState, ctx: PlanContext): { fiscalYear?: string; term?: Term } {
  let fiscalYear: string | undefined;
  let term: Term | undefined;
  const fyText = presentCell(st.row, 'fiscal_year');
  const termText = presentCell(st.row, 'term');
  const ridText = presentCell(st.row, 'record_id');
  if (fyText) {
    const fy = convertFiscalYear(fyText);
    if (fy.ok) fiscalYear = fy.value;
    else fail(st, 'fiscal_year', fy.message);
  } else if (st.existing) fiscalYear = String(st.existing.fiscal_year);
  else if (ctx.request.fiscalYear) fiscalYear = ctx.request.fiscalYear;
  else if (!ridText)
    fail(st, 'fiscal_year', 'Fiscal year is required: this row has none, and no fiscal year was chosen for the file');
  if (termText) {
    const t = convertTerm(termText);
    if (t.ok) term = t.value;
    else fail(st, 'term', t.message);
  } else if (st.existing) term = st.existing.term as Term;
  else if (ctx.request.term) term = ctx.request.term;
  else if (!ridText) fail(st, 'term', 'Term is required: this row has none, and no term was chosen for the file');
  if (fiscalYear) st.result.fiscal_year = fiscalYear;
  if (term) st.result.term = term;

  if (st.existing && fiscalYear && term && (fiscalYear !== st.existing.fiscal_year || term !== st.existing.term)) {
    fail(
      st,
      fiscalYear !== st.existing.fiscal_year ? 'fiscal_year' : 'term',
      `Record ${st.existing.id} is for ${st.existing.term} ${st.existing.fiscal_year}, but this row says ${term} ${fiscalYear}. ` +
        'An import does not move a record to another term; change it on the record’s page',
    );
  }
  if (!st.existing && st.program && fiscalYear && term) {
    st.existing = ctx.lookups.recordByKey.get(keyOf(st.program.id, fiscalYear, term));
    if (st.existing) st.result.recordId = st.existing.id;
  }
  if (st.program && fiscalYear && term) {
    const key = keyOf(st.program.id, fiscalYear, term);
    const earlier = ctx.rowOfKey.get(key);
    if (earlier !== undefined) {
      fail(
        st,
        'program',
        `Row ${earlier} is already for ${st.program.name}, ${term} ${fiscalYear}: each program and term may appear once`,
      );
    } else ctx.rowOfKey.set(key, st.rowNumber);
  }
  if (!st.existing && st.program && !st.program.active_ind) {
    fail(st, 'program', `${st.program.name} is no longer an active program; records cannot be added to it`);
  }
  if (!st.existing && st.institution && !st.institution.active_ind) {
    fail(st, 'institution', `${st.institution.short_name} is inactive; records cannot be added to it`);
  }
  return { fiscalYear, term };
}

/** The row's values, checked by the record rules, and the write they make (null for none or an error). */
function rowWrite(st: RowState, ctx: PlanContext, fiscalYear: string | undefined, term: Term | undefined): PlannedWrite | null {
  const values: Values = {};
  const badFields = new Set<string>();
  for (const field of VALUE_FIELDS) {
    const text = st.row.texts[field];
    if (text === undefined) continue;
    const converted = convertValue(field, text);
    if (converted.ok) values[field] = converted.value;
    else {
      fail(st, field, converted.message);
      badFields.add(field);
    }
  }
  if (ctx.request.mapping.status === undefined) values.status = 'submitted';
  if (st.errors.length > 0 && (!st.program || !fiscalYear || !term)) return null;

  const merged: Values = {};
  for (const field of EDITABLE_FIELDS) merged[field] = st.existing ? st.existing[field] : null;
  for (const [field, value] of Object.entries(values)) merged[field as EditableField] = value;
  merged.fiscal_year = fiscalYear ?? null;
  merged.term = term ?? null;
  const rules = validateRecord(merged);
  // Figures a submitted record needs that the file has no column for: one message naming them all, not one each.
  const notInFile = COUNT_FIELDS.filter((f) => rules[f] && ctx.request.mapping[f] === undefined && merged[f] === null);
  for (const [field, messages] of Object.entries(rules)) {
    if (badFields.has(field)) continue;
    if ((notInFile as readonly string[]).includes(field)) {
      if (field === notInFile[0]) fail(st, 'status', missingColumnsMessage(notInFile));
      continue;
    }
    for (const message of messages) fail(st, field, message);
  }

  const changes: NonNullable<ImportRowResult['changes']> = [];
  for (const field of EDITABLE_FIELDS) {
    const before = st.existing ? (st.existing[field] ?? null) : null;
    const after = merged[field] ?? null;
    if (before !== after) changes.push({ field, label: RECORD_FIELD_LABELS[field], before, after });
  }
  if (st.errors.length > 0) return null;
  if (st.existing) {
    if (changes.length === 0) st.result.action = 'unchanged';
    else {
      st.result.action = 'update';
      st.result.changes = changes;
      const changed: Values = {};
      for (const c of changes) changed[c.field as EditableField] = c.after;
      return {
        kind: 'update',
        id: st.existing.id,
        changed,
        status: merged.status === 'draft' ? 'draft' : 'submitted',
        beforeStatus: String(st.existing.status),
      };
    }
  } else {
    st.result.action = 'create';
    st.result.changes = changes;
    return { kind: 'create', institutionId: st.institution!.id, programId: st.program!.id, values: merged };
  }
  return null;
}

/**
 * Decides every row of an import (writes nothing). `lock` takes row locks on the records it would update, for the
 * commit's transaction.
 */
export async function planImport(
  db: Db,
  request: ImportRequest,
  privileges: Privileges,
  options: { lock?: boolean } = {},
): Promise<ImportPlan> {
  // Every mapped cell is read once, under the text rule every form and route applies; the dry run and the commit
  // both come here, so a row the dry run calls clean is one the database takes.
  const readRows = request.rows.map((row) => readCells(row, request.mapping));
  const lookups = await loadLookups(db, request, readRows, options.lock ?? false);
  const ctx: PlanContext = { request, privileges, lookups, rowOfKey: new Map() };

  const results: ImportRowResult[] = [];
  const writes: PlannedWrite[] = [];
  /** What the plan depends on in the database: each row's outcome and the version of the record it met. */
  const seen: (string | number | null)[][] = [];

  readRows.forEach((row, index) => {
    if (request.rows[index]!.every((text) => isBlankCell(text))) return;
    const rowNumber = index + 2;
    const st: RowState = { row, rowNumber, errors: [], result: { row: rowNumber, action: 'error' } };
    if (identifyRow(st, ctx)) {
      const { fiscalYear, term } = rowTermOf(st, ctx);
      const write = rowWrite(st, ctx, fiscalYear, term);
      if (write) writes.push(write);
    }
    seen.push([rowNumber, st.result.recordId ?? null, st.existing?.version ?? null]);
    if (st.errors.length > 0) {
      st.result.action = 'error';
      st.result.errors = st.errors;
      delete st.result.changes;
    }
    results.push(st.result);
  });

  const counts: ImportCounts = { rows: results.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of results) counts[r.action]++;
  const fingerprint = createHash('sha256').update(JSON.stringify(seen)).digest('base64url');
  return { counts, rows: results, fingerprint, writes };
}

/** Rows per INSERT of a commit: well under PostgreSQL's 65,535 bind parameters at 37 per record. */
const WRITE_BATCH = 500;

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Records as the API sends them (the shape `findRecord` gives, which every record audit row holds), many at a time.
 * The imports test checks each audit snapshot against `GET /api/records/{id}`, so the two cannot drift apart.
 */
async function wireRecords(db: Db, ids: number[]): Promise<Map<number, RecordWire>> {
  const found = new Map<number, RecordWire>();
  for (let i = 0; i < ids.length; i += WRITE_BATCH) {
    const batch = ids.slice(i, i + WRITE_BATCH);
    const rows = await queryRows<RecordWire>(
      db,
      sql`SELECT r.id, r.institution_id, i.short_name AS institution_short_name, i.name AS institution_name,
                 r.program_id, p.name AS program_name, r.fiscal_year, r.term,
                 ${sql.join(
                   COUNT_FIELDS.map((f) => sql.raw(`r.${f}`)),
                   sql`, `,
                 )},
                 ${sql.join(
                   MONEY_FIELDS.map((f) => sql.raw(`r.${f}::text AS ${f}`)),
                   sql`, `,
                 )},
                 r.notes, r.status, r.version,
                 ${iso(sql`r.created_at`)} AS created_at, r.created_by,
                 ${iso(sql`r.updated_at`)} AS updated_at, r.updated_by
          FROM records r
          JOIN institutions i ON i.id = r.institution_id
          JOIN programs p ON p.id = r.program_id
          WHERE r.id IN (${sql.join(
            batch.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** A commit refused because rows have errors: the dry run goes back with the 400. */
export class ImportRefused extends HttpError {
  constructor(public readonly result: ImportDryRun) {
    const n = result.counts.error;
    super(
      400,
      `Nothing was imported: ${n.toLocaleString('en-CA')} row${n === 1 ? ' has' : 's have'} errors. Correct the file, check it again, then import.`,
    );
  }
}

/** The audit action of an update, as a normal edit names it: submit and reopen are changes of status. */
const updateAction = (beforeStatus: string, status: string) =>
  beforeStatus === status ? 'update' : status === 'submitted' ? 'submit' : 'reopen';

/**
 * Writes an import in one transaction: the plan is made again under row locks; any row with an error (or a record
 * added by someone else meanwhile) and nothing is written. Each created or updated record gets its own audit row,
 * and the import one more (who, when, how many).
 */
export async function commitImport(
  db: Db,
  request: ImportRequest,
  user: { id: number; privileges: Privileges },
): Promise<ImportCounts> {
  try {
    return await db.transaction(async (tx) => {
      const plan = await planImport(tx, request, user.privileges, { lock: true });
      if (plan.counts.error > 0) throw new ImportRefused({ counts: plan.counts, rows: plan.rows, fingerprint: plan.fingerprint });
      if (request.fingerprint !== undefined && request.fingerprint !== plan.fingerprint) {
        throw new HttpError(
          409,
          'Records in this file were changed or added by someone else after you checked it. Nothing was imported: check the file again to see what it would do now.',
        );
      }
      const creates = plan.writes.filter((w) => w.kind === 'create');
      const updates = plan.writes.filter((w) => w.kind === 'update');
      const audits: (typeof auditLog.$inferInsert)[] = [];

      // Updates: the stored records as they were (already locked), each changed like a PATCH, then as they are.
      const updated = updates.map((w) => w.id);
      const before = await wireRecords(tx, updated);
      for (const write of updates) {
        const fields = Object.keys(write.changed) as EditableField[];
        await tx.execute(
          sql`UPDATE records SET ${sql.join(
            fields.map((f) => sql`${sql.identifier(f)} = ${write.changed[f] ?? null}`),
            sql`, `,
          )}, version = version + 1, updated_at = now(), updated_by = ${user.id}
              WHERE id = ${write.id}`,
        );
      }
      const afterUpdate = await wireRecords(tx, updated);
      for (const write of updates) {
        audits.push({
          entityType: 'record',
          entityId: write.id,
          action: updateAction(write.beforeStatus, write.status),
          changedBy: user.id,
          before: before.get(write.id),
          after: afterUpdate.get(write.id),
        });
      }

      // Creates: many rows per INSERT.
      const created: number[] = [];
      for (let i = 0; i < creates.length; i += WRITE_BATCH) {
        const batch = creates.slice(i, i + WRITE_BATCH);
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO records (institution_id, program_id, created_by, updated_by, ${sql.join(
            EDITABLE_FIELDS.map((f) => sql.identifier(f)),
            sql`, `,
          )})
              VALUES ${sql.join(
                batch.map(
                  (w) =>
                    sql`(${w.institutionId}, ${w.programId}, ${user.id}, ${user.id}, ${sql.join(
                      EDITABLE_FIELDS.map((f) => sql`${w.values[f] ?? null}`),
                      sql`, `,
                    )})`,
                ),
                sql`, `,
              )}
              RETURNING id`,
        );
        created.push(...rows.map((r) => r.id));
      }
      const afterCreate = await wireRecords(tx, created);
      for (const id of created) {
        audits.push({
          entityType: 'record',
          entityId: id,
          action: 'create',
          changedBy: user.id,
          before: null,
          after: afterCreate.get(id),
        });
      }
      for (let i = 0; i < audits.length; i += WRITE_BATCH) await tx.insert(auditLog).values(audits.slice(i, i + WRITE_BATCH));

      await writeAudit(tx, {
        entityType: 'import',
        entityId: null,
        action: 'records',
        changedBy: user.id,
        after: {
          fileName: request.fileName ?? null,
          fiscalYear: request.fiscalYear ?? null,
          term: request.term ?? null,
          counts: plan.counts,
          created,
          updated,
        },
      });
      return plan.counts;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'records_program_year_term_key') {
      throw new HttpError(
        409,
        'Someone else added a record for one of these programs and terms while the import ran. Nothing was imported: check the file again, then import.',
      );
    }
    throw err;
  }
}
