import { sql } from 'drizzle-orm';
import { canEditInstitution } from '../../../shared/permissions.ts';
import {
  EDITABLE_FIELDS,
  recordStatus,
  summarizeFieldErrors,
  validateRecord,
  type FieldErrors,
} from '../../../shared/record-rules.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import type { RecordCreateParsed, RecordUpdateParsed, RecordWire } from '../../../shared/schemas/record.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, FORBIDDEN, NOT_FOUND, refused, returnLockedBy, type Outcome, type Refusal } from '../../refusals.ts';
import {
  insertRecords,
  ONE_RECORD_PER_TERM,
  readRecord,
  readRecords,
  recordIdAt,
  staleChange,
  updateRecords,
  type RecordValues,
} from './record-store.ts';

/**
 * Creating and editing one record, as the form and the API do: the request's rules (the program fits, the values pass
 * the rules for their status, one record per program and term, records never move) and the editor's rights, then the
 * write through the record store. Answers are outcomes (refusals.ts), never HTTP: the routes choose the status.
 * Why a write did not happen: not found, forbidden, invalid fields, a conflict (a record of the same program and term,
 * carrying its `existingId`; a newer version, carrying the `current` record) or a locked term return.
 */

/** The one who writes: their id for the audit, their privileges for the rights check. */
export interface RecordWriter {
  id: number;
  privileges: Privileges;
}

type Invalid = { ok: false; refusal: { kind: 'invalid'; message: string; fieldErrors: FieldErrors } };
const invalid = (fieldErrors: FieldErrors): Invalid => ({
  ok: false,
  refusal: { kind: 'invalid', message: summarizeFieldErrors(fieldErrors), fieldErrors },
});
const fieldInvalid = (field: string, message: string): Invalid => ({
  ok: false,
  refusal: { kind: 'invalid', message, fieldErrors: { [field]: [message] } },
});

const duplicate = (programName: string, term: string, fiscalYear: string, existingId: number) =>
  refused(
    conflict(
      `${programName} already has a record for ${term} ${fiscalYear} (record ${existingId}); open that record to change it`,
      undefined,
      { existingId },
    ),
  );

/** The program a new record names must exist, belong to the record's institution, and be active (both of them). */
async function programFit(
  db: Db,
  institutionId: number,
  programId: number,
): Promise<{ ok: true; programName: string } | Invalid> {
  const [institution] = await queryRows<{ active_ind: boolean }>(
    db,
    sql`SELECT active_ind FROM institutions WHERE id = ${institutionId}`,
  );
  if (!institution) return fieldInvalid('institution_id', 'No institution has this id');
  if (!institution.active_ind)
    return fieldInvalid('institution_id', 'This institution is inactive; records cannot be added to it');
  const [program] = await queryRows<{ institution_id: number; name: string; active_ind: boolean; short_name: string }>(
    db,
    sql`SELECT p.institution_id, p.name, p.active_ind, i.short_name
        FROM programs p JOIN institutions i ON i.id = p.institution_id WHERE p.id = ${programId}`,
  );
  if (!program) return fieldInvalid('program_id', 'No program has this id');
  if (program.institution_id !== institutionId) {
    return fieldInvalid('program_id', `${program.name} is a program of ${program.short_name}, not of the record's institution`);
  }
  if (!program.active_ind) {
    return fieldInvalid('program_id', `${program.name} is no longer an active program; records cannot be added to it`);
  }
  return { ok: true, programName: program.name };
}

/** The store's refusal of a write to a submitted or approved term return, as this service's answer; else null. */
function lockedOf(err: unknown): { ok: false; refusal: Refusal } | null {
  const locked = returnLockedBy(err);
  return locked ? refused(locked) : null;
}

const errorsOf = (values: RecordValues): FieldErrors | null => {
  const errors = validateRecord(values);
  return Object.keys(errors).length > 0 ? errors : null;
};

