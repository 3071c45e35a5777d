import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_IMPORT_CELL_LENGTH,
  type ImportField,
  type ImportRequest,
} from '../../../shared/schemas/import.ts';
import { checkText } from '../../../shared/schemas/text.ts';

/**
 * An import's rows as the plan reads them, made in the worker process that validates the request (read-request.ts),
 * so a 16 MB body is parsed, checked and read off the event loop; only the mapped cells come back.
 */

/** A row's mapped cells as text under the shared rule, and the cells that are not text at all. */
export interface ReadRow {
  texts: Partial<Record<ImportField, string>>;
  unreadable: { field: ImportField; message: string }[];
  /** Nothing in any of the row's cells, mapped or not: the row is passed over. */
  blank: boolean;
}

/** A validated import request, its rows read. `request.rows` is emptied unless the route needs the raw cells. */
export interface PreparedImport {
  request: ImportRequest;
  readRows: ReadRow[];
}

const isBlank = (text: string) => text.trim() === '';

/**
 * Reads the mapped cells of a row: NFC, trimmed, and free of control characters (tab and line breaks in notes only),
 * lone surrogates and noncharacters. The value converters and record rules then judge the text; notes get their
 * 4,000-character limit there, after the export's formula guard is undone.
 */
export function readCells(row: readonly string[], mapping: ImportRequest['mapping']): ReadRow {
  const read: ReadRow = { texts: {}, unreadable: [], blank: row.every(isBlank) };
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    if (column >= row.length && !read.blank) {
      // A row cut short (an API client's): its missing cells are not blank ones, which would clear the values.
      read.unreadable.push({ field, message: `The row has no cell in column ${column + 1}; it has ${row.length}` });
      continue;
    }
    const checked = checkText(row[column] ?? '', {
      label: IMPORT_FIELD_LABELS[field],
      max: MAX_IMPORT_CELL_LENGTH,
      multiline: field === 'notes',
    });
    if (checked.ok) read.texts[field] = checked.value;
    else read.unreadable.push({ field, message: checked.message });
  }
  return read;
}

/**
 * When the raw cells are kept beside the read rows: always (the refused-rows file), never (a dry run), or when the
 * request names no upload (a commit keeps what was sent as the import's file).
 */
export type KeepRows = boolean | 'without-upload';

/** Every row read once, under the text rule every form and route applies; the raw cells kept only when asked. */
export function prepareImport(request: ImportRequest, keepRows: KeepRows = false): PreparedImport {
  const readRows = request.rows.map((row) => readCells(row, request.mapping));
  const keep = keepRows === true || (keepRows === 'without-upload' && request.uploadId === undefined);
  return { request: keep ? request : { ...request, rows: [] }, readRows };
}
