import type { RecordCriteria, RecordQuery } from '../../../../shared/find-criteria-url.ts';

/** A view with other criteria: back to the first page, since the old page number means nothing in the new list. */
export function withCriteria(query: RecordQuery, changes: Partial<RecordCriteria>): RecordQuery {
  const criteria: RecordCriteria = { ...query.criteria };
  for (const [name, value] of Object.entries(changes)) {
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) delete (criteria as Record<string, unknown>)[name];
    else (criteria as Record<string, unknown>)[name] = value;
  }
  return { ...query, criteria, page: 1 };
}

export function withPage(query: RecordQuery, page: number): RecordQuery {
  return { ...query, page };
}

/** Another page size starts again on the first page. */
export function withPageSize(query: RecordQuery, pageSize: number): RecordQuery {
  return { ...query, pageSize, page: 1 };
}

/** Another sort starts again on the first page. */
export function withSort(query: RecordQuery, sort: string): RecordQuery {
  return { ...query, sort, page: 1 };
}

/** The view without any criteria (page size and sort kept). */
export function withoutCriteria(query: RecordQuery): RecordQuery {
  return { ...query, criteria: {}, page: 1 };
}

/** What a single-choice filter shows for a list criterion: nothing, its one value, or SEVERAL when a URL chose more. */
export const SEVERAL = '__several__';
export function singleChoice(values: readonly (string | number)[] | undefined): string {
  if (!values || values.length === 0) return '';
  return values.length === 1 ? String(values[0]) : SEVERAL;
}

/** The pages of a list, and the 1-based positions of the rows shown ("Showing 51–100 of 7,410"). */
export function pageWindow(page: number, pageSize: number, total: number, shown: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = shown > 0 ? (page - 1) * pageSize + 1 : 0;
  return { pageCount, from, to: shown > 0 ? from + shown - 1 : 0 };
}
