import { createHash } from 'node:crypto';
import type { Term } from '../../../shared/constants.ts';
import { canEditInstitution, editableInstitutions } from '../../../shared/permissions.ts';
import {
  COUNT_FIELDS,
  EDITABLE_FIELDS,
  FIGURE_FIELDS,
  MONEY_FIELDS,
  RECORD_FIELD_LABELS,
  validateRecord,
  type EditableField,
} from '../../../shared/record-rules.ts';
import {
  IMPORT_FIELD_LABELS,
  type ImportCounts,
  type ImportDryRun,
  type ImportField,
  type ConflictChoice,
  type ImportRequest,
  type ImportRowResult,
} from '../../../shared/schemas/import.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import type { Db } from '../../db/client.ts';
import { lockedReturnMessage, type LockedReturn } from '../../refusals.ts';
import type { NewRecord, RecordChange, RecordValues } from '../records/record-store.ts';
import { lockedReturnsAt, type ReturnKey } from '../returns/return-lock.ts';
import type { PreparedImport, ReadRow } from './read-cells.ts';
import { eventLoopTurns } from './event-loop-turns.ts';
import {
  loadInstitutions,
  loadPrograms,
  loadRecords,
  loadUserNames,
  type InstitutionRow,
  type ProgramRow,
} from './imports.repo.ts';
import {
  convertCount,
  convertFiscalYear,
  convertId,
  convertLastChanged,
  convertMoney,
  convertNotes,
  convertStatus,
  convertTerm,
  convertVersion,
  isBlankCell,
  unguardText,
  type Converted,
} from './import-values.ts';

/**
 * The import's plan, for the dry run and the commit alike. It reads everything it needs in a few queries (institutions,
 * programs of the institutions named, the records the rows point at: imports.repo.ts), then decides each row: create,
 * update (before → after), unchanged, or error in words, the editor's rights included (shared/permissions.ts). The
 * commit (import-commit.ts) makes the same plan under row locks and writes it through the record store.
 */

/** A row's write: a new record, or a change to a stored record (as the plan read it) through the record store. */
export type PlannedWrite = ({ kind: 'create' } & NewRecord) | ({ kind: 'update' } & RecordChange);

export interface ImportPlan extends ImportDryRun {
  writes: PlannedWrite[];
  /** Submitted or approved term returns that rows would have changed: those rows are refused (docs/decisions/021). */
  lockedReturns: LockedReturn[];
}

const lower = (text: string) => unguardText(text.trim()).toLowerCase();
/** Names compared as a file's cells are: NFC, trimmed, ignoring case (rows stored before issue 17 may not be NFC). */
const nameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();

const VALUE_FIELDS = ['status', ...FIGURE_FIELDS, 'notes'] as const;

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

/** Everything the rows point at, read in a few queries, and the rows' own bookkeeping across rows. */
interface PlanContext {
  request: ImportRequest;
  privileges: Privileges;
  institutionByName: Map<string, InstitutionRow>;
  institutionById: Map<number, InstitutionRow>;
  programById: Map<number, ProgramRow>;
  programByName: Map<string, ProgramRow>;
  recordById: Map<number, RecordWire>;
  recordByKey: Map<string, RecordWire>;
  /** The first row of each program, year and term, so a second one is refused. */
  rowOfKey: Map<string, number>;
  /** The request's choice for each conflicting row, with the record version it was made against. */
  choiceOfRow: Map<number, { keep: ConflictChoice; version: number }>;
}

/** One row being decided: what it names so far, and what is wrong with it. */
interface RowState {
  row: ReadRow;
  rowNumber: number;
  result: ImportRowResult;
  errors: { field: string; label: string; message: string }[];
  institution?: InstitutionRow;
  program?: ProgramRow;
  existing?: RecordWire;
}

const present = (row: ReadRow, field: ImportField) => {
  const text = row.texts[field];
  return text === undefined || isBlankCell(text) ? undefined : text;
};
const fail = (st: RowState, field: string, message: string) => st.errors.push({ field, label: labelOf(field), message });

