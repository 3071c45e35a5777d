/**
 * Pure helpers for the small lists the client sorts, filters and pages itself (institutions, valid programs):
 * reading and writing their state in the URL query, comparing values for sorting, matching search text.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** `name` sorts ascending, `-name` descending; anything else falls back. */
export function parseSort<K extends string>(raw: string | null, keys: readonly K[], fallback: SortState<K>): SortState<K> {
  if (!raw) return fallback;
  const direction: SortDirection = raw.startsWith('-') ? 'desc' : 'asc';
  const key = (direction === 'desc' ? raw.slice(1) : raw) as K;
  return keys.includes(key) ? { key, direction } : fallback;
}

export function formatSort(sort: SortState): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key;
}

/** Clicking a column heading: a new column sorts ascending, the same column flips. */
export function toggleSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** A page number from the URL: a positive integer, otherwise the first page. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** One of a closed list of values, or null (no filter) for anything else. */
export function parseOneOf<T extends string>(raw: string | null, values: readonly T[]): T | null {
  return raw !== null && values.includes(raw as T) ? (raw as T) : null;
}

/** A positive integer id, or null. */
export function parseId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export const STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Active is the default: it is left out of the URL. */
export function parseStatus(raw: string | null): StatusFilter {
  return parseOneOf(raw, STATUS_FILTERS) ?? 'active';
}

export function matchesStatus(active: boolean, status: StatusFilter): boolean {
  return status === 'all' || (status === 'active') === active;
}

/** Lower case without accents, so "montreal" finds "Montréal". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word of the query appears in at least one of the fields. An empty query matches everything. */
export function matchesText(query: string, fields: readonly (string | null | undefined)[]): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter((f): f is string => !!f).map(foldText);
  return words.every((word) => haystack.some((field) => field.includes(word)));
}

const collator = new Intl.Collator('en-CA', { sensitivity: 'base', numeric: true });

export type SortValue = string | number | boolean | null | undefined;

/** Ascending order with empty values last whatever the direction, so blanks never crowd the top. */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection = 'asc'): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  let order: number;
  if (typeof a === 'number' && typeof b === 'number') order = a - b;
  else if (typeof a === 'boolean' && typeof b === 'boolean') order = Number(b) - Number(a);
  else order = collator.compare(String(a), String(b));
  return direction === 'desc' ? -order : order;
}

/** A sorted copy; ties keep a stable order by the tie-breaker (a name, say). */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: SortDirection,
  tieBreaker?: (row: T) => SortValue,
): T[] {
  return [...rows].sort(
    (a, b) => compareValues(value(a), value(b), direction) || (tieBreaker ? compareValues(tieBreaker(a), tieBreaker(b)) : 0),
  );
}

export interface PageSlice<T> {
  rows: T[];
  /** The page shown: the one asked for, brought within range. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last row shown; 0 when there are none. */
  from: number;
  to: number;
}

export function paginate<T>(rows: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (current - 1) * pageSize;
  const slice = rows.slice(start, start + pageSize);
  return { rows: slice, page: current, pageCount, total, from: slice.length ? start + 1 : 0, to: start + slice.length };
}

/**
 * The next URL query after a change: values equal to their default are left out so URLs stay short,
 * and any change but a page change goes back to page 1.
 */
export function nextSearch(
  current: URLSearchParams,
  changes: Record<string, string | null>,
  defaults: Record<string, string> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
