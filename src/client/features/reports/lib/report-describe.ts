import { TERMS } from '../../../../shared/constants.ts';
import { REPORT_UI } from '../messages.ts';
import { reportValuesFromSearch, type ReportParamValues } from './report-params.ts';

const R = REPORT_UI.result;

export interface ParamDescription {
  label: string;
  value: string;
}

const NO_DEFAULTS: ReportParamValues = {
  fiscalYearFrom: '',
  fiscalYearTo: '',
  terms: [...TERMS],
  institutionIds: [],
  disciplines: [],
  wilTypes: [],
  credentials: [],
  approvedOnly: false,
};

/** The parameters of a result page, in words: every one named, "All" where a list is empty. */
export function describeReportParams(search: URLSearchParams, institutionName: (id: number) => string): ParamDescription[] {
  const v = reportValuesFromSearch(search, NO_DEFAULTS);
  const list = (items: readonly string[], all: string = R.all) => (items.length === 0 ? all : items.join(', '));
  return [
    { label: R.fiscalYears, value: R.yearRange(v.fiscalYearFrom || undefined, v.fiscalYearTo || undefined) },
    { label: R.terms, value: v.terms.length === TERMS.length ? R.all : v.terms.join(', ') },
    { label: R.institutions, value: list(v.institutionIds.map(institutionName), R.allReadable) },
    { label: R.disciplines, value: list(v.disciplines) },
    { label: R.wilTypes, value: list(v.wilTypes) },
    { label: R.credentials, value: list(v.credentials) },
  ];
}
