import { checkCriteria, type RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import { MAX_COUNT } from '../../../../shared/record-rules.ts';
import { FindCriteriaSchema } from '../../../../shared/schemas/find-criteria.ts';
import type { FieldErrors, FormFieldRef } from '../../../ui/form-errors.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';

const E = RECORD_BROWSE_UI.formErrors;

/** What the find form holds while someone fills it in: choices as strings, numbers as typed. */
export interface FindFormValues {
  institutionIds: string[];
  programIds: string[];
  fiscalYearFrom: string;
  fiscalYearTo: string;
  terms: string[];
  disciplines: string[];
  wilTypes: string[];
  credentials: string[];
  /** '' for either status. */
  status: string;
  programName: string;
  placedMin: string;
  placedMax: string;
}

export type FindFormField = keyof FindFormValues;

/** The fields in the order they appear, with their inputs' ids (the error summary links to them). */
export const FIND_FORM_FIELDS: readonly (FormFieldRef & { name: FindFormField })[] = [
  { name: 'institutionIds', id: 'find-institutions' },
  { name: 'programIds', id: 'find-programs' },
  { name: 'fiscalYearFrom', id: 'find-fiscal-year-from' },
  { name: 'fiscalYearTo', id: 'find-fiscal-year-to' },
  { name: 'terms', id: 'find-terms' },
  { name: 'disciplines', id: 'find-disciplines' },
  { name: 'wilTypes', id: 'find-wil-types' },
  { name: 'credentials', id: 'find-credentials' },
  { name: 'status', id: 'find-status' },
  { name: 'programName', id: 'find-program-name' },
  { name: 'placedMin', id: 'find-placed-min' },
  { name: 'placedMax', id: 'find-placed-max' },
];

export function emptyFindForm(): FindFormValues {
  return {
    institutionIds: [],
    programIds: [],
    fiscalYearFrom: '',
    fiscalYearTo: '',
    terms: [],
    disciplines: [],
    wilTypes: [],
    credentials: [],
    status: '',
    programName: '',
    placedMin: '',
    placedMax: '',
  };
}

/** The form filled in with criteria (from the URL, for "Edit search"). */
export function criteriaToFindForm(criteria: RecordCriteria): FindFormValues {
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  return {
    institutionIds: (criteria.institutionIds ?? []).map(String),
    programIds: (criteria.programIds ?? []).map(String),
    fiscalYearFrom: text(criteria.fiscalYearFrom),
    fiscalYearTo: text(criteria.fiscalYearTo),
    terms: [...(criteria.terms ?? [])],
    disciplines: [...(criteria.disciplines ?? [])],
    wilTypes: [...(criteria.wilTypes ?? [])],
    credentials: [...(criteria.credentials ?? [])],
    status: text(criteria.status),
    programName: criteria.programName ?? '',
    placedMin: text(criteria.placedMin),
    placedMax: text(criteria.placedMax),
  };
}

/** Typed digits become a number; anything else is passed on as it is, for the rules to refuse. */
function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The form's values as find criteria, before the rules are applied: blanks left out. */
function rawCriteria(values: FindFormValues): Record<string, unknown> {
  const raw: Record<string, unknown> = {
    institutionIds: values.institutionIds.map(Number),
    programIds: values.programIds.map(Number),
    fiscalYearFrom: values.fiscalYearFrom || undefined,
    fiscalYearTo: values.fiscalYearTo || undefined,
    terms: values.terms,
    disciplines: values.disciplines,
    wilTypes: values.wilTypes,
    credentials: values.credentials,
    status: values.status || undefined,
    programName: values.programName.trim() || undefined,
    placedMin: numberOrText(values.placedMin),
    placedMax: numberOrText(values.placedMax),
  };
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete raw[key];
  }
  return raw;
}

/** Whether one value passes its own rule, so that a failure on it can only be the range it closes. */
function validOnItsOwn(name: 'fiscalYearTo' | 'placedMax', value: unknown): boolean {
  return FindCriteriaSchema.shape[name].safeParse(value).success;
}

/** The form's words for a refusal of the shared rules, field by field. */
function fieldMessage(name: string, raw: Record<string, unknown>, ruleMessage: string): string {
  const maxCount = MAX_COUNT.toLocaleString('en-CA');
  switch (name) {
    case 'fiscalYearFrom':
      return E.fiscalYearFrom;
    case 'fiscalYearTo':
      return validOnItsOwn('fiscalYearTo', raw.fiscalYearTo)
        ? E.fiscalYearRange(String(raw.fiscalYearFrom), String(raw.fiscalYearTo))
        : E.fiscalYearTo;
    case 'placedMin':
      return E.placedMin(maxCount);
    case 'placedMax':
      return validOnItsOwn('placedMax', raw.placedMax) && typeof raw.placedMin === 'number'
        ? E.placedRange(raw.placedMin, raw.placedMax as number)
        : E.placedMax(maxCount);
    case 'programName':
      return E.programName;
    default:
      return ruleMessage || E.other;
  }
}

export type FindFormCheck = { ok: true; criteria: RecordCriteria } | { ok: false; errors: FieldErrors };

/**
 * Checks the form with the find rules the API applies (src/shared/schemas/record.ts: known values, ranges from low to
 * high, whole numbers) and gives the criteria to search with, or one message per field in the form's words.
 */
export function checkFindForm(values: FindFormValues): FindFormCheck {
  const raw = rawCriteria(values);
  const issues = checkCriteria(raw as RecordCriteria);
  if (issues.length === 0) return { ok: true, criteria: raw as RecordCriteria };
  // The ranges are checked only once every value passes on its own: check them again without the values at fault,
  // so a backwards range is reported together with a mistyped number, not after it is fixed.
  const atFault = new Set(issues.map((issue) => issue.name));
  const rest = Object.fromEntries(Object.entries(raw).filter(([name]) => !atFault.has(name)));
  issues.push(...checkCriteria(rest as RecordCriteria).filter((issue) => !atFault.has(issue.name)));
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.name ?? '';
    errors[name] ??= fieldMessage(name, raw, issue.message);
  }
  return { ok: false, errors };
}

/** For Mantine's form: the errors of the current values. */
export function validateFindForm(values: FindFormValues): FieldErrors {
  const check = checkFindForm(values);
  return check.ok ? {} : check.errors;
}
