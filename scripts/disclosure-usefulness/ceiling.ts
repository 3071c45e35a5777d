/**
 * The ceiling of `npm run disclosure:usefulness -- --bound` (decision 042): what any way of hiding figures could show
 * at most under the rule, as pure functions over numbers. Shares nothing with the serving code
 * (src/server/modules/disclosure/), so it stays a yardstick when that code changes.
 */
import { judgeContributions, type DisclosureRule } from '../../src/shared/disclosure.ts';
import type { SuppressionReason } from '../../src/shared/schemas/report.ts';

/**
 * The verdict of each part over one set of cells, from every other institution's contributions (one row per
 * institution, one value per part, null where none of its records carries the part). A part is judged alone, except
 * that the parts of a split (`splits`: indices into the parts) add up to work terms: the split's parts that fail are
 * given away together by subtraction from the ones shown, so when together they fail too, every part of the split is
 * hidden ('linked').
 */
export function judgeParts(
  parts: number,
  institutions: readonly (readonly (number | null)[])[],
  splits: readonly (readonly number[])[],
  rule: DisclosureRule,
): (SuppressionReason | null)[] {
  const verdicts = Array.from({ length: parts }, (_, n) =>
    judgeContributions(
      institutions.map((v) => v[n] ?? null),
      rule,
    ),
  );
  for (const split of splits) {
    const failing = split.filter((n) => verdicts[n] !== null);
    if (failing.length === 0) continue;
    const together = institutions.map((v) =>
      failing.reduce<number | null>((sum, n) => (v[n] === null || v[n] === undefined ? sum : (sum ?? 0) + v[n]), null),
    );
    if (judgeContributions(together, rule) !== null) for (const n of split) verdicts[n] ??= 'linked';
  }
  return verdicts;
}

/** Where one figure of one question family stands: the family, the fiscal years asked, the report and the measure. */
export const figureAt = (family: string, years: string, report: string, measure: string): string =>
  `${family}|${years}|${report}|${measure}`;

/**
 * Figures that no safe method can show beside the ceiling's. The pieces of a family (the disciplines of a fiscal
 * year, its credentials, the disciplines over all years) divide the records of its whole (`whole`: the family that
 * asks the whole), so when a count is shown for the whole and for every piece but one, the last is the whole's minus
 * the others' (the reader subtracts their own figures from each). Per figure hidden in exactly one piece and shown for
 * the whole, one more figure of the group (or the whole) must be hidden. `hiddenIn`: per figure (figureAt), the pieces
 * that hide it; `shown`: every figure shown; `sums`: `report|measure` of the counts (the only figures that are sums of
 * the records' values; the others are left out, so the result is an underestimate). Answers the count per family.
 */
export function complements(
  hiddenIn: ReadonlyMap<string, ReadonlySet<string>>,
  shown: ReadonlySet<string>,
  sums: ReadonlySet<string>,
  whole: Readonly<Record<string, string>>,
): Map<string, number> {
  const lost = new Map<string, number>();
  for (const [at, pieces] of hiddenIn) {
    const [family, years, report, measure] = at.split('|') as [string, string, string, string];
    const total = whole[family];
    if (total === undefined || pieces.size !== 1 || !sums.has(`${report}|${measure}`)) continue;
    if (shown.has(figureAt(total, years, report, measure))) lost.set(family, (lost.get(family) ?? 0) + 1);
  }
  return lost;
}
