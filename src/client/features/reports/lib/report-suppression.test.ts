import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCLOSURE_RULE, SUPPRESSION_ADVICE, suppressionFootnotes } from '../../../../shared/disclosure.ts';
import type { ReportColumn, SuppressionReason } from '../../../../shared/schemas/report.ts';
import { suppressedCellLabel, suppressionNoteId, suppressionNotes } from './report-suppression.ts';

const columns: ReportColumn[] = [
  { key: 'institution', label: 'Institution', kind: 'text' },
  { key: 'students_placed', label: 'Students placed', kind: 'count' },
  { key: 'placement_pct', label: 'Placement %', kind: 'percent' },
  { key: 'intl_students', label: 'International students', kind: 'count' },
  { key: 'avg_hourly_wage', label: 'Average hourly wage', kind: 'money' },
];
const labels = Object.fromEntries(columns.map((c) => [c.key, c.label]));

describe('suppressionNotes', () => {
  it('is null when nothing is hidden (people who may read every institution)', () => {
    expect(suppressionNotes({ columns, suppressed: {} }, DEFAULT_DISCLOSURE_RULE)).toBeNull();
  });

  it('says exactly what the downloaded files say: a line per reason naming the columns, then the advice', () => {
    const suppressed: Record<string, SuppressionReason> = {
      students_placed: 'dominance',
      intl_students: 'threshold',
      placement_pct: 'dominance',
      avg_hourly_wage: 'linked',
    };
    const rule = { minInstitutions: 4, maxSharePercent: 70 };
    const notes = suppressionNotes({ columns, suppressed }, rule)!;
    expect([...notes.notes.map((n) => n.text), notes.advice]).toEqual(suppressionFootnotes(suppressed, labels, rule));
    expect(notes.advice).toBe(SUPPRESSION_ADVICE);
    expect(notes.notes.map((n) => [n.reason, n.id])).toEqual([
      ['dominance', 'report-note-dominance'],
      ['threshold', 'report-note-threshold'],
      ['linked', 'report-note-linked'],
    ]);
    expect(notes.notes[0]!.text).toBe(
      "x: Students placed, Placement % — not shown because one institution whose records you may not read accounts for more than 70% of it, so it would show that institution's figure almost exactly.",
    );
    expect(notes.notes[1]!.text).toContain('International students — not shown because fewer than 4 of the institutions');
  });

  it('gives each reason its own anchor for the hidden cells to link to', () => {
    expect(new Set((['threshold', 'dominance', 'linked', 'partial'] as const).map(suppressionNoteId)).size).toBe(4);
  });
});

describe('suppressedCellLabel', () => {
  it('says "hidden" and why in a few words, with the rule\'s own numbers', () => {
    const rule = { minInstitutions: 5, maxSharePercent: 60 };
    expect(suppressedCellLabel('threshold', rule)).toBe(
      'hidden: fewer than 5 institutions you may not read contribute to it (see the notes under the table)',
    );
    expect(suppressedCellLabel('dominance', rule)).toContain('over 60% of it');
    expect(suppressedCellLabel('linked', rule)).toContain('another hidden figure');
  });
});
