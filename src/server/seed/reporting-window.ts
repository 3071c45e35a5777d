import { Random, hashSeed } from './random.ts';
import { LAST_YEAR, SEED } from './seed-constants.ts';

/** The large data set spans this many fiscal years at most, the latest being LAST_YEAR: twenty years of returns. */
export const LARGE_DATASET_YEARS = 20;
export const FIRST_LARGE_YEAR = LAST_YEAR - LARGE_DATASET_YEARS + 1;

/** Share of active programs that began within the twenty years (the rest reported before them). */
const LATE_START = 0.08;
/** Share of deactivated programs that had also begun within the twenty years. */
const INACTIVE_LATE_START = 0.3;
/** Chance in a thousand that a program sends nothing for a year, and then that it skips one term of a year it reports. */
const YEAR_GAP_PER_MILLE = 8;
const TERM_GAP_PER_MILLE = 8;

/** When a program of the large data set reports, drawn from its institution's short name and its own name. */
export interface ReportingWindow {
  /** First fiscal year (by starting calendar year) with returns; -Infinity when it reported before the data set. */
  startYear: number;
  /** Last fiscal year with returns; Infinity while it is active. */
  endYear: number;
  /** Decides the years and terms it skipped. */
  gapSeed: number;
}

function textCodes(text: string): number[] {
  return Array.from(text.toLowerCase(), (c) => c.codePointAt(0) ?? 0);
}

/**
 * The same names always give the same window, whether the program was seeded a moment ago or found in the database,
 * so the number of records a program adds can be counted before it is inserted (and has an id).
 */
export function reportingWindow(institutionShortName: string, programName: string, active: boolean): ReportingWindow {
  const rng = new Random(hashSeed(SEED, 12, ...textCodes(institutionShortName), -1, ...textCodes(programName)));
  let startYear = -Infinity;
  let endYear = Infinity;
  if (!active) {
    // A deactivated program stopped at least two years ago: no return of it is due in the current year.
    endYear = rng.int(FIRST_LARGE_YEAR + 1, LAST_YEAR - 2);
    if (rng.chance(INACTIVE_LATE_START)) startYear = rng.int(FIRST_LARGE_YEAR + 1, endYear);
  } else if (rng.chance(LATE_START)) {
    startYear = rng.int(FIRST_LARGE_YEAR + 1, LAST_YEAR - 1);
  }
  return { startYear, endYear, gapSeed: rng.int(0, 0x7fffffff) };
}

/** The terms (bit i for TERMS[i]) the program reports in the fiscal year starting in `year`; 0 for none. */
export function reportedTerms(window: ReportingWindow, year: number): number {
  if (year < window.startYear || year > window.endYear) return 0;
  if (hashSeed(window.gapSeed, year) % 1000 < YEAR_GAP_PER_MILLE) return 0;
  let terms = 0;
  for (let i = 0; i < 3; i++) if (hashSeed(window.gapSeed, year, i + 1) % 1000 >= TERM_GAP_PER_MILLE) terms |= 1 << i;
  return terms;
}

/** How many terms a mask from reportedTerms holds. */
export function termCount(terms: number): number {
  return (terms & 1) + ((terms >> 1) & 1) + ((terms >> 2) & 1);
}
