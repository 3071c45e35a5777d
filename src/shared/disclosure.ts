import type { ReportRelease } from './schemas/releases.ts';
import { CREDENTIALS, WIL_TYPES } from './constants.ts';
import type { SuppressionReason } from './schemas/report.ts';
import { formatBcDate } from './bc-time.ts';
import { periodName } from './term-calendar.ts';
import { wordList } from './word-list.ts';

/**
 * The disclosure rule (docs/product.md §11.1, docs/disclosure-control.md): a part of a figure that comes from institutions the
 * viewer may not read is safe when at least `minInstitutions` of them contribute to it and none accounts for more than
 * `maxSharePercent` of it (`judgeContributions` says exactly what contributing means). Settings: DISCLOSURE_MIN_INSTITUTIONS and
 * DISCLOSURE_MAX_SHARE_PERCENT.
 */
export interface DisclosureRule {
  minInstitutions: number;
  maxSharePercent: number;
}

/** The defaults of docs/product.md §11.1 (settings DISCLOSURE_MIN_INSTITUTIONS and DISCLOSURE_MAX_SHARE_PERCENT). */
export const DEFAULT_DISCLOSURE_RULE: DisclosureRule = { minInstitutions: 3, maxSharePercent: 85 };

/**
 * The rule over one part's contributions, one per institution the viewer may not read: its sum over the part's records,
 * or null when none of its records carries the part. Null when safe or when there is nothing to protect. A part above
 * zero needs `minInstitutions` institutions with a figure above zero (two institutions' sum must not pass because a
 * third reported 0) and none above `maxSharePercent`; a part of exactly zero needs `minInstitutions` institutions with
 * records behind it. Every block of a release is judged by it (server/modules/disclosure/release-blocks.ts).
 */
export function judgeContributions(values: readonly (number | null)[], rule: DisclosureRule): SuppressionReason | null {
  const reported = values.filter((v): v is number => v !== null);
  if (reported.length === 0) return null;
  const sum = reported.reduce((a, b) => a + b, 0);
  if (sum === 0) return reported.length < rule.minInstitutions ? 'threshold' : null;
  if (reported.filter((v) => v !== 0).length < rule.minInstitutions) return 'threshold';
  return Math.max(...reported) * 100 > rule.maxSharePercent * sum ? 'dominance' : null;
}

/** How a suppressed figure is written in tables and files (Statistics Canada's mark). */
export const SUPPRESSED_MARK = 'x';
/** How a figure not yet released is written: not hidden by the rule, only not yet published (Statistics Canada's `..`). */
export const UNRELEASED_MARK = '..';

/** The mark of a province figure that is not shown. */
export const markOf = (reason: SuppressionReason): string => (reason === 'unreleased' ? UNRELEASED_MARK : SUPPRESSED_MARK);

/** A period as people name it: "Fall 2026/27". */
interface NamedPeriod {
  fiscal_year: string;
  term: string;
}

/** "Fall 2026/27", "Fall 2026/27 and Spring 2026/27", "A, B, C and 4 more": the periods a footnote names. */
function periodList(periods: readonly NamedPeriod[]): string {
  const names = periods.map(periodName);
  const shown = names.length > 4 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  return wordList(shown);
}

/**
 * Why a figure is hidden, in plain words, for the footnote under a report. `unreleased`: the periods of the question
 * never released (the report's `release.unreleased`), which the reason `unreleased` names.
 */
export function suppressionReasonText(
  reason: SuppressionReason,
  rule: DisclosureRule,
  unreleased: readonly NamedPeriod[] = [],
): string {
  switch (reason) {
    case 'threshold':
      return `fewer than ${rule.minInstitutions} of the institutions whose records you may not read contribute to it, so it would show one institution's own figures`;
    case 'dominance':
      return `one institution whose records you may not read accounts for more than ${rule.maxSharePercent}% of it, so it would show that institution's figure almost exactly`;
    case 'linked':
      return 'it would give away another hidden figure of the same work-term split by subtraction';
    case 'partial':
      return "it is only part of a group of programs whose figures are released together (programs with too few institutions behind a figure are grouped with others until the group passes the rules), and shown beside the group's figure it would give the rest away by subtraction";
    case 'unreleased':
      return unreleased.length === 0
        ? 'the province figures of a period it covers have not been released yet'
        : `the province figures of ${periodList(unreleased)} have not been released yet`;
  }
}

