import { describe, expect, it } from 'vitest';
import { exportNotes, isDownloadNote, returnsCountLine } from './export-notes.ts';
import { REPORT_FLAG_LEGEND } from './reports.ts';

describe('the count line under an export', () => {
  it('says how many returns of the chosen periods are not approved, in words that agree with the numbers', () => {
    expect(returnsCountLine({ returns: 25, notApproved: 3 })).toBe(
      '3 of 25 returns of the chosen periods are not approved: their figures are preliminary (p).',
    );
    expect(returnsCountLine({ returns: 25, notApproved: 1 })).toBe(
      '1 of 25 returns of the chosen periods is not approved: its figures are preliminary (p).',
    );
    expect(returnsCountLine({ returns: 1, notApproved: 1 })).toBe(
      '1 of 1 return of the chosen periods is not approved: its figures are preliminary (p).',
    );
    expect(returnsCountLine({ returns: 1200, notApproved: 0 })).toBe('All 1,200 returns of the chosen periods are approved.');
    expect(returnsCountLine({ returns: 1, notApproved: 0 })).toBe('The 1 return of the chosen periods is approved.');
    expect(returnsCountLine({ returns: 0, notApproved: 0 })).toBe(
      'The chosen periods have no term return: their records are preliminary (p).',
    );
  });

  it('says which returns were left out when only approved returns are taken', () => {
    expect(returnsCountLine({ returns: 25, notApproved: 3 }, true)).toBe(
      'Approved returns only: 3 of 25 returns of the chosen periods are not approved; their records are left out.',
    );
    expect(returnsCountLine({ returns: 25, notApproved: 0 }, true)).toBe(
      'Approved returns only: all 25 returns of the chosen periods are approved.',
    );
  });

  it('puts the Flag legend of the reports after the count line', () => {
    expect(exportNotes({ returns: 2, notApproved: 1 }, false)).toEqual([
      returnsCountLine({ returns: 2, notApproved: 1 }),
      REPORT_FLAG_LEGEND,
    ]);
  });
});

describe('isDownloadNote: the notes the import sets aside', () => {
  it('knows every count line, whatever its numbers, and the legend, in the first cell of an otherwise empty row', () => {
    for (const approvedOnly of [false, true]) {
      for (const [returns, notApproved] of [
        [0, 0],
        [1, 0],
        [1, 1],
        [7, 0],
        [7, 1],
        [7, 3],
        [12345, 678],
      ] as const) {
        const line = returnsCountLine({ returns, notApproved }, approvedOnly);
        expect(isDownloadNote([line]), line).toBe(true);
        expect(isDownloadNote([line, '', ' ']), line).toBe(true);
      }
    }
    expect(isDownloadNote([REPORT_FLAG_LEGEND])).toBe(true);
  });

  it('never takes a data row or other text for a note', () => {
    expect(isDownloadNote([returnsCountLine({ returns: 5, notApproved: 2 }), 'UVIC'])).toBe(false);
    expect(isDownloadNote(['', returnsCountLine({ returns: 5, notApproved: 2 })])).toBe(false);
    expect(isDownloadNote(['3 of 25 returns are not approved'])).toBe(false);
    expect(isDownloadNote(['UVIC', 'Engineering', '2024/25'])).toBe(false);
    expect(isDownloadNote([])).toBe(false);
  });
});
