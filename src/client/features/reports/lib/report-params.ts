import {
  CREDENTIALS,
  DISCIPLINES,
  TERMS,
  WIL_TYPES,
  type Credential,
  type Discipline,
  type Term,
  type WilType,
} from '../../../../shared/constants.ts';
import { readableInstitutions } from '../../../../shared/permissions.ts';
import { fiscalYearError, fiscalYearOf } from '../../../../shared/record-rules.ts';
import { REPORT_PAGES, type ReportType } from '../../../../shared/reports.ts';
import { currentFiscalYear, fiscalYearStart } from '../../../../shared/term-calendar.ts';
import type { Privileges } from '../../../../shared/schemas/profile.ts';
import { REPORT_PARAM_NAMES, type ReportParamName } from '../../../../shared/schemas/report.ts';

/** The report parameters as the form holds them; an empty list means "all". */
export interface ReportParamValues {
  fiscalYearFrom: string;
  fiscalYearTo: string;
  terms: Term[];
  institutionIds: number[];
  disciplines: Discipline[];
  wilTypes: WilType[];
  credentials: Credential[];
  /** Only records of approved returns count (`approvedOnly=true`). */
  approvedOnly: boolean;
}

/** Every query parameter a report page and the API share: the report parameters, then `approvedOnly`. */
const REPORT_QUERY_NAMES = [...REPORT_PARAM_NAMES, 'approvedOnly'] as const;

/** How many complete fiscal years the default range covers. */
export const DEFAULT_YEAR_SPAN = 5;
/** How far back the fiscal-year choices go. */
export const YEAR_CHOICES = 20;

/** The calendar year the current B.C. fiscal year (April to March) started in, by B.C.'s calendar. */
export function currentFiscalYearStart(today: Date): number {
  return fiscalYearStart(currentFiscalYear(today));
}

/** Fiscal years to choose from, newest first: the current one and the 19 before, plus any already chosen. */
export function fiscalYearChoices(today: Date, chosen: readonly string[] = []): string[] {
  const current = currentFiscalYearStart(today);
  const years = new Set<string>();
  for (let y = current; y > current - YEAR_CHOICES; y--) years.add(fiscalYearOf(y));
  for (const year of chosen) if (year && !fiscalYearError(year)) years.add(year);
  return [...years].sort().reverse();
}

/**
 * The form's starting point: the last five complete fiscal years, every term, and the user's own institutions, or
 * none (meaning all) for those who read every institution. The current year is left out: its terms are still being
 * reported, so a range ending there ends on a year with little or no data.
 */
export function defaultReportValues(privileges: Privileges, today: Date): ReportParamValues {
  const lastComplete = currentFiscalYearStart(today) - 1;
  const readable = readableInstitutions(privileges);
  return {
    fiscalYearFrom: fiscalYearOf(lastComplete - DEFAULT_YEAR_SPAN + 1),
    fiscalYearTo: fiscalYearOf(lastComplete),
    terms: [...TERMS],
    institutionIds: readable === 'all' ? [] : readable,
    disciplines: [],
    wilTypes: [],
    credentials: [],
    approvedOnly: false,
  };
}

/** The values of a list parameter: repeated or comma-separated, blanks dropped, duplicates once. */
function listItems(search: URLSearchParams, name: string): string[] {
  const items = search
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return [...new Set(items)];
}

function oneOf<T extends string>(items: readonly string[], values: readonly T[]): T[] {
  return values.filter((v) => items.includes(v));
}

/** Whether the query names any report parameter (otherwise the form starts from the defaults). */
export function hasReportParams(search: URLSearchParams): boolean {
  return REPORT_QUERY_NAMES.some((name) => search.has(name));
}

/**
 * The form's values from a query string (the result page's "Change parameters" link): a missing list means all, a
 * missing year stays blank; values the form cannot offer are dropped. Without any report parameter: the defaults.
 */
export function reportValuesFromSearch(search: URLSearchParams, defaults: ReportParamValues): ReportParamValues {
  if (!hasReportParams(search)) return defaults;
  const year = (name: ReportParamName) => {
    const value = search.get(name)?.trim() ?? '';
    return value && !fiscalYearError(value) ? value : '';
  };
  const terms = oneOf(listItems(search, 'terms'), TERMS);
  const ids = listItems(search, 'institutionIds')
    .filter((v) => /^[1-9]\d{0,9}$/.test(v))
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
  return {
    fiscalYearFrom: year('fiscalYearFrom'),
    fiscalYearTo: year('fiscalYearTo'),
    terms: terms.length > 0 ? terms : [...TERMS],
    institutionIds: ids,
    disciplines: oneOf(listItems(search, 'disciplines'), DISCIPLINES),
    wilTypes: oneOf(listItems(search, 'wilTypes'), WIL_TYPES),
    credentials: oneOf(listItems(search, 'credentials'), CREDENTIALS),
    approvedOnly: search.get('approvedOnly') === 'true',
  };
}

