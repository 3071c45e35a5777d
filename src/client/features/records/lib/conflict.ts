import type { RecordWire } from '../../../../shared/schemas/record.ts';
import {
  recordToFormValues,
  RECORD_FORM_FIELD_NAMES,
  sameFieldValue,
  type RecordFormField,
  type RecordFormValues,
} from './record-form-model.ts';

/** Whose value a differing field keeps after a stale save. */
export type ConflictChoice = 'mine' | 'theirs';

/** One field where what the person typed differs from what someone else saved meanwhile. */
export interface ConflictField {
  field: RecordFormField;
  mine: RecordFormValues[RecordFormField];
  theirs: RecordFormValues[RecordFormField];
  /** Whether this person changed the field from what they loaded (else only the other person did). */
  changedByMe: boolean;
  /** Whether the other person changed it from what this person loaded. */
  changedByThem: boolean;
}

/** Fields the conflict panel does not offer: a record never moves to another institution or program. */
const FIXED: readonly RecordFormField[] = ['institution_id', 'program_id'];

/**
 * The fields that differ between the person's form and the record as now saved (`current`), with who changed each
 * since `loaded` (the version the person opened).
 */
export function conflictFields(mine: RecordFormValues, loaded: RecordWire, current: RecordWire): ConflictField[] {
  const base = recordToFormValues(loaded);
  const theirs = recordToFormValues(current);
  return RECORD_FORM_FIELD_NAMES.filter(
    (field) => !FIXED.includes(field) && !sameFieldValue(field, mine[field], theirs[field]),
  ).map((field) => ({
    field,
    mine: mine[field],
    theirs: theirs[field],
    changedByMe: !sameFieldValue(field, mine[field], base[field]),
    changedByThem: !sameFieldValue(field, theirs[field], base[field]),
  }));
}

/** The choice offered first: keep your own change; where only they changed it, take theirs. */
export function defaultChoices(fields: readonly ConflictField[]): Record<string, ConflictChoice> {
  return Object.fromEntries(fields.map((f) => [f.field, f.changedByMe ? 'mine' : 'theirs']));
}

/** The values to save next: the current record, with the person's value wherever they chose theirs to stand. */
export function mergeChoices(
  mine: RecordFormValues,
  current: RecordWire,
  fields: readonly ConflictField[],
  choices: Record<string, ConflictChoice>,
): RecordFormValues {
  const merged = { ...mine };
  const theirs = recordToFormValues(current);
  for (const { field } of fields) {
    (merged as Record<string, unknown>)[field] = (choices[field] ?? 'mine') === 'mine' ? mine[field] : theirs[field];
  }
  return merged;
}
