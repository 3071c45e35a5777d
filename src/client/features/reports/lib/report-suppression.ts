import { suppressionFootnotes, type DisclosureRule } from '../../../../shared/disclosure.ts';
import type { Report, SuppressionReason } from '../../../../shared/schemas/report.ts';
import { REPORT_UI } from '../messages.ts';

/** One footnote line under the table: the reason it explains, the anchor the hidden cells link to, its words. */
export interface SuppressionNote {
  reason: SuppressionReason;
  id: string;
  text: string;
}

/** The footnote under a report whose province row has hidden figures: a line per reason, then what to do. */
export interface SuppressionNotes {
  notes: SuppressionNote[];
  advice: string;
}

/** The id of a reason's footnote line, which each hidden cell of that reason links to. */
export const suppressionNoteId = (reason: SuppressionReason): string => `report-note-${reason}`;

/**
 * The footnote of a report, or null when nothing is hidden (people who may read every institution). The words are
 * `suppressionFootnotes`' own, one reason at a time in the order it gives them, so the page says exactly what the
 * CSV and XLSX files say under their table.
 */
export function suppressionNotes(
  report: Pick<Report, 'columns' | 'suppressed'> & Partial<Pick<Report, 'release' | 'params'>>,
  rule: DisclosureRule,
): SuppressionNotes | null {
  const entries = Object.entries(report.suppressed);
  if (entries.length === 0) return null;
  const labels = Object.fromEntries(report.columns.map((c) => [c.key, c.label]));
  const question = { unreleased: report.release?.unreleased, params: report.params };
  const reasons = [...new Set(entries.map(([, reason]) => reason))];
  const notes = reasons.map((reason) => {
    const only = Object.fromEntries(entries.filter(([, r]) => r === reason));
    return { reason, id: suppressionNoteId(reason), text: suppressionFootnotes(only, labels, rule, question)[0]! };
  });
  return { notes, advice: suppressionFootnotes(report.suppressed, labels, rule, question).at(-1)! };
}

/** What a screen reader says for a hidden cell instead of the mark: that it is hidden, and why in a few words. */
export function suppressedCellLabel(reason: SuppressionReason, rule: DisclosureRule): string {
  return REPORT_UI.suppression.cell(REPORT_UI.suppression.short[reason](rule));
}
