import type { z } from 'zod';
import { DEFAULT_RECORD_SORT, type RecordSort } from './schemas/record-sort.ts';
import { FindCriteriaQuerySchema, FindCriteriaSchema, type FindCriteria } from './schemas/find-criteria.ts';

/**
 * The record find criteria in a URL query and back (docs/product.md §6.2): the same names as the find body, lists written as
 * repeated names (`terms=Fall&terms=Spring`; commas are read too), defaults left out so URLs stay short. Reading uses
 * the API's own query schema, so a URL the page accepts is one the API accepts, and the reasons it refuses are the same.
 */

/** The names of the criteria proper, in the order a URL and a summary list them. */
export const FIND_CRITERIA_NAMES = [
  'institutionIds',
  'programIds',
  'fiscalYearFrom',
  'fiscalYearTo',
  'terms',
  'disciplines',
  'wilTypes',
  'credentials',
  'status',
  'programName',
  'placedMin',
  'placedMax',
] as const;
export type FindCriteriaName = (typeof FIND_CRITERIA_NAMES)[number];

/** The criteria without paging: what a search asks for. */
export type RecordCriteria = Omit<FindCriteria, 'page' | 'pageSize' | 'sort'>;

/** A list view of records: criteria, page, page size and sort (as text, `fiscal_year:desc,program`). */
export interface RecordQuery {
  criteria: RecordCriteria;
  page: number;
  pageSize: number;
  sort: string;
}

export const DEFAULT_RECORD_PAGE_SIZE = 50;
export const RECORD_PAGE_SIZES = [25, 50, 100, 200] as const;

/** One reason a URL's criteria cannot be used: the query name at fault (or null) and the API's words. */
export interface CriteriaIssue {
  name: string | null;
  message: string;
}

export type ReadQueryResult = { ok: true; query: RecordQuery } | { ok: false; issues: CriteriaIssue[] };

/** `[{key:'fiscal_year',dir:'desc'},{key:'program',dir:'asc'}]` → `fiscal_year:desc,program:asc`. */
export function formatRecordSort(sort: RecordSort): string {
  return sort.map((s) => `${s.key}:${s.dir}`).join(',');
}

/** A query's values as the query schema takes them: one value as a string, a repeated name as a list. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? values[0]! : values;
  }
  return object;
}

/** The issues of a failed parse, each with the query name at fault, and the names to leave out to check the rest. */
function queryIssues(issues: readonly z.core.$ZodIssue[]): { issues: CriteriaIssue[]; names: string[] } {
  const names: string[] = [];
  const found = issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      names.push(...issue.keys);
      return { name: null, message: `The address holds names a search does not use: ${issue.keys.join(', ')}` };
    }
    const name = issue.path[0];
    if (typeof name === 'string') names.push(name);
    return { name: typeof name === 'string' ? name : null, message: issue.message };
  });
  return { issues: found, names };
}

/**
 * The criteria, page, page size and sort of a URL query, checked by the API's rules; or everything that is wrong with
 * it (a backwards range is checked without the values at fault too, so it is reported beside them, not after).
 */
export function readRecordQuery(params: URLSearchParams): ReadQueryResult {
  const parsed = FindCriteriaQuerySchema.safeParse(queryObject(params));
  if (!parsed.success) {
    const first = queryIssues(parsed.error.issues);
    const rest = new URLSearchParams(params);
    for (const name of first.names) rest.delete(name);
    const again = FindCriteriaQuerySchema.safeParse(queryObject(rest));
    const more = again.success ? [] : queryIssues(again.error.issues).issues.filter((i) => !first.names.includes(i.name ?? ''));
    return { ok: false, issues: [...first.issues, ...more] };
  }
  const { page, pageSize, sort, ...rest } = parsed.data;
  const criteria: RecordCriteria = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (criteria as Record<string, unknown>)[key] = value;
  }
  return { ok: true, query: { criteria, page, pageSize, sort: formatRecordSort(sort) } };
}

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The URL query of a view: criteria in FIND_CRITERIA_NAMES order, then page, page size and sort when they differ from
 * the defaults (page 1, 50 a page, latest fiscal year first). Empty criteria are left out.
 */
export function recordQueryToSearch(query: Partial<RecordQuery> & { criteria: RecordCriteria }): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FIND_CRITERIA_NAMES) {
    const value = query.criteria[name];
    if (isEmptyValue(value)) continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) params.append(name, String(item));
    else params.append(name, String(value));
  }
  if (query.page !== undefined && query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== undefined && query.pageSize !== DEFAULT_RECORD_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (query.sort !== undefined && query.sort !== DEFAULT_RECORD_SORT) params.set('sort', query.sort);
  return params;
}

/** The body of `POST /api/records/find` for a view: criteria, page, page size and sort. */
export function recordQueryToFindBody(query: RecordQuery): FindCriteria {
  const body: FindCriteria = { page: query.page, pageSize: query.pageSize, sort: query.sort };
  for (const name of FIND_CRITERIA_NAMES) {
    const value = query.criteria[name];
    if (!isEmptyValue(value)) (body as Record<string, unknown>)[name] = value;
  }
  return body;
}

/** Whether a view asks for anything beyond every readable record. */
export function hasCriteria(criteria: RecordCriteria): boolean {
  return FIND_CRITERIA_NAMES.some((name) => !isEmptyValue(criteria[name]));
}

/** The find body's own check of criteria (ranges from low to high, known values): each issue with its name. */
export function checkCriteria(criteria: RecordCriteria): CriteriaIssue[] {
  const parsed = FindCriteriaSchema.safeParse(criteria);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const name = issue.path[0];
    return { name: typeof name === 'string' ? name : null, message: issue.message };
  });
}