/** Reads the institutions, the programs and the records the rows name (locked for the commit). */
async function loadContext(db: Db, request: ImportRequest, privileges: Privileges, readRows: ReadRow[], lock: boolean) {
  const institutions = await loadInstitutions(db);
  const institutionByName = new Map<string, InstitutionRow>();
  // Short names second, so a short name wins over another institution's full name.
  for (const i of institutions) institutionByName.set(nameKey(i.name), i);
  for (const i of institutions) institutionByName.set(nameKey(i.short_name), i);

  const namedInstitutions = new Set<number>();
  const programIds = new Set<number>();
  const recordIds = new Set<number>();
  const fiscalYears = new Set<string>(request.fiscalYear ? [request.fiscalYear] : []);
  const idOf = (row: ReadRow, field: 'program_id' | 'record_id', label: string) => {
    const text = present(row, field);
    const id = text ? convertId(label, text) : undefined;
    return id?.ok ? id.value : undefined;
  };
  const turn = eventLoopTurns();
  for (const row of readRows) {
    await turn();
    const inst = present(row, 'institution');
    const found = inst ? institutionByName.get(lower(inst)) : undefined;
    if (found) namedInstitutions.add(found.id);
    const programId = idOf(row, 'program_id', 'Program ID');
    if (programId !== undefined) programIds.add(programId);
    const recordId = idOf(row, 'record_id', 'Record ID');
    if (recordId !== undefined) recordIds.add(recordId);
    const fy = present(row, 'fiscal_year');
    const year = fy ? convertFiscalYear(fy) : undefined;
    if (year?.ok) fiscalYears.add(year.value);
  }
  const editable = editableInstitutions(privileges);
  const recordsById = await loadRecords(db, [...recordIds], [], [], editable, lock);
  for (const r of recordsById) programIds.add(r.program_id);
  const programs = await loadPrograms(db, [...namedInstitutions], [...programIds]);
  const programById = new Map(programs.map((p) => [p.id, p]));
  const records = [...recordsById, ...(await loadRecords(db, [], [...programById.keys()], [...fiscalYears], editable, lock))];
  const context: PlanContext = {
    request,
    privileges,
    institutionByName,
    institutionById: new Map(institutions.map((i) => [i.id, i])),
    programById,
    programByName: new Map(programs.map((p) => [`${p.institution_id}|${nameKey(p.name)}`, p])),
    recordById: new Map(records.map((r) => [r.id, r])),
    recordByKey: new Map(records.map((r) => [keyOf(r.program_id, String(r.fiscal_year), String(r.term)), r])),
    rowOfKey: new Map(),
    choiceOfRow: new Map((request.choices ?? []).map((c) => [c.row, { keep: c.keep, version: c.version }])),
  };
  return context;
}

/** A Record ID row: the record, which must be one the person may edit and agree with the row's other names. */
function identifyByRecordId(st: RowState, ctx: PlanContext, ridText: string): boolean {
  const id = convertId('Record ID', ridText);
  if (!id.ok) {
    fail(st, 'record_id', id.message);
    return true;
  }
  const existing = ctx.recordById.get(id.value);
  // A record the person may not edit is answered as one that does not exist, word for word, and its version stays
  // out of the fingerprint: it may belong to an institution they cannot read (issue 28).
  if (!existing || !canEditInstitution(ctx.privileges, existing.institution_id)) {
    fail(st, 'record_id', `No record you may edit has ID ${id.value}`);
    return false;
  }
  st.existing = existing;
  st.institution = ctx.institutionById.get(existing.institution_id);
  st.program = ctx.programById.get(existing.program_id);
  st.result.recordId = existing.id;
  const instText = present(st.row, 'institution');
  const progText = present(st.row, 'program');
  const pidText = present(st.row, 'program_id');
  if (instText && ctx.institutionByName.get(lower(instText))?.id !== existing.institution_id) {
    fail(
      st,
      'institution',
      `Record ${existing.id} belongs to ${st.institution?.short_name ?? 'another institution'}, not ${instText}`,
    );
  }
  if (pidText && convertId('Program ID', pidText).ok && Number(pidText.replace(/\.0+$/, '')) !== existing.program_id) {
    fail(st, 'program_id', `Record ${existing.id} is for program ${existing.program_id}, not ${pidText}`);
  }
  if (progText && st.program && lower(progText) !== nameKey(st.program.name)) {
    fail(st, 'program', `Record ${existing.id} is for ${st.program.name}, not ${progText}`);
  }
  return true;
}

