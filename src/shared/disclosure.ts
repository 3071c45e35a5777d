import type { SuppressionReason } from './schemas/report.ts';

/**
 * The disclosure rule (PRODUCT.md §9, docs/disclosure-control.md): a part of a figure that comes from institutions the
 * viewer may not read is safe when at least `minInstitutions` of them contribute to it (have a record that reports it,
 * zero included) and none accounts for more than `maxSharePercent` of it. Settings: DISCLOSURE_MIN_INSTITUTIONS and
 * DISCLOSURE_MAX_SHARE_PERCENT.
 */
export interface DisclosureRule {
  minInstitutions: number;
  maxSharePercent: number;
}

/** The defaults of PRODUCT.md §9 (settings DISCLOSURE_MIN_INSTITUTIONS and DISCLOSURE_MAX_SHARE_PERCENT). */
export const DEFAULT_DISCLOSURE_RULE: DisclosureRule = { minInstitutions: 3, maxSharePercent: 85 };

/**
 * The rule over one part's contributions, one per institution the viewer may not read: its sum over the part's records,
 * or null when none of its records carries the part. The same test the SQL of
 * server/modules/disclosure/province-figures.ts runs, written here for the tests and the methodology page. Null when
 * safe, or when no institution contributes (nothing of theirs to protect).
 */
export function judgeContributions(values: readonly (number | null)[], rule: DisclosureRule): SuppressionReason | null {
  const contributing = values.filter((v): v is number => v !== null);
  if (contributing.length === 0) return null;
  if (contributing.length < rule.minInstitutions) return 'threshold';
  const sum = contributing.reduce((a, b) => a + b, 0);
  return Math.max(...contributing) * 100 > rule.maxSharePercent * sum ? 'dominance' : null;
}

/** How a suppressed figure is written in tables and files (Statistics Canada's mark). */
export const SUPPRESSED_MARK = 'x';

/** Why a figure is hidden, in plain words, for the footnote under a report. */
export function suppressionReasonText(reason: SuppressionReason, rule: DisclosureRule): string {
  switch (reason) {
    case 'threshold':
      return `fewer than ${rule.minInstitutions} of the institutions whose records you may not read contribute to it, so it would show one institution's own figures`;
    case 'dominance':
      return `one institution whose records you may not read accounts for more than ${rule.maxSharePercent} % of it, so it would show that institution's figure almost exactly`;
    case 'linked':
      return 'it would give away another hidden figure of the same work-term split by subtraction';
  }
}

/** What to do to see more: wider filters pool more institutions. */
export const SUPPRESSION_ADVICE =
  'To see more of the province, widen the filters (more fiscal years, terms, disciplines, credentials or WIL types): a wider question pools more institutions. People who may read every institution see every figure.';

/** The footnote lines under a report whose province row has hidden figures: one per reason, then the advice. */
export function suppressionFootnotes(
  suppressed: Record<string, SuppressionReason>,
  labels: Record<string, string>,
  rule: DisclosureRule,
): string[] {
  const byReason = new Map<SuppressionReason, string[]>();
  for (const [key, reason] of Object.entries(suppressed))
    byReason.set(reason, [...(byReason.get(reason) ?? []), labels[key] ?? key]);
  if (byReason.size === 0) return [];
  return [
    ...[...byReason].map(
      ([reason, names]) => `${SUPPRESSED_MARK}: ${names.join(', ')} — not shown because ${suppressionReasonText(reason, rule)}.`,
    ),
    SUPPRESSION_ADVICE,
  ];
}
