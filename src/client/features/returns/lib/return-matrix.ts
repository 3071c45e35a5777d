import { TERMS } from '../../../../shared/constants.ts';
import type { Period, TermReturn } from '../../../../shared/schemas/returns.ts';

/** One institution's line of the matrix: its returns by period id. */
export interface MatrixRow {
  institutionId: number;
  institutionName: string;
  cells: Map<number, TermReturn>;
}

/** One period's column: the period, and how many of its returns are submitted or approved of how many there are. */
export interface MatrixColumn {
  period: Period;
  done: number;
  total: number;
}

export interface ReturnMatrix {
  columns: MatrixColumn[];
  rows: MatrixRow[];
}

/** The fiscal years that have periods, newest first ("2025/26" sorts by its first year). */
export function periodFiscalYears(periods: readonly Period[]): string[] {
  return [...new Set(periods.map((p) => p.fiscal_year))].sort((a, b) => b.localeCompare(a));
}

/** The fiscal year shown: the one asked for when it has periods, otherwise the latest with periods. */
export function chosenFiscalYear(periods: readonly Period[], asked: string | null): string | undefined {
  const years = periodFiscalYears(periods);
  return asked && years.includes(asked) ? asked : years[0];
}

const SIGNED_OFF = new Set(['submitted', 'approved']);

/**
 * The completeness matrix of one fiscal year: its periods across in term order (Summer, Fall, Spring), the
 * institutions down by name, keeping those whose name contains `nameFilter` (any letter case). Totals count every
 * return of the period shown, so a name filter narrows the totals too.
 */
export function buildReturnMatrix(
  periods: readonly Period[],
  returns: readonly TermReturn[],
  fiscalYear: string,
  nameFilter = '',
): ReturnMatrix {
  const needle = nameFilter.trim().toLocaleLowerCase();
  const shown = returns.filter((r) => r.fiscal_year === fiscalYear && r.institution_name.toLocaleLowerCase().includes(needle));
  const byInstitution = new Map<number, MatrixRow>();
  for (const r of shown) {
    const row = byInstitution.get(r.institution_id) ?? {
      institutionId: r.institution_id,
      institutionName: r.institution_name,
      cells: new Map<number, TermReturn>(),
    };
    row.cells.set(r.period_id, r);
    byInstitution.set(r.institution_id, row);
  }
  const columns = periods
    .filter((p) => p.fiscal_year === fiscalYear)
    .sort((a, b) => TERMS.indexOf(a.term) - TERMS.indexOf(b.term))
    .map((period) => {
      const ofPeriod = shown.filter((r) => r.period_id === period.id);
      return { period, done: ofPeriod.filter((r) => SIGNED_OFF.has(r.state)).length, total: ofPeriod.length };
    });
  const rows = [...byInstitution.values()].sort((a, b) => a.institutionName.localeCompare(b.institutionName));
  return { columns, rows };
}
