import { z } from 'zod';

// How record lists sort (docs/product.md §6.2).

/**
 * Keys a list sorts by. `institution` is the short name, `program` the program's name (both ignoring case);
 * `term` is chronological: fiscal year, then Summer, Fall, Spring.
 */
export const RECORD_SORT_KEYS = [
  'institution',
  'program',
  'fiscal_year',
  'term',
  'status',
  'students_enrolled',
  'students_seeking',
  'students_placed',
  'updated_at',
  'id',
] as const;
export type RecordSortKey = (typeof RECORD_SORT_KEYS)[number];
export type RecordSort = { key: RecordSortKey; dir: 'asc' | 'desc' }[];
/**
 * The latest fiscal year first, its terms in calendar order (Summer, Fall, Spring); ties by institution, program and
 * id. The headings show the first key, so the table says "Fiscal year ↓" and means it.
 */
export const DEFAULT_RECORD_SORT = 'fiscal_year:desc,term:asc';

const SORT_HELP = `Sort by one of ${RECORD_SORT_KEYS.join(', ')}, each optionally followed by :asc or :desc, separated by commas (for example fiscal_year:desc,program)`;

/** Parses `fiscal_year:desc,program` into keys and directions; null when any part is not valid. */
export function parseRecordSort(text: string): RecordSort | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > RECORD_SORT_KEYS.length) return null;
  const sort: RecordSort = [];
  for (const part of parts) {
    const [key, dir = 'asc', ...rest] = part.split(':');
    if (rest.length > 0 || !(RECORD_SORT_KEYS as readonly string[]).includes(key ?? '') || (dir !== 'asc' && dir !== 'desc'))
      return null;
    sort.push({ key: key as RecordSortKey, dir });
  }
  return sort;
}

/** `sort` as a list asks for it: text parsed into keys, the default when absent. */
export const recordSortInput = z
  .string({ error: `sort: ${SORT_HELP}` })
  .max(500, `sort: ${SORT_HELP}`)
  .optional()
  .default(DEFAULT_RECORD_SORT)
  .transform((text, ctx) => {
    const sort = parseRecordSort(text);
    if (!sort) {
      ctx.addIssue({ code: 'custom', message: `sort "${text.slice(0, 100)}" is not valid. ${SORT_HELP}` });
      return z.NEVER;
    }
    return sort;
  });
