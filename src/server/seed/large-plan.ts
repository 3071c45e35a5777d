import { ProgramSupply } from './program-supply.ts';
import type { InstitutionRow, SuppliedProgram } from './program-supply.ts';
import { FIRST_LARGE_YEAR, LARGE_DATASET_YEARS, reportedTerms, reportingWindow, termCount } from './reporting-window.ts';
import { LAST_YEAR } from './seed-constants.ts';

/** A program already in the database, as far as planning needs it. */
export interface ExistingProgram {
  institutionId: number;
  institutionShortName: string;
  name: string;
  activeInd: boolean;
}

export interface LargePlan {
  /** Fiscal years to generate, oldest first: twenty, or fewer when the programs there fill fewer. */
  years: number[];
  /** Programs to add before generating. */
  programs: SuppliedProgram[];
  /** Records the programs (there and added) report in those years: at least the count asked for, never far above. */
  slots: number;
}

function slotsIn(window: ReturnType<typeof reportingWindow>, years: readonly number[]): number {
  let slots = 0;
  for (const year of years) slots += termCount(reportedTerms(window, year));
  return slots;
}

/**
 * How `records` records are laid out. Going back from the latest fiscal year, the programs already there fill as many
 * years as they need (so a small count stays a few recent years of the demo's programs); when twenty years of them
 * are not enough, new programs are added one at a time, each counted by the years and terms it reports, until they
 * are; added programs fill the twenty years, so the count is passed by less than one program's records.
 */
export function planLargeDataset(
  records: number,
  institutions: readonly InstitutionRow[],
  programs: readonly ExistingProgram[],
): LargePlan {
  const perYear = new Array<number>(LARGE_DATASET_YEARS).fill(0);
  for (const program of programs) {
    const window = reportingWindow(program.institutionShortName, program.name, program.activeInd);
    for (let year = FIRST_LARGE_YEAR; year <= LAST_YEAR; year++) {
      perYear[year - FIRST_LARGE_YEAR] = (perYear[year - FIRST_LARGE_YEAR] as number) + termCount(reportedTerms(window, year));
    }
  }

  const years: number[] = [];
  let slots = 0;
  for (let year = LAST_YEAR; year >= FIRST_LARGE_YEAR; year--) {
    years.unshift(year);
    slots += perYear[year - FIRST_LARGE_YEAR] as number;
    if (slots >= records) return { years, programs: [], slots };
  }

  const supply = new ProgramSupply(institutions, programs);
  const added: SuppliedProgram[] = [];
  while (slots < records) {
    const program = supply.next();
    slots += slotsIn(reportingWindow(program.institutionShortName, program.name, program.activeInd), years);
    added.push(program);
  }
  return { years, programs: added, slots };
}