/** A Program ID row, or a row naming its institution and program. */
function identifyByProgram(st: RowState, ctx: PlanContext): void {
  const instText = present(st.row, 'institution');
  const pidText = present(st.row, 'program_id');
  if (pidText) {
    const id = convertId('Program ID', pidText);
    if (!id.ok) return void fail(st, 'program_id', id.message);
    const program = ctx.programById.get(id.value);
    if (!program) return void fail(st, 'program_id', `No program has ID ${id.value}`);
    st.program = program;
    st.institution = ctx.institutionById.get(program.institution_id);
    if (instText && ctx.institutionByName.get(lower(instText))?.id !== program.institution_id) {
      fail(st, 'institution', `Program ${id.value} (${program.name}) belongs to ${st.institution?.short_name}, not ${instText}`);
    }
    return;
  }
  const progText = present(st.row, 'program');
  if (!instText) fail(st, 'institution', 'Institution is required: give its short name, such as UVic');
  else {
    st.institution = ctx.institutionByName.get(lower(instText));
    if (!st.institution) fail(st, 'institution', `No institution is called "${instText}"; use its short name, such as UVic`);
  }
  if (!progText) fail(st, 'program', 'Program is required: give its name as the list of valid programs has it');
  else if (st.institution) {
    st.program = ctx.programByName.get(`${st.institution.id}|${lower(progText)}`);
    if (!st.program) fail(st, 'program', `${st.institution.short_name} has no program called "${progText}"`);
  }
}