/** Creates a record that passes the rules for its status, audited in the same transaction; a duplicate is a conflict. */
export async function createRecord(db: Db, input: RecordCreateParsed, userId: number): Promise<Outcome<number>> {
  const values: RecordValues = {};
  for (const field of EDITABLE_FIELDS) values[field] = input[field] ?? null;
  try {
    return await db.transaction(async (tx): Promise<Outcome<number>> => {
      const fit = await programFit(tx, input.institution_id, input.program_id);
      if (!fit.ok) return fit;
      const errors = errorsOf(values);
      if (errors) return invalid(errors);
      const existingId = await recordIdAt(tx, input.program_id, input.fiscal_year, input.term);
      if (existingId !== null) return duplicate(fit.programName, input.term, input.fiscal_year, existingId);
      const [created] = await insertRecords(
        tx,
        [{ institutionId: input.institution_id, programId: input.program_id, values }],
        userId,
      );
      return { ok: true, value: created!.id };
    });
  } catch (err) {
    const locked = lockedOf(err);
    if (locked) return locked;
    // Two people saving the same program/year/term at once: the unique index lets one through.
    if (uniqueViolation(err) === ONE_RECORD_PER_TERM) {
      const existingId = await recordIdAt(db, input.program_id, input.fiscal_year, input.term);
      if (existingId !== null) {
        const existing = await readRecord(db, existingId);
        return duplicate(existing?.program_name ?? 'This program', input.term, input.fiscal_year, existingId);
      }
    }
    throw err;
  }
}

const MOVE_REFUSED = 'A record cannot move to another institution or program';

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Applies a partial update if `version` is still the stored one (else a conflict carrying the current record,
 * nothing written). The merged record must pass the rules for its new status. A change increments version
 * and is audited with before and after; a patch that changes nothing writes nothing and returns the record.
 */
export async function updateRecord(
  db: Db,
  id: number,
  patch: Omit<RecordUpdateParsed, 'id'>,
  writer: RecordWriter,
): Promise<Outcome<RecordWire>> {
  try {
    return await db.transaction(async (tx): Promise<Outcome<RecordWire>> => {
      const before = (await readRecords(tx, [id], { lock: true })).get(id);
      if (!before) return refused(NOT_FOUND);
      if (!canEditInstitution(writer.privileges, before.institution_id)) return refused(FORBIDDEN);
      if (patch.institution_id !== undefined && patch.institution_id !== before.institution_id) {
        return fieldInvalid('institution_id', MOVE_REFUSED);
      }
      if (patch.program_id !== undefined && patch.program_id !== before.program_id)
        return fieldInvalid('program_id', MOVE_REFUSED);
      const changed: RecordValues = {};
      for (const field of EDITABLE_FIELDS) {
        const value = patch[field];
        if (value !== undefined && !sameValue(value, before[field])) changed[field] = value;
      }
      const change = { before, version: patch.version, changed };
      // A stale writer hears of the other save before anything about their own values.
      if (!staleChange([change]) && Object.keys(changed).length > 0) {
        const merged: RecordValues = {};
        for (const field of EDITABLE_FIELDS) merged[field] = field in changed ? changed[field] : before[field];
        merged.status = recordStatus(merged);
        const errors = errorsOf(merged);
        if (errors) return invalid(errors);
        if ('fiscal_year' in changed || 'term' in changed) {
          const existingId = await recordIdAt(tx, before.program_id, String(merged.fiscal_year), String(merged.term));
          if (existingId !== null && existingId !== id) {
            return duplicate(before.program_name, String(merged.term), String(merged.fiscal_year), existingId);
          }
        }
      }
      const outcome = await updateRecords(tx, [change], writer.id);
      if (!outcome.ok) {
        return refused(
          conflict(
            `Someone else saved this record (version ${outcome.current.version}) after you opened it (version ${outcome.version}). ` +
              'Nothing was saved: compare their values with yours, then save again.',
            undefined,
            { current: outcome.current },
          ),
        );
      }
      return { ok: true, value: outcome.records[0]! };
    });
  } catch (err) {
    const locked = lockedOf(err);
    if (locked) return locked;
    if (uniqueViolation(err) === ONE_RECORD_PER_TERM) {
      const current = await readRecord(db, id);
      const term = patch.term ?? current?.term;
      const fiscalYear = patch.fiscal_year ?? current?.fiscal_year;
      const existingId = current ? await recordIdAt(db, current.program_id, String(fiscalYear), String(term)) : null;
      if (current && existingId !== null) return duplicate(current.program_name, String(term), String(fiscalYear), existingId);
    }
    throw err;
  }
}
