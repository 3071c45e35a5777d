import {
  IMPORT_FIELD_ALIASES,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '../../../../shared/schemas/import.ts';

/**
 * Matching a file's column headings to record fields: by the fields' labels (the record export's headers), their
 * wire names and common aliases, ignoring case, spaces and punctuation; and the mapping a person used last time,
 * remembered by heading so it still applies when the columns come in another order.
 */

/** A heading reduced to letters and digits, lower case: "Students placed" and "students_placed" are the same. */
export function normalizeHeading(heading: string): string {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

/** Normalized labels and wire names → field. */
const EXACT: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) => [
    [normalizeHeading(IMPORT_FIELD_LABELS[field]), field] as const,
    [normalizeHeading(field), field] as const,
  ]),
);
/** Normalized aliases → field (an alias that is some field's label stays that field's). */
const ALIASES: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) =>
    (IMPORT_FIELD_ALIASES[field] ?? []).map((alias) => [normalizeHeading(alias), field] as const),
  ).filter(([key]) => !EXACT.has(key)),
);

/** The field a heading names (by label, wire name or alias), or null. */
export function fieldForHeading(heading: string): ImportField | null {
  const key = normalizeHeading(heading);
  return EXACT.get(key) ?? ALIASES.get(key) ?? null;
}

/** Field → heading of the column chosen for it: how a mapping is remembered between files. */
export type RememberedMapping = Partial<Record<ImportField, string>>;

/**
 * The mapping to start from: the remembered choices whose heading this file has, then each unmatched field to the
 * first free column whose heading names it. No column is given to two fields.
 */
export function suggestMapping(columns: readonly string[], remembered: RememberedMapping = {}): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const heading = remembered[field];
    if (heading === undefined) continue;
    const index = columns.findIndex((c, i) => !used.has(i) && c === heading);
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  // Exact labels first, so a column headed "Students placed" wins over one headed "Placed".
  for (const table of [EXACT, ALIASES]) {
    columns.forEach((heading, index) => {
      if (used.has(index)) return;
      const field = table.get(normalizeHeading(heading));
      if (field && mapping[field] === undefined) {
        mapping[field] = index;
        used.add(index);
      }
    });
  }
  return mapping;
}

/** A mapping as remembered: the heading of each chosen column. */
export function rememberMapping(columns: readonly string[], mapping: ImportMapping): RememberedMapping {
  const remembered: RememberedMapping = {};
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index !== undefined && columns[index] !== undefined) remembered[field] = columns[index];
  }
  return remembered;
}

/** Fields that share a column with an earlier field, each with the field it clashes with. */
export function duplicateColumns(mapping: ImportMapping): Map<ImportField, ImportField> {
  const firstOf = new Map<number, ImportField>();
  const clashes = new Map<ImportField, ImportField>();
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index === undefined) continue;
    const first = firstOf.get(index);
    if (first) clashes.set(field, first);
    else firstOf.set(index, field);
  }
  return clashes;
}

const STORAGE_KEY = 'wil.import.mapping.v1';

/** The mapping used last time on this browser, or nothing when none was kept (or storage is unavailable). */
export function loadRememberedMapping(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): RememberedMapping {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const remembered: RememberedMapping = {};
    for (const field of IMPORT_FIELDS) {
      const heading = (parsed as Record<string, unknown>)[field];
      if (typeof heading === 'string') remembered[field] = heading;
    }
    return remembered;
  } catch {
    return {};
  }
}

/** Keeps a mapping for next time; a browser that refuses storage just does not remember. */
export function saveRememberedMapping(
  remembered: RememberedMapping,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Private browsing or a full quota: the next file is matched by its headings alone.
  }
}

/**
 * What stops a mapping from being checked, in words, before anything is sent: rows must be identifiable (institution
 * and program, or a Record ID or Program ID column), and each row needs a fiscal year and a term from a column or
 * from the choices for the whole file (a Record ID column brings its record's own).
 */
export function mappingProblems(
  mapping: ImportMapping,
  defaults: { fiscalYear: string; term: string },
  words: { identify: string; fiscalYear: string; term: string },
): string[] {
  const problems: string[] = [];
  const identified =
    mapping.record_id !== undefined ||
    mapping.program_id !== undefined ||
    (mapping.institution !== undefined && mapping.program !== undefined);
  if (!identified) problems.push(words.identify);
  if (mapping.record_id === undefined && mapping.fiscal_year === undefined && defaults.fiscalYear.trim() === '') {
    problems.push(words.fiscalYear);
  }
  if (mapping.record_id === undefined && mapping.term === undefined && defaults.term === '') problems.push(words.term);
  return problems;
}