/** Which record, program and institution the row is for; false when nothing more may be said about it. */
function identifyRow(st: RowState, ctx: PlanContext): boolean {
  const ridText = present(st.row, 'record_id');
  if (ridText) {
    if (!identifyByRecordId(st, ctx, ridText)) return false;
  } else identifyByProgram(st, ctx);
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

/** The row's fiscal year and term: its own cells, else the record's, else the file's; an import never moves a record. */
function rowTermOf(st: RowState, ctx: PlanContext): { fiscalYear?: string; term?: Term } {
  const { existing, program } = st;
  const byRecordId = present(st.row, 'record_id') !== undefined;
  let fiscalYear: string | undefined;
  let term: Term | undefined;
  const fyText = present(st.row, 'fiscal_year');
  const termText = present(st.row, 'term');
  if (fyText) {
    const fy = convertFiscalYear(fyText);
    if (fy.ok) fiscalYear = fy.value;
    else fail(st, 'fiscal_year', fy.message);
  } else if (existing) fiscalYear = String(existing.fiscal_year);
  else if (ctx.request.fiscalYear) fiscalYear = ctx.request.fiscalYear;
  else if (!byRecordId)
    fail(st, 'fiscal_year', 'Fiscal year is required: this row has none, and no fiscal year was chosen for the file');
  if (termText) {
    const t = convertTerm(termText);
    if (t.ok) term = t.value;
    else fail(st, 'term', t.message);
  } else if (existing) term = existing.term as Term;
  else if (ctx.request.term) term = ctx.request.term;
  else if (!byRecordId) fail(st, 'term', 'Term is required: this row has none, and no term was chosen for the file');
  if (fiscalYear) st.result.fiscal_year = fiscalYear;
  if (term) st.result.term = term;

  if (existing && fiscalYear && term && (fiscalYear !== existing.fiscal_year || term !== existing.term)) {
    fail(
      st,
      fiscalYear !== existing.fiscal_year ? 'fiscal_year' : 'term',
      `Record ${existing.id} is for ${existing.term} ${existing.fiscal_year}, but this row says ${term} ${fiscalYear}. ` +
        'An import does not move a record to another term; change it on the record’s page',
    );
  }
  if (!st.existing && program && fiscalYear && term) {
    st.existing = ctx.recordByKey.get(keyOf(program.id, fiscalYear, term));
    if (st.existing) st.result.recordId = st.existing.id;
  }
  if (program && fiscalYear && term) {
    const key = keyOf(program.id, fiscalYear, term);
    const earlier = ctx.rowOfKey.get(key);
    if (earlier !== undefined) {
      fail(
        st,
        'program',
        `Row ${earlier} is already for ${program.name}, ${term} ${fiscalYear}: each program and term may appear once`,
      );
    } else ctx.rowOfKey.set(key, st.rowNumber);
  }
  if (!st.existing && program && !program.active_ind) {
    fail(st, 'program', `${program.name} is no longer an active program; records cannot be added to it`);
  }
  if (!st.existing && st.institution && !st.institution.active_ind) {
    fail(st, 'institution', `${st.institution.short_name} is inactive; records cannot be added to it`);
  }
  return { fiscalYear, term };
}

/**
 * Whether the stored record changed after the file's copy of it was made: its version differs from the file's
 * "Record version", or (a file without versions) it was changed after the file's "Last changed (UTC)". A file with
 * neither column says nothing, and its rows update as they always have. A file with the column but nothing in it for
 * this row had no copy of the record when it was made (a template's line for a program that had no record yet, or a
 * version cleared by hand): the record is newer than the file.
 */
function changedSinceFile(st: RowState, existing: RecordWire): boolean {
  const versionText = present(st.row, 'version');
  if (versionText !== undefined) {
    const version = convertVersion(versionText);
    if (!version.ok) fail(st, 'version', version.message);
    return version.ok && version.value !== existing.version;
  }
  const changedText = present(st.row, 'last_changed');
  // Mapped columns are read for every row (read-cells.ts): a text that is there but blank is an empty cell.
  if (changedText === undefined) return st.row.texts.version !== undefined || st.row.texts.last_changed !== undefined;
  const fileTime = convertLastChanged(changedText);
  if (!fileTime.ok) fail(st, 'last_changed', fileTime.message);
  // The export writes whole seconds; the record keeps microseconds.
  return fileTime.ok && Math.floor(Date.parse(existing.updated_at) / 1000) * 1000 > fileTime.value;
}

/** The row's values over the stored record, checked by the shared record rules; the write it makes, if any. */
function rowWrite(st: RowState, ctx: PlanContext, fiscalYear: string | undefined, term: Term | undefined): PlannedWrite | null {
  const { mapping } = ctx.request;
  const { existing, program, institution } = st;
  const values: RecordValues = {};
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
  if (mapping.status === undefined) values.status = 'submitted';
  if (st.errors.length > 0 && (!program || !fiscalYear || !term)) return null;

  const merged: RecordValues = {};
  for (const field of EDITABLE_FIELDS) merged[field] = existing ? existing[field] : null;
  for (const [field, value] of Object.entries(values)) merged[field as EditableField] = value;
  merged.fiscal_year = fiscalYear ?? null;
  merged.term = term ?? null;
  const rules = validateRecord(merged);
  // Figures a submitted record needs that the file has no column for: one message naming them all, not one each.
  const notInFile = COUNT_FIELDS.filter((f) => rules[f] && mapping[f] === undefined && merged[f] === null);
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
    const before = existing ? (existing[field] ?? null) : null;
    const after = merged[field] ?? null;
    if (before !== after) changes.push({ field, label: RECORD_FIELD_LABELS[field], before, after });
  }
  const newer = existing ? changedSinceFile(st, existing) : false;
  if (st.errors.length > 0) return null;
  if (!existing && FIGURE_FIELDS.every((field) => merged[field] === null) && merged.notes === null) {
    // A line of a return's template left as it came (a program with no record yet and nothing filled in): an empty
    // draft would only count the program as started. The row is passed over, as a blank row is.
    st.result.action = 'unchanged';
    return null;
  }
  if (existing) {
    if (changes.length === 0) {
      st.result.action = 'unchanged';
      return null;
    }
    let overwrite = false;
    if (newer) {
      const choice = ctx.choiceOfRow.get(st.rowNumber);
      // A choice holds only for the version it was made against: a change since then is a new conflict.
      const keep = choice?.version === existing.version ? choice.keep : undefined;
      st.result.conflict = {
        version: existing.version,
        changedAt: existing.updated_at,
        changedBy: null,
        fields: changes.map((c) => ({ field: c.field, label: c.label, file: c.after, now: c.before })),
        ...(keep ? { choice: keep } : {}),
      };
      if (keep !== 'file') {
        st.result.action = keep === 'current' ? 'unchanged' : 'conflict';
        return null;
      }
      overwrite = true;
    }
    st.result.action = 'update';
    st.result.changes = changes;
    const changed: RecordValues = {};
    for (const c of changes) changed[c.field as EditableField] = c.after;
    return { kind: 'update', before: existing, version: existing.version, changed, ...(overwrite ? { overwrite: true } : {}) };
  }
  st.result.action = 'create';
  st.result.changes = changes;
  return { kind: 'create', institutionId: institution!.id, programId: program!.id, values: merged };
}

/** Decides one row; its result carries its errors in words. */
function planRow(row: ReadRow, rowNumber: number, ctx: PlanContext) {
  const st: RowState = { row, rowNumber, result: { row: rowNumber, action: 'error' }, errors: [] };
  let write: PlannedWrite | null = null;
  // A cell that is not text (a control character, half of a character) says nothing reliable about the row.
  if (row.unreadable.length > 0) {
    for (const { field, message } of row.unreadable) fail(st, field, message);
  } else if (identifyRow(st, ctx)) {
    const { fiscalYear, term } = rowTermOf(st, ctx);
    write = rowWrite(st, ctx, fiscalYear, term);
  }
  if (st.errors.length > 0) {
    st.result.action = 'error';
    st.result.errors = st.errors;
    delete st.result.changes;
    delete st.result.conflict;
    write = null;
  }
  return {
    result: st.result,
    write,
    seenVersion: st.existing?.version ?? null,
    changedBy: st.result.conflict ? (st.existing?.updated_by ?? null) : null,
  };
}

