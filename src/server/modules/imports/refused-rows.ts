import type { ImportRefusedRows, ImportRequest, ImportRowResult } from '../../../shared/schemas/import.ts';
import { CSV_BOM, csvLines } from '../../files/table-files.ts';
import { columnLetter } from './import-files.ts';

/** The heading of the column that says why each row was refused. */
export const WHY_HEADING = 'Why it was not imported';

/** A name for the refused rows' file, from the uploaded one's ("fall.xlsx" → "fall-not-imported.csv"). */
function refusedFileName(fileName: string | undefined): string {
  const base =
    (fileName ?? 'import')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .slice(0, 80) || 'import';
  return `${base}-not-imported.csv`;
}

/**
 * The rows a check refused, as a CSV to correct and upload again (issue 28): the file's own headings and cells as
 * they came, so the same column matches apply, and a last column saying why, in the words of the check. Every cell
 * passes the one formula rule like every other downloaded file.
 */
export function refusedRowsFile(request: ImportRequest, results: readonly ImportRowResult[]): ImportRefusedRows {
  const refused = results.filter((r) => r.action === 'error');
  const width = Math.max(request.columns?.length ?? 0, ...refused.map((r) => request.rows[r.row - 2]?.length ?? 0));
  const headings = Array.from({ length: width }, (_, i) => request.columns?.[i] ?? `Column ${columnLetter(i)}`);
  const lines = refused.map((r) => {
    const cells = request.rows[r.row - 2] ?? [];
    const why = (r.errors ?? []).map((e) => e.message).join('; ');
    return [...Array.from({ length: width }, (_, i) => cells[i] ?? ''), why];
  });
  return {
    fileName: refusedFileName(request.fileName),
    csv: CSV_BOM + csvLines([[...headings, WHY_HEADING], ...lines]),
    rows: refused.length,
  };
}