export type ReportParamErrors = Partial<Record<'fiscalYearFrom' | 'fiscalYearTo' | 'terms', string>>;

export interface ReportParamMessages {
  fiscalYearFrom: string;
  fiscalYearTo: string;
  order: (from: string, to: string) => string;
  terms: string;
}

/** The form's checks, as the API makes them: both years chosen, the first not after the last, at least one term. */
export function validateReportValues(values: ReportParamValues, messages: ReportParamMessages): ReportParamErrors {
  const errors: ReportParamErrors = {};
  if (!values.fiscalYearFrom || fiscalYearError(values.fiscalYearFrom)) errors.fiscalYearFrom = messages.fiscalYearFrom;
  if (!values.fiscalYearTo || fiscalYearError(values.fiscalYearTo)) errors.fiscalYearTo = messages.fiscalYearTo;
  if (!errors.fiscalYearFrom && !errors.fiscalYearTo && values.fiscalYearFrom > values.fiscalYearTo) {
    errors.fiscalYearTo = messages.order(values.fiscalYearFrom, values.fiscalYearTo);
  }
  if (values.terms.length === 0) errors.terms = messages.terms;
  return errors;
}

/**
 * The parameters as a query string, in the order and with the names of REPORT_PARAM_NAMES; lists comma-separated,
 * empty lists left out (all), and terms left out when all three are chosen.
 */
export function reportValuesToSearch(values: ReportParamValues): URLSearchParams {
  const search = new URLSearchParams();
  const terms = values.terms.length === TERMS.length ? [] : TERMS.filter((t) => values.terms.includes(t));
  const lists: Record<Exclude<ReportParamName, 'fiscalYearFrom' | 'fiscalYearTo'>, readonly (string | number)[]> = {
    terms,
    institutionIds: [...values.institutionIds].sort((a, b) => a - b),
    disciplines: DISCIPLINES.filter((d) => values.disciplines.includes(d)),
    wilTypes: WIL_TYPES.filter((w) => values.wilTypes.includes(w)),
    credentials: CREDENTIALS.filter((c) => values.credentials.includes(c)),
  };
  for (const name of REPORT_PARAM_NAMES) {
    if (name === 'fiscalYearFrom' || name === 'fiscalYearTo') {
      if (values[name]) search.set(name, values[name]);
    } else if (lists[name].length > 0) {
      search.set(name, lists[name].join(','));
    }
  }
  if (values.approvedOnly) search.set('approvedOnly', 'true');
  return search;
}

/** `?a=b` or nothing. */
function withQuery(path: string, search: URLSearchParams): string {
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The report parameters of a page's query string, alone (the API refuses any other name), lists comma-joined. */
export function reportApiSearch(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of REPORT_QUERY_NAMES) {
    const values = search.getAll(name);
    if (values.length > 0) out.set(name, values.join(','));
  }
  return out;
}

/** The result page of a report for these values. */
export function reportResultHref(type: ReportType, values: ReportParamValues): string {
  return withQuery(REPORT_PAGES[type], reportValuesToSearch(values));
}

/** The parameter page of a report, pre-filled with a result page's parameters. */
export function reportParamsHref(type: ReportType, search: URLSearchParams = new URLSearchParams()): string {
  const query = new URLSearchParams({ type });
  for (const [name, value] of reportApiSearch(search)) query.set(name, value);
  return `/reports/params?${query.toString()}`;
}

export type DownloadFormat = 'csv' | 'xlsx';

/** The file of a report (`GET /api/reports/{type}/download`) with the same parameters as the page. */
export function reportDownloadHref(type: ReportType, format: DownloadFormat, search: URLSearchParams): string {
  const query = new URLSearchParams({ format });
  for (const [name, value] of reportApiSearch(search)) query.set(name, value);
  return `/api/reports/${type}/download?${query.toString()}`;
}

/** The report a result page shows, from its path (routes match regardless of letter case and a trailing slash). */
export function reportTypeFromPath(pathname: string): ReportType | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const entry = Object.entries(REPORT_PAGES).find(([, page]) => page.toLowerCase() === path);
  return entry ? (entry[0] as ReportType) : null;
}
