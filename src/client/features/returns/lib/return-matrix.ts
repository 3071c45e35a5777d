import { INSTITUTION_TYPES, REGIONS, type InstitutionType, type Region } from '../../../../shared/constants.ts';
import { MATRIX_STATE_FILTERS, type MatrixStateFilter } from '../../../../shared/reporting-cycle.ts';
import { fiscalYearError } from '../../../../shared/record-rules.ts';

export {
  buildReturnMatrix,
  chosenFiscalYears,
  matchesStates,
  periodFiscalYears,
  type MatrixColumn,
  type MatrixRow,
  type ReturnMatrix,
} from '../../../../shared/return-matrix.ts';

/**
 * The matrix's filters as they live in the URL, under the names GET /api/returns and its download take, so a link
 * can be shared and the download asks for exactly what the screen shows. Lists are repeated parameters or comma
 * separated; a value that is not one of the choices is dropped (the URL is the user's to edit, a typo never breaks
 * the screen), and the fiscal years are checked against the periods when the page knows them.
 */
export interface MatrixFilters {
  fiscalYears: string[];
  regions: Region[];
  institutionTypes: InstitutionType[];
  states: MatrixStateFilter[];
  name: string;
}

export const FILTER_PARAMS = {
  fiscalYears: 'fiscalYear',
  regions: 'region',
  institutionTypes: 'institutionType',
  states: 'state',
  name: 'institution',
} as const;

function listParam<T extends string>(params: URLSearchParams, name: string, allowed: (value: string) => boolean): T[] {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '' && allowed(v));
  return [...new Set(values)] as T[];
}

const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);
const validYear = (value: string) => fiscalYearError(value) === null;

export function matrixFiltersFromUrl(params: URLSearchParams): MatrixFilters {
  return {
    fiscalYears: listParam(params, FILTER_PARAMS.fiscalYears, validYear),
    regions: listParam(params, FILTER_PARAMS.regions, oneOf(REGIONS)),
    institutionTypes: listParam(params, FILTER_PARAMS.institutionTypes, oneOf(INSTITUTION_TYPES)),
    states: listParam(params, FILTER_PARAMS.states, oneOf(MATRIX_STATE_FILTERS)),
    name: (params.get(FILTER_PARAMS.name) ?? '').slice(0, 200),
  };
}

/** The filters as URL parameters (comma-separated lists), leaving out the empty ones. */
export function matrixFilterParams(filters: Partial<MatrixFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(FILTER_PARAMS) as [keyof MatrixFilters, string][]) {
    const value = filters[key];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '').trim();
    if (text) params.set(name, text);
  }
  return params;
}

/** The download of what the matrix shows, in the fiscal years actually shown. */
export function matrixDownloadHref(filters: MatrixFilters, fiscalYears: readonly string[], format: 'csv' | 'xlsx'): string {
  const params = matrixFilterParams({ ...filters, fiscalYears: [...fiscalYears] });
  params.set('format', format);
  return `/api/returns/download?${params.toString()}`;
}
