import { ProgramCreateSchema, type Program, type ProgramCreate } from '../../../../shared/schemas/program.ts';
import { issuesToFieldErrors, type FieldErrors, type FormFieldRef } from '../../../ui/form-errors.ts';
import { PROGRAM_UI } from '../messages.ts';

export const COOP = 'Co-operative Education';

/** What the form holds while someone types: text as typed, a select's choice or null. */
export interface ProgramFormValues {
  /** The institution's id as the select holds it (a string), or null. */
  institution_id: string | null;
  name: string;
  discipline: string | null;
  credential: string | null;
  wil_type: string | null;
  coop_model: string | null;
  participation: string | null;
  accredited: boolean;
  cip_code: string;
}

export type ProgramField = keyof ProgramFormValues;

/** The fields in the order they appear, with the ids their inputs carry (the error summary links to them). */
export const PROGRAM_FIELDS: readonly (FormFieldRef & { name: ProgramField })[] = [
  { name: 'institution_id', id: 'program-institution' },
  { name: 'name', id: 'program-name' },
  { name: 'discipline', id: 'program-discipline' },
  { name: 'credential', id: 'program-credential' },
  { name: 'wil_type', id: 'program-wil-type' },
  { name: 'coop_model', id: 'program-coop-model' },
  { name: 'participation', id: 'program-participation' },
  { name: 'accredited', id: 'program-accredited' },
  { name: 'cip_code', id: 'program-cip-code' },
];

export function emptyProgramForm(institutionId: number | null = null): ProgramFormValues {
  return {
    institution_id: institutionId === null ? null : String(institutionId),
    name: '',
    discipline: null,
    credential: null,
    wil_type: null,
    coop_model: null,
    participation: null,
    accredited: false,
    cip_code: '',
  };
}

export function programToFormValues(program: Program): ProgramFormValues {
  return {
    institution_id: String(program.institution_id),
    name: program.name,
    discipline: program.discipline,
    credential: program.credential,
    wil_type: program.wil_type,
    coop_model: program.coop_model,
    participation: program.participation,
    accredited: program.accredited,
    cip_code: program.cip_code ?? '',
  };
}

/** The co-op model belongs to co-op programs only: changing the WIL type to anything else clears it. */
export function withWilType(values: ProgramFormValues, wilType: string | null): ProgramFormValues {
  return { ...values, wil_type: wilType, coop_model: wilType === COOP ? values.coop_model : null };
}

function rawBody(values: ProgramFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name,
    accredited: values.accredited,
    coop_model: values.wil_type === COOP ? values.coop_model : null,
    cip_code: values.cip_code.trim() === '' ? null : values.cip_code,
  };
  if (values.institution_id) body.institution_id = Number(values.institution_id);
  for (const field of ['discipline', 'credential', 'wil_type', 'participation'] as const) {
    if (values[field]) body[field] = values[field];
  }
  return body;
}

export type ProgramFormCheck = { ok: true; body: ProgramCreate } | { ok: false; errors: FieldErrors };

const CHOSEN_FIELDS = ['institution_id', 'discipline', 'credential', 'wil_type', 'participation'] as const;

/**
 * Checks the form with the same schema the server applies (src/shared/schemas/program.ts) and gives the body to send,
 * or one message per field. An unchosen select is asked for in plain words; a blank CIP code is no CIP code.
 */
export function checkProgramForm(values: ProgramFormValues): ProgramFormCheck {
  const result = ProgramCreateSchema.safeParse(rawBody(values));
  if (result.success) return { ok: true, body: result.data };
  const errors = issuesToFieldErrors(result.error.issues);
  for (const field of CHOSEN_FIELDS) if (!values[field]) errors[field] = PROGRAM_UI.choose[field];
  return { ok: false, errors };
}

/** For Mantine's form: the errors of the current values. */
export function validateProgramForm(values: ProgramFormValues): FieldErrors {
  const check = checkProgramForm(values);
  return check.ok ? {} : check.errors;
}

/** What the add-or-edit form needs to check and save (useDetailForm). */
export const PROGRAM_FORM = { validate: validateProgramForm, check: checkProgramForm, fields: PROGRAM_FIELDS };