/** What to do to see more: wider filters pool more institutions. */
export const SUPPRESSION_ADVICE =
  'To see more of the province, widen the filters (more fiscal years, terms, disciplines, credentials or WIL types): a wider question pools more institutions. People who may read every institution see every figure.';
/** What to do when figures wait only for a release: widening the filters would not help, leaving the periods out does. */
export const UNRELEASED_ADVICE =
  'To see the province figures now, choose fiscal years and terms that leave out the periods not yet released; the release calendar says when they will be.';
/** What to do when a question on credentials or WIL types cuts the groups figures are released in: more years would not help. */
export const CUT_ADVICE =
  'Province figures are released in groups of programs within each discipline grouping, so a question on some credentials or WIL types often takes only part of a group, over any fiscal years and terms. To see them, choose every credential and WIL type. People who may read every institution see every figure.';

/**
 * Whether a question picks some credentials or WIL types but not all: it then cuts across the groups province figures
 * are released in (decision 020 groups programs within a discipline grouping), which widening its years never mends.
 */
export function cutsReleaseGroups(params: Readonly<Record<string, unknown>>): boolean {
  const some = (chosen: unknown, all: readonly string[]) =>
    Array.isArray(chosen) && chosen.length > 0 && all.some((value) => !chosen.includes(value));
  return some(params.credentials, CREDENTIALS) || some(params.wilTypes, WIL_TYPES);
}

/** What the footnotes know of the question beyond its hidden figures. */
export interface FootnoteQuestion {
  /** The question's periods never released (the report's `release.unreleased`), named in their line. */
  unreleased?: readonly NamedPeriod[];
  /** The question's parameters (the report's `params`), which say what to do to see more. */
  params?: Readonly<Record<string, unknown>>;
}

/** The footnote lines under a report whose province row has hidden figures: one per reason, then the advice. */
export function suppressionFootnotes(
  suppressed: Record<string, SuppressionReason>,
  labels: Record<string, string>,
  rule: DisclosureRule,
  { unreleased = [], params = {} }: FootnoteQuestion = {},
): string[] {
  const byReason = new Map<SuppressionReason, string[]>();
  for (const [key, reason] of Object.entries(suppressed))
    byReason.set(reason, [...(byReason.get(reason) ?? []), labels[key] ?? key]);
  if (byReason.size === 0) return [];
  const onlyUnreleased = [...byReason.keys()].every((reason) => reason === 'unreleased');
  return [
    ...[...byReason].map(
      ([reason, names]) =>
        `${markOf(reason)}: ${names.join(', ')} — not shown because ${suppressionReasonText(reason, rule, unreleased)}.`,
    ),
    onlyUnreleased ? UNRELEASED_ADVICE : byReason.has('partial') && cutsReleaseGroups(params) ? CUT_ADVICE : SUPPRESSION_ADVICE,
  ];
}

/**
 * The line under a report saying where the province figures of the others come from (decision 024): the latest release
 * used, with its B.C. date; null when the viewer reads every institution (their province row is live) or nothing was
 * released yet.
 */
export function releaseLine(release: ReportRelease | null): string | null {
  if (!release || release.releases.length === 0) return null;
  const latest = release.releases.at(-1)!;
  const day = formatBcDate(new Date(latest.released_at).getTime(), 'long');
  const numbers = release.releases.map((r) => r.number);
  const which = numbers.length === 1 ? `release ${latest.number}` : `releases ${numbers.join(', ')}`;
  const held =
    release.held_back.length > 0
      ? ' Some figures keep an earlier release’s value: a revision is held back until it can be shown without showing one institution’s change.'
      : '';
  return `Province figures as released on ${day} (${which}); your own institutions’ figures are live.${held}`;
}
