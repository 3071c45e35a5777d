import { describe, expect, it } from 'vitest';
import { exportNotes } from '../../../shared/export-notes.ts';
import { RowCollector } from './row-collector.ts';

const [COUNT_LINE, LEGEND] = exportNotes({ returns: 25, notApproved: 3 }, false) as [string, string];

function collect(rows: string[][]): RowCollector {
  const collector = new RowCollector();
  for (const row of rows) collector.add(row);
  return collector;
}

describe('RowCollector: the notes of our downloads', () => {
  it('sets aside the notes under an exported table, and the blank row before them', () => {
    const collector = collect([['Record ID', 'Flag'], ['1', 'p'], ['2', ''], [''], [COUNT_LINE], [LEGEND], ['', '']]);
    expect(collector.rows).toEqual([
      ['Record ID', 'Flag'],
      ['1', 'p'],
      ['2', ''],
    ]);
    expect(collector.dataRowCount).toBe(2);
  });

  it('keeps a note-like row with the rows after it in place when more data follows, so row numbers stay the file’s', () => {
    const collector = collect([['Record ID', 'Flag'], ['1', ''], [''], [COUNT_LINE], [''], ['2', '']]);
    expect(collector.rows).toEqual([['Record ID', 'Flag'], ['1', ''], [], [COUNT_LINE], [], ['2', '']]);
    expect(collector.dataRowCount).toBe(5);
  });

  it('never takes the heading row for a note', () => {
    expect(collect([[COUNT_LINE], ['1']]).rows).toEqual([[COUNT_LINE], ['1']]);
  });
});
