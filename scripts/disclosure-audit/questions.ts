/**
 * What the audit asks: every report over a bounded but broad set of questions about the chosen periods. The report
 * parameters that change the province row are the periods (fiscal years, terms), disciplines, credentials, WIL types
 * and `approvedOnly` (src/shared/schemas/report.ts); `institutionIds` only narrows the reader's own rows, never the
 * province, so it is not varied.
 */
import { CREDENTIALS, DISCIPLINES, WIL_TYPES, type TERMS } from '../../src/shared/constants.ts';

export type Term = (typeof TERMS)[number];

export interface Period {
  fiscalYear: string;
  term: Term;
}

export const periodKey = (p: Period) => `${p.fiscalYear} ${p.term}`;

/** The periods the audit covers: consecutive fiscal years, each with the same terms. */
export interface PeriodSet {
  fiscalYears: string[];
  terms: Term[];
}

export const periodsOf = (set: PeriodSet): Period[] =>
  set.fiscalYears.flatMap((fiscalYear) => set.terms.map((term) => ({ fiscalYear, term })));

export interface Question {
  /** The fiscal years (a consecutive run) and terms it selects. */
  fiscalYears: string[];
  terms: Term[];
  disciplines?: string[];
  credentials?: string[];
  wilTypes?: string[];
  approvedOnly: boolean;
}

/** Non-empty subsets of `items`, smallest first, in the items' order. */
function subsets<T>(items: T[]): T[][] {
  const all: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) all.push(items.filter((_, n) => mask & (1 << n)));
  return all.sort((a, b) => a.length - b.length);
}

const pairs = <T>(items: readonly T[]): T[][] => items.flatMap((a, n) => items.slice(n + 1).map((b) => [a, b]));

/** The filters asked over every period selection: none; each discipline, credential, WIL type alone and in pairs; discipline × credential. */
export function filterSets(
  offered: { disciplines: Set<string>; credentials: Set<string>; wilTypes: Set<string> },
  /** false: single values only (a quicker, weaker audit). */
  combinations = true,
) {
  // Values nobody but the reader offers select no unknown: their answers tell nothing, so they are not asked.
  const d = DISCIPLINES.filter((x) => offered.disciplines.has(x));
  const c = CREDENTIALS.filter((x) => offered.credentials.has(x));
  const w = WIL_TYPES.filter((x) => offered.wilTypes.has(x));
  const singles = [
    {},
    ...d.map((x) => ({ disciplines: [x] })),
    ...c.map((x) => ({ credentials: [x] })),
    ...w.map((x) => ({ wilTypes: [x] })),
  ];
  if (!combinations) return singles;
  return [
    ...singles,
    ...pairs(d).map((disciplines) => ({ disciplines })),
    ...pairs(c).map((credentials) => ({ credentials })),
    ...pairs(w).map((wilTypes) => ({ wilTypes })),
    ...d.flatMap((x) => c.map((y) => ({ disciplines: [x], credentials: [y] }))),
  ];
}

/**
 * Period selections: every consecutive run of the fiscal years, each with each term alone and all terms together;
 * with `allSubsets`, every non-empty subset of the terms (pairs too: about twice the questions).
 */
export function periodSelections(set: PeriodSet, allSubsets = false): { fiscalYears: string[]; terms: Term[] }[] {
  const runs: string[][] = [];
  for (let a = 0; a < set.fiscalYears.length; a++)
    for (let b = a; b < set.fiscalYears.length; b++) runs.push(set.fiscalYears.slice(a, b + 1));
  const termSets = allSubsets ? subsets(set.terms) : [...set.terms.map((t) => [t]), ...(set.terms.length > 1 ? [set.terms] : [])];
  return runs.flatMap((fiscalYears) => termSets.map((terms) => ({ fiscalYears, terms })));
}

export function questions(set: PeriodSet, filters: ReturnType<typeof filterSets>, termSubsets = false): Question[] {
  return periodSelections(set, termSubsets).flatMap((periods) =>
    filters.flatMap((filter) => [false, true].map((approvedOnly) => ({ ...periods, ...filter, approvedOnly }))),
  );
}

/** The report URL of a question. */
export function questionUrl(type: string, q: Question): string {
  const search = new URLSearchParams();
  search.set('fiscalYearFrom', q.fiscalYears[0]!);
  search.set('fiscalYearTo', q.fiscalYears.at(-1)!);
  search.set('terms', q.terms.join(','));
  if (q.disciplines) search.set('disciplines', q.disciplines.join(','));
  if (q.credentials) search.set('credentials', q.credentials.join(','));
  if (q.wilTypes) search.set('wilTypes', q.wilTypes.join(','));
  if (q.approvedOnly) search.set('approvedOnly', 'true');
  return `/api/reports/${type}?${search}`;
}

/** Whether a question selects a program kind in a period. */
export function selects(q: Question, period: Period, kind: { discipline: string; credential: string; wilType: string }): boolean {
  return (
    q.fiscalYears.includes(period.fiscalYear) &&
    q.terms.includes(period.term) &&
    (!q.disciplines || q.disciplines.includes(kind.discipline)) &&
    (!q.credentials || q.credentials.includes(kind.credential)) &&
    (!q.wilTypes || q.wilTypes.includes(kind.wilType))
  );
}

/** A question in words, for the evidence of a figure at risk. */
export function describeQuestion(q: Question): string {
  const parts = [
    `${q.fiscalYears.length === 1 ? q.fiscalYears[0] : `${q.fiscalYears[0]}..${q.fiscalYears.at(-1)}`} ${q.terms.join('+')}`,
    ...(q.disciplines ? [q.disciplines.join(' + ')] : []),
    ...(q.credentials ? [q.credentials.join(' + ')] : []),
    ...(q.wilTypes ? [q.wilTypes.join(' + ')] : []),
    ...(q.approvedOnly ? ['approved only'] : []),
  ];
  return parts.join(' · ');
}
