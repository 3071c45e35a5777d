import {
  checkCriteria,
  DEFAULT_RECORD_PAGE_SIZE,
  readRecordQuery,
  type CriteriaIssue,
  type RecordCriteria,
  type RecordQuery,
} from '../../../../shared/find-criteria-url.ts';
import { DEFAULT_RECORD_SORT } from '../../../../shared/schemas/record-sort.ts';

/**
 * As much of a URL's view as can be used, for filling in the search form, and what could not: each name is read on
 * its own, so one bad value does not lose the rest (a backwards range keeps both ends, for the form to point out).
 */
export function salvageRecordQuery(params: URLSearchParams): { query: RecordQuery; issues: CriteriaIssue[] } {
  const whole = readRecordQuery(params);
  if (whole.ok) return { query: whole.query, issues: [] };
  const query: RecordQuery = { criteria: {}, page: 1, pageSize: DEFAULT_RECORD_PAGE_SIZE, sort: DEFAULT_RECORD_SORT };
  const issues: CriteriaIssue[] = [];
  for (const name of new Set(params.keys())) {
    const one = new URLSearchParams();
    for (const value of params.getAll(name)) one.append(name, value);
    const read = readRecordQuery(one);
    if (!read.ok) {
      issues.push(...read.issues);
      continue;
    }
    Object.assign(query.criteria as Record<string, unknown>, read.query.criteria satisfies RecordCriteria);
    if (name === 'pageSize') query.pageSize = read.query.pageSize;
    if (name === 'sort') query.sort = read.query.sort;
  }
  // What fails only in combination (a backwards range) is reported too.
  issues.push(...checkCriteria(query.criteria));
  return { query, issues };
}