/** The term return a planned write changes: the record's institution, fiscal year and term (an import never moves one). */
function returnKeyOfWrite(write: PlannedWrite): ReturnKey {
  if (write.kind === 'create') {
    return { institutionId: write.institutionId, fiscalYear: String(write.values.fiscal_year), term: String(write.values.term) };
  }
  return { institutionId: write.before.institution_id, fiscalYear: write.before.fiscal_year, term: write.before.term };
}

type PlannedRow = ReturnType<typeof planRow>;

/**
 * Refuses the rows that would change records of a submitted or approved term return, each with the sentence that
 * says which return and who can unlock it; returns those returns. (The record store refuses such writes anyway, at
 * commit; this is so the dry run can say so row by row.)
 */
async function refuseLockedRows(db: Db, planned: PlannedRow[]): Promise<LockedReturn[]> {
  const writes = planned.filter((p) => p.write !== null);
  const locked = await lockedReturnsAt(
    db,
    writes.map((p) => returnKeyOfWrite(p.write!)),
  );
  if (locked.length === 0) return [];
  const lockedByKey = new Map(locked.map((r) => [`${r.institutionId}|${r.fiscalYear}|${r.term}`, r]));
  const refusing = new Set<LockedReturn>();
  for (const p of writes) {
    const key = returnKeyOfWrite(p.write!);
    const lockedReturn = lockedByKey.get(`${key.institutionId}|${key.fiscalYear}|${key.term}`);
    if (!lockedReturn) continue;
    refusing.add(lockedReturn);
    p.write = null;
    p.result.action = 'error';
    p.result.errors = [{ field: 'term', label: labelOf('term'), message: lockedReturnMessage(lockedReturn) }];
    delete p.result.changes;
    delete p.result.conflict;
  }
  return [...refusing];
}

/** Each conflict says who changed its record last, by the name people see in the record's history. */
async function nameWhoChanged(db: Db, planned: PlannedRow[]): Promise<void> {
  const ids = [...new Set(planned.flatMap((p) => (p.result.conflict && p.changedBy !== null ? [p.changedBy] : [])))];
  if (ids.length === 0) return;
  const names = await loadUserNames(db, ids);
  for (const p of planned) {
    if (p.result.conflict && p.changedBy !== null) p.result.conflict.changedBy = names.get(p.changedBy) ?? null;
  }
}

/**
 * Decides every row of an import (writes nothing), its rows read by prepareImport (in the worker process, for a
 * request that came over HTTP). `lock` takes row locks on the records it would update, for the commit's transaction.
 */
export async function planImport(
  db: Db,
  { request, readRows }: PreparedImport,
  privileges: Privileges,
  options: { lock?: boolean } = {},
): Promise<ImportPlan> {
  // The dry run and the commit both come here with rows read by one rule, so a row the dry run calls clean is one
  // the database takes.
  const ctx = await loadContext(db, request, privileges, readRows, options.lock ?? false);
  const planned: PlannedRow[] = [];
  // 5,000 rows are some tens of milliseconds of work: other requests get the event loop between slices of it.
  const turn = eventLoopTurns();
  for (const [index, row] of readRows.entries()) {
    if (!row.blank) planned.push(planRow(row, index + 2, ctx));
    await turn();
  }
  const lockedReturns = await refuseLockedRows(db, planned);
  await nameWhoChanged(db, planned);
  const results = planned.map((p) => p.result);
  const writes = planned.flatMap((p) => (p.write ? [p.write] : []));
  /** What the plan depends on in the database: each row's outcome and the version of the record it met. */
  const seen = planned.map((p) => [p.result.row, p.result.recordId ?? null, p.seenVersion]);
  const counts: ImportCounts = { rows: results.length, create: 0, update: 0, unchanged: 0, conflict: 0, error: 0 };
  for (const r of results) counts[r.action]++;
  const fingerprint = createHash('sha256').update(JSON.stringify(seen)).digest('base64url');
  return { counts, rows: results, fingerprint, writes, lockedReturns };
}
