import { TERMS } from './constants.ts';
import { type MatrixStateFilter } from './reporting-cycle.ts';
import { onTimeRate, periodTimeliness, type OnTimeRate } from './return-timeliness.ts';
import type { Period, TermReturn } from './schemas/returns.ts';

/**
 * The completeness matrix (docs/reporting-cycle.md), built the same way for the screen and for its download, so the
 * file holds exactly what the screen shows: the periods of the chosen fiscal years across, the institutions down.
 */

/** One institution's line of the matrix: its returns by period id. */
export interface MatrixRow {
  institutionId: number;
  institutionName: string;
  cells: Map<number, TermReturn>;
  /** Its on-time rate over the periods shown (src/shared/return-timeliness.ts). */
  timeliness: OnTimeRate;
}

/**
 * One period's column: the period, how many of its shown returns are submitted or approved of how many, and how many
 * of those were first signed off on time.
 */
export interface MatrixColumn {
  period: Period;
  done: number;
  total: number;
  onTime: number;
}

export interface ReturnMatrix {
  columns: MatrixColumn[];
  rows: MatrixRow[];
  /** The on-time rate of every line shown, over the periods shown. */
  timeliness: OnTimeRate;
}

/** How the matrix narrows what the returns list holds: by institution name and by the states of the cells. */
export interface MatrixView {
  fiscalYears: readonly string[];
  name?: string;
  states?: readonly MatrixStateFilter[];
}

/** The fiscal years that have periods, newest first ("2025/26" sorts by its first year). */
export function periodFiscalYears(periods: readonly Period[]): string[] {
  return [...new Set(periods.map((p) => p.fiscal_year))].sort((a, b) => b.localeCompare(a));
}

/**
 * The fiscal years shown, oldest first: those asked for that have periods; when none of them has (a year without
 * periods would be a matrix without columns), the year of the period due next on `today` (opened, not yet past its
 * due date, due soonest: the term institutions are working on, which from January to May is the Spring of the year
 * before the newest), or
 * else the latest with periods.
 */
export function chosenFiscalYears(periods: readonly Period[], asked: readonly string[], today?: string): string[] {
  const years = periodFiscalYears(periods);
  const kept = years.filter((year) => asked.includes(year));
  if (kept.length > 0) return kept.sort((a, b) => a.localeCompare(b));
  const dueNext = today
    ? periods.filter((p) => p.opens_on <= today && today <= p.due_on).sort((a, b) => a.due_on.localeCompare(b.due_on))[0]
    : undefined;
  return dueNext ? [dueNext.fiscal_year] : years.slice(0, 1);
}

/** Whether a return is one the state filter asks for (no states: every return). */
export function matchesStates(ret: TermReturn, states: readonly MatrixStateFilter[] = []): boolean {
  return states.length === 0 || states.some((state) => (state === 'overdue' ? ret.overdue : ret.state === state));
}

/**
 * The completeness matrix of some fiscal years: their periods across by fiscal year, then in term order (Summer,
 * Fall, Spring); the institutions down by name, keeping those whose name contains `name` (any letter case) and, when
 * states are asked for, those with at least one return in one of them. A kept institution keeps all its returns (the
 * screen dims those that do not match), and the totals count every return of the kept institutions, so "19 of 25
 * submitted, 17 on time" is about the lines shown; each line's on-time rate is over its returns of the years shown.
 */
export function buildReturnMatrix(periods: readonly Period[], returns: readonly TermReturn[], view: MatrixView): ReturnMatrix {
  const needle = (view.name ?? '').trim().toLocaleLowerCase();
  const periodIds = new Set(periods.filter((p) => view.fiscalYears.includes(p.fiscal_year)).map((p) => p.id));
  const byInstitution = new Map<number, MatrixRow>();
  for (const r of returns) {
    if (!periodIds.has(r.period_id) || !r.institution_name.toLocaleLowerCase().includes(needle)) continue;
    const row = byInstitution.get(r.institution_id) ?? {
      institutionId: r.institution_id,
      institutionName: r.institution_name,
      cells: new Map<number, TermReturn>(),
      timeliness: { onTime: 0, judged: 0 },
    };
    row.cells.set(r.period_id, r);
    byInstitution.set(r.institution_id, row);
  }
  const rows = [...byInstitution.values()]
    .filter((row) => [...row.cells.values()].some((r) => matchesStates(r, view.states)))
    .sort((a, b) => a.institutionName.localeCompare(b.institutionName))
    .map((row) => ({ ...row, timeliness: onTimeRate(row.cells.values()) }));
  const columns = periods
    .filter((p) => periodIds.has(p.id))
    .sort((a, b) => a.fiscal_year.localeCompare(b.fiscal_year) || TERMS.indexOf(a.term) - TERMS.indexOf(b.term))
    .map((period) => {
      const ofPeriod = rows.flatMap((row) => row.cells.get(period.id) ?? []);
      return { period, ...periodTimeliness(ofPeriod) };
    });
  return { columns, rows, timeliness: onTimeRate(rows.flatMap((row) => [...row.cells.values()])) };
}
