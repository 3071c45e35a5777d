/**
 * The text a spreadsheet (Excel, LibreOffice) or a browser table puts on the clipboard, as rows of cells: cells end at
 * a tab, rows at a line break (CRLF, LF or CR). A cell holding a tab, a line break or a quote comes quoted, with its
 * quotes doubled; a quote inside an unquoted cell is kept as typed. The line break ending the last row is not a row.
 */

/** Clipboard text longer than this is refused whole: far more than a term of any institution (100 × 27 cells). */
export const MAX_PASTE_CHARACTERS = 200_000;

export function parsePasteTable(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let n = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  let atCellStart = true;
  while (n < text.length) {
    const ch = text[n]!;
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the quote not doubled; what follows it up to the next tab or line break is kept too.
      n++;
      while (n < text.length) {
        if (text[n] === '"') {
          if (text[n + 1] === '"') {
            cell += '"';
            n += 2;
            continue;
          }
          n++;
          break;
        }
        cell += text[n++];
      }
      atCellStart = false;
      continue;
    }
    atCellStart = false;
    if (ch === '\t') {
      endCell();
      atCellStart = true;
      n++;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      atCellStart = true;
      n += ch === '\r' && text[n + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      n++;
    }
  }
  if (!atCellStart || cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Whether clipboard text is a block of cells (more than one) rather than one value for the cell in focus. */
export const isCellBlock = (text: string): boolean => /[\t\r\n]/.test(text.replace(/(\r\n|\r|\n)$/, ''));
