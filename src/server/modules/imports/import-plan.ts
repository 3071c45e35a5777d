import { createHash } from 'node:crypto';
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
import type { Db } from '../../db/client.ts';
import type { NewRecord, RecordChange, RecordValues } from '../records/record-store.ts';
import { loadInstitutions, loadPrograms, loadRecords, type InstitutionRow, type ProgramRow } from './imports.repo.ts';
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
 * The import's plan, for the dry run and the commit alike. It reads everything it needs in a few queries (institutions,
 * programs of the institutions named, the records the rows point at: imports.repo.ts), then decides each row: create,
 * update (before → after), unchanged, or error in words, the editor's rights included (shared/permissions.ts). The
 * commit (import-commit.ts) makes the same plan under row locks and writes it through the record store.
 */

/** A row's write: a new record, or a change to a stored record (as the plan read it) through the record store. */
export type PlannedWrite = ({ kind: 'create' } & NewRecord) | ({ kind: 'update' } & RecordChange);

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
  const { mapping } = request;
  // Every mapped cell is read once, under the text rule every form and route applies; the dry run and the commit
  // both come here, so a row the dry run calls clean is one the database takes.
  const readRows = request.rows.map((row) => readCells(row, mapping));
  const cell = (row: ReadRow, field: ImportField): string | undefined => row.texts[field];
  const present = (row: ReadRow, field: ImportField) => {
    const text = cell(row, field);
    return text === undefined || isBlankCell(text) ? undefined : text;
  };

  // ---- What the rows point at, read in a few queries ----
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
    const inst = present(row, 'institution');
    const found = inst ? institutionByName.get(lower(inst)) : undefined;
    if (found) namedInstitutions.add(found.id);
    const pid = present(row, 'program_id');
    if (pid) {
      const id = convertId('Program ID', pid);
      if (id.ok) programIds.add(id.value);
    }
    const rid = present(row, 'record_id');
    if (rid) {
      const id = convertId('Record ID', rid);
      if (id.ok) recordIds.add(id.value);
    }
    const fy = present(row, 'fiscal_year');
    if (fy) {
      const year = convertFiscalYear(fy);
      if (year.ok) fiscalYears.add(year.value);
    }
  }
  const lock = options.lock ?? false;
  const recordsById = await loadRecords(db, [...recordIds], [], [], lock);
  for (const r of recordsById) programIds.add(r.program_id);
  const programs = await loadPrograms(db, [...namedInstitutions], [...programIds]);
  const programById = new Map(programs.map((p) => [p.id, p]));
  const programByName = new Map(programs.map((p) => [`${p.institution_id}|${nameKey(p.name)}`, p]));
  const records = [...recordsById, ...(await loadRecords(db, [], [...programById.keys()], [...fiscalYears], lock))];
  const recordById = new Map(records.map((r) => [r.id, r]));
  const recordByKey = new Map(records.map((r) => [keyOf(r.program_id, String(r.fiscal_year), String(r.term)), r]));

  // ---- Each row ----
  const results: ImportRowResult[] = [];
  const writes: PlannedWrite[] = [];
  const rowOfKey = new Map<string, number>();
  /** What the plan depends on in the database: each row's outcome and the version of the record it met. */
  const seen: (string | number | null)[][] = [];

  readRows.forEach((row, index) => {
    if (request.rows[index]!.every((text) => isBlankCell(text))) return;
    const rowNumber = index + 2;
    const errors: { field: string; label: string; message: string }[] = [];
    const error = (field: string, message: string) => errors.push({ field, label: labelOf(field), message });
    const result: ImportRowResult = { row: rowNumber, action: 'error' };
    const finish = () => {
      seen.push([rowNumber, result.recordId ?? null, existing?.version ?? null]);
      if (errors.length > 0) {
        result.action = 'error';
        result.errors = errors;
        delete result.changes;
      }
      results.push(result);
    };

    let institution: InstitutionRow | undefined;
    let program: ProgramRow | undefined;
    let existing: RecordWire | undefined;
    // A cell that is not text (a control character, half of a character) says nothing reliable about the row.
    if (row.unreadable.length > 0) {
      for (const { field, message } of row.unreadable) error(field, message);
      return finish();
    }
    const instText = present(row, 'institution');
    const progText = present(row, 'program');
    const ridText = present(row, 'record_id');
    const pidText = present(row, 'program_id');

    if (ridText) {
      const id = convertId('Record ID', ridText);
      if (!id.ok) error('record_id', id.message);
      else {
        existing = recordById.get(id.value);
        if (!existing) error('record_id', `No record has ID ${id.value}`);
        else if (!canEditInstitution(privileges, existing.institution_id)) {
          // Say nothing of a record the person may not edit: it may belong to an institution they cannot read.
          error('record_id', `You do not have write access to record ${id.value}: it belongs to an institution you may not edit`);
          return finish();
        } else {
          institution = institutionById.get(existing.institution_id);
          program = programById.get(existing.program_id);
          result.recordId = existing.id;
          if (instText && institutionByName.get(lower(instText))?.id !== existing.institution_id) {
            error(
              'institution',
              `Record ${existing.id} belongs to ${institution?.short_name ?? 'another institution'}, not ${instText}`,
            );
          }
          if (pidText && convertId('Program ID', pidText).ok && Number(pidText.replace(/\.0+$/, '')) !== existing.program_id) {
            error('program_id', `Record ${existing.id} is for program ${existing.program_id}, not ${pidText}`);
          }
          if (progText && program && lower(progText) !== nameKey(program.name)) {
            error('program', `Record ${existing.id} is for ${program.name}, not ${progText}`);
          }
        }
      }
    } else if (pidText) {
      const id = convertId('Program ID', pidText);
      if (!id.ok) error('program_id', id.message);
      else {
        program = programById.get(id.value);
        if (!program) error('program_id', `No program has ID ${id.value}`);
        else {
          institution = institutionById.get(program.institution_id);
          if (instText && institutionByName.get(lower(instText))?.id !== program.institution_id) {
            error('institution', `Program ${id.value} (${program.name}) belongs to ${institution?.short_name}, not ${instText}`);
          }
        }
      }
    } else {
      if (!instText) error('institution', 'Institution is required: give its short name, such as UVic');
      else {
        institution = institutionByName.get(lower(instText));
        if (!institution) error('institution', `No institution is called "${instText}"; use its short name, such as UVic`);
      }
      if (!progText) error('program', 'Program is required: give its name as the list of valid programs has it');
      else if (institution) {
        program = programByName.get(`${institution.id}|${lower(progText)}`);
        if (!program) error('program', `${institution.short_name} has no program called "${progText}"`);
      }
    }

    if (institution) {
      result.institution = institution.short_name;
      if (!canEditInstitution(privileges, institution.id)) {
        error('institution', `You do not have write access to the records of ${institution.short_name}`);
        return finish();
      }
    }
    if (program) result.program = program.name;

    // ---- Fiscal year and term ----
    let fiscalYear: string | undefined;
    let term: Term | undefined;
    const fyText = present(row, 'fiscal_year');
    const termText = present(row, 'term');
    if (fyText) {
      const fy = convertFiscalYear(fyText);
      if (fy.ok) fiscalYear = fy.value;
      else error('fiscal_year', fy.message);
    } else if (existing) fiscalYear = String(existing.fiscal_year);
    else if (request.fiscalYear) fiscalYear = request.fiscalYear;
    else if (!ridText)
      error('fiscal_year', 'Fiscal year is required: this row has none, and no fiscal year was chosen for the file');
    if (termText) {
      const t = convertTerm(termText);
      if (t.ok) term = t.value;
      else error('term', t.message);
    } else if (existing) term = existing.term as Term;
    else if (request.term) term = request.term;
    else if (!ridText) error('term', 'Term is required: this row has none, and no term was chosen for the file');
    if (fiscalYear) result.fiscal_year = fiscalYear;
    if (term) result.term = term;

    if (existing && fiscalYear && term && (fiscalYear !== existing.fiscal_year || term !== existing.term)) {
      error(
        fiscalYear !== existing.fiscal_year ? 'fiscal_year' : 'term',
        `Record ${existing.id} is for ${existing.term} ${existing.fiscal_year}, but this row says ${term} ${fiscalYear}. ` +
          'An import does not move a record to another term; change it on the record’s page',
      );
    }
    if (!existing && program && fiscalYear && term) {
      existing = recordByKey.get(keyOf(program.id, fiscalYear, term));
      if (existing) result.recordId = existing.id;
    }
    if (program && fiscalYear && term) {
      const key = keyOf(program.id, fiscalYear, term);
      const earlier = rowOfKey.get(key);
      if (earlier !== undefined) {
        error(
          'program',
          `Row ${earlier} is already for ${program.name}, ${term} ${fiscalYear}: each program and term may appear once`,
        );
      } else rowOfKey.set(key, rowNumber);
    }
    if (!existing && program && !program.active_ind) {
      error('program', `${program.name} is no longer an active program; records cannot be added to it`);
    }
    if (!existing && institution && !institution.active_ind) {
      error('institution', `${institution.short_name} is inactive; records cannot be added to it`);
    }

    // ---- Values ----
    const values: RecordValues = {};
    const badFields = new Set<string>();
    for (const field of VALUE_FIELDS) {
      const text = cell(row, field);
      if (text === undefined) continue;
      const converted = convertValue(field, text);
      if (converted.ok) values[field] = converted.value;
      else {
        error(field, converted.message);
        badFields.add(field);
      }
    }
    if (mapping.status === undefined) values.status = 'submitted';
    if (errors.length > 0 && (!program || !fiscalYear || !term)) return finish();

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
        if (field === notInFile[0]) error('status', missingColumnsMessage(notInFile));
        continue;
      }
      for (const message of messages) error(field, message);
    }

    const changes: NonNullable<ImportRowResult['changes']> = [];
    for (const field of EDITABLE_FIELDS) {
      const before = existing ? (existing[field] ?? null) : null;
      const after = merged[field] ?? null;
      if (before !== after) changes.push({ field, label: RECORD_FIELD_LABELS[field], before, after });
    }
    if (errors.length > 0) return finish();
    if (existing) {
      if (changes.length === 0) result.action = 'unchanged';
      else {
        result.action = 'update';
        result.changes = changes;
        const changed: RecordValues = {};
        for (const c of changes) changed[c.field as EditableField] = c.after;
        writes.push({ kind: 'update', before: existing, version: existing.version, changed });
      }
    } else {
      result.action = 'create';
      result.changes = changes;
      writes.push({ kind: 'create', institutionId: institution!.id, programId: program!.id, values: merged });
    }
    return finish();
  });

  const counts: ImportCounts = { rows: results.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of results) counts[r.action]++;
  const fingerprint = createHash('sha256').update(JSON.stringify(seen)).digest('base64url');
  return { counts, rows: results, fingerprint, writes };
}
