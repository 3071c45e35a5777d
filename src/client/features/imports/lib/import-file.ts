import { CSV_CONTENT_TYPE, MAX_IMPORT_FILE_BYTES, XLSX_CONTENT_TYPE } from '../../../../shared/schemas/import.ts';
import { IMPORT_UI } from '../messages.ts';

/**
 * What the browser can tell of a chosen file before sending it: its kind by name (browsers label CSV files
 * inconsistently, so the name decides the Content-Type sent), and whether it is small enough.
 */

export type ImportFileCheck = { ok: true; contentType: string } | { ok: false; message: string };

export function checkImportFile(file: { name: string; size: number }): ImportFileCheck {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) return { ok: false, message: IMPORT_UI.file.oldExcel(file.name) };
  const contentType = name.endsWith('.csv') ? CSV_CONTENT_TYPE : name.endsWith('.xlsx') ? XLSX_CONTENT_TYPE : null;
  if (!contentType) return { ok: false, message: IMPORT_UI.file.wrongType(file.name) };
  if (file.size > MAX_IMPORT_FILE_BYTES) return { ok: false, message: IMPORT_UI.file.tooLarge(file.name) };
  return { ok: true, contentType };
}

/** Column letters as a spreadsheet names them: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
