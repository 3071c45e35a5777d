import { InstitutionCreateSchema, type Institution, type InstitutionCreate } from '../../../../shared/schemas/institution.ts';
import { issuesToFieldErrors, type FieldErrors, type FormFieldRef } from '../../../ui/form-errors.ts';
import { INSTITUTION_UI } from '../messages.ts';

/** What the form holds while someone types: text as typed, a select's choice or null. */
export interface InstitutionFormValues {
  name: string;
  short_name: string;
  name_code: string;
  institution_type: string | null;
  region: string | null;
}

export type InstitutionField = keyof InstitutionFormValues;

/** The fields in the order they appear, with the ids their inputs carry (the error summary links to them). */
export const INSTITUTION_FIELDS: readonly (FormFieldRef & { name: InstitutionField })[] = [
  { name: 'name', id: 'institution-name' },
  { name: 'short_name', id: 'institution-short-name' },
  { name: 'name_code', id: 'institution-name-code' },
  { name: 'institution_type', id: 'institution-type' },
  { name: 'region', id: 'institution-region' },
];

export const EMPTY_INSTITUTION_FORM: InstitutionFormValues = {
  name: '',
  short_name: '',
  name_code: '',
  institution_type: null,
  region: null,
};

export function institutionToFormValues(institution: Institution): InstitutionFormValues {
  return {
    name: institution.name,
    short_name: institution.short_name,
    name_code: institution.name_code,
    institution_type: institution.institution_type,
    region: institution.region,
  };
}

/** The body the form would send; the shared schema then decides whether it is acceptable. */
function rawBody(values: InstitutionFormValues): Record<string, unknown> {
  return {
    name: values.name,
    short_name: values.short_name,
    name_code: values.name_code,
    ...(values.institution_type ? { institution_type: values.institution_type } : {}),
    ...(values.region ? { region: values.region } : {}),
  };
}

export type InstitutionFormCheck = { ok: true; body: InstitutionCreate } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the same schema the server applies (src/shared/schemas/institution.ts) and gives the body
 * to send (trimmed), or one message per field. An unchosen select is asked for in plain words.
 */
export function checkInstitutionForm(values: InstitutionFormValues): InstitutionFormCheck {
  const result = InstitutionCreateSchema.safeParse(rawBody(values));
  if (result.success) return { ok: true, body: result.data };
  const errors = issuesToFieldErrors(result.error.issues);
  if (!values.institution_type) errors.institution_type = INSTITUTION_UI.choose.institution_type;
  if (!values.region) errors.region = INSTITUTION_UI.choose.region;
  return { ok: false, errors };
}

/** For Mantine's form: the errors of the current values. */
export function validateInstitutionForm(values: InstitutionFormValues): FieldErrors {
  const check = checkInstitutionForm(values);
  return check.ok ? {} : check.errors;
}

/** What the add-or-edit form needs to check and save (useDetailForm). */
export const INSTITUTION_FORM = { validate: validateInstitutionForm, check: checkInstitutionForm, fields: INSTITUTION_FIELDS };
