import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCellBlock, parsePasteTable } from './paste-table.ts';

/** A block as Excel and LibreOffice put it on the clipboard: a cell with a tab, line break or quote is quoted. */
function asSpreadsheetCopies(block: string[][], lineEnd: string): string {
  const cell = (text: string) => (/[\t\r\n"]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return block.map((row) => row.map(cell).join('\t')).join(lineEnd) + lineEnd;
}

describe('reading a block copied from a spreadsheet', () => {
  it('gives back every cell of any block, whatever the line ends', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('1', ',', ' ', '"', '\t', '\n', '\r', 'x', '=', '-') }), {
            minLength: 1,
            maxLength: 6,
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.constantFrom('\n', '\r\n', '\r'),
        (block, lineEnd) => {
          // A row of one empty cell is an empty line, which a spreadsheet never copies alone; keep rows non-empty.
          fc.pre(block.every((row) => row.length > 1 || row[0] !== ''));
          expect(parsePasteTable(asSpreadsheetCopies(block, lineEnd))).toEqual(block);
        },
      ),
    );
  });

  it('reads a browser table and a last line without its line break', () => {
    expect(parsePasteTable('1\t2\n3\t4')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parsePasteTable('12\t\t3\n')).toEqual([['12', '', '3']]);
    expect(parsePasteTable('say "hi"\t2')).toEqual([['say "hi"', '2']]);
  });

  it('tells a block from one value', () => {
    expect(isCellBlock('1,234')).toBe(false);
    expect(isCellBlock('1,234\n')).toBe(false);
    expect(isCellBlock('1\t2')).toBe(true);
    expect(isCellBlock('1\n2')).toBe(true);
  });
});
