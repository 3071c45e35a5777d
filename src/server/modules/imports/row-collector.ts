import { isDownloadNote } from '../../../shared/export-notes.ts';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../shared/schemas/import.ts';
import { fieldError } from '../../http-errors.ts';
import { MAX_FILE_COLUMNS, MAX_IMPORT_TEXT_CHARS } from './import-limits.ts';

/**
 * Takes a file's rows one at a time as they are read and keeps only what an import can use: the heading row and at
 * most MAX_IMPORT_ROWS + 1 data rows, each cut to MAX_IMPORT_COLUMNS + 1 cells. Blank rows are counted, not stored,
 * until a later row shows they are inside the data, so a file padded with blank rows costs nothing. The notes our own
 * exports write under their table (shared/export-notes.ts: how many returns are not approved, what the Flag means)
 * are set aside the same way: at the end of the file they are not data, so an exported file imports as it is; a
 * later row shows they were inside the data after all, and they are kept as rows. A row too wide or a cell too long
 * stops the reading at once.
 */

const number = (n: number) => n.toLocaleString('en-CA');

export const tooManyColumnsInFile = (n: number) =>
  fieldError(
    'file',
    `A row of the file has ${number(n)} columns; a spreadsheet has at most ${number(MAX_FILE_COLUMNS)}, and at most ${number(MAX_IMPORT_COLUMNS)} can be imported.`,
  );

export class RowCollector {
  /** The heading row (all its cells) and the data rows kept, interior blank rows included. */
  readonly rows: string[][] = [];
  /** Rows up to and including the last non-blank one (the heading row too), whether kept or only counted. */
  private counted = 0;
  private pendingBlank = 0;
  /** Notes set aside, each with the blank rows before it, until a later row shows they are inside the data. */
  private pendingNotes: { blankBefore: number; cells: string[] }[] = [];
  private characters = 0;

  /** Rows the file has below its heading, trailing blank rows aside. */
  get dataRowCount(): number {
    return Math.max(0, this.counted - 1);
  }

  /** Blank rows the reader skipped (a gap in an XLSX sheet's row numbers). */
  skip(blankRows: number): void {
    this.pendingBlank += blankRows;
  }

  add(cells: string[]): void {
    if (cells.length > MAX_FILE_COLUMNS) throw tooManyColumnsInFile(cells.length);
    let blank = true;
    for (const cell of cells) {
      if (cell.length > MAX_IMPORT_CELL_LENGTH) {
        throw fieldError(
          'file',
          `A cell holds ${number(cell.length)} characters; at most ${number(MAX_IMPORT_CELL_LENGTH)} can be imported.`,
        );
      }
      if (blank && cell.trim() !== '') blank = false;
    }
    if (blank) {
      this.pendingBlank++;
      return;
    }
    if (this.counted > 0 && isDownloadNote(cells)) {
      this.pendingNotes.push({ blankBefore: this.pendingBlank, cells });
      this.pendingBlank = 0;
      return;
    }
    if (this.pendingNotes.length > 0) {
      const blankAfter = this.pendingBlank;
      for (const note of this.pendingNotes.splice(0)) {
        this.pendingBlank = note.blankBefore;
        this.keep(note.cells);
      }
      this.pendingBlank = blankAfter;
    }
    this.keep(cells);
  }

  /** Stores a row that is not blank (while there is room), after the blank rows pending before it. */
  private keep(cells: string[]): void {
    const total = this.counted + this.pendingBlank + 1;
    // Heading + the most data rows + one more, so that "too many rows" can be told from "just enough".
    if (total <= MAX_IMPORT_ROWS + 2) {
      for (; this.pendingBlank > 0; this.pendingBlank--) this.rows.push([]);
      const kept = this.rows.length === 0 ? cells : cells.slice(0, MAX_IMPORT_COLUMNS + 1);
      for (const cell of kept) this.characters += cell.length;
      if (this.characters > MAX_IMPORT_TEXT_CHARS) {
        throw fieldError(
          'file',
          `The file's cells hold more than ${number(MAX_IMPORT_TEXT_CHARS)} characters in all; at most that can be imported at a time. Split the file and import each part.`,
        );
      }
      this.rows.push(kept);
    }
    this.pendingBlank = 0;
    this.counted = total;
  }
}
