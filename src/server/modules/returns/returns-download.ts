import { returnsCountLine } from '../../../shared/export-notes.ts';
import { dueAgainShown } from '../../../shared/return-due.ts';
import { buildReturnMatrix, chosenFiscalYears, type ReturnMatrix } from '../../../shared/return-matrix.ts';
import type { ReportRow } from '../../../shared/schemas/report.ts';
import type { ReturnsDownloadQuery } from '../../../shared/schemas/returns.ts';
import { bcToday } from '../../../shared/term-calendar.ts';
import type { Db } from '../../db/client.ts';
import { tableCsv, tableXlsx, type TableColumn, type TableFile } from '../../files/table-files.ts';
import { listPeriods } from './periods.repo.ts';
import { listReturns, returnFilterOf } from './returns.repo.ts';

/**
 * The completeness matrix as a downloadable table (the shared writers of table-files.ts): one line per institution,
 * and for each period five columns: the state shown, programs reported and expected as numbers, an overdue mark and
 * the return's own due date where the screen says "Due again on …" (decision 032); then the totals line, submitted
 * and approved returns of the returns of the period shown; under it, how many of the returns shown are not approved
 * (the count line of the exports, shared/export-notes.ts). A state word rather than a colour, so the file reads the
 * same printed or opened in any program.
 */

export const STATE_WORDS: Record<string, string> = {
  'not started': 'Not started',
  'in progress': 'In progress',
  submitted: 'Submitted',
  approved: 'Approved',
  reopened: 'Reopened',
};

/** What a mark in an overdue column means, under the table. */
export const OVERDUE_NOTE = 'Overdue: past its due date (a B.C. day) and not signed off.';

export function matrixTable(matrix: ReturnMatrix): TableFile {
  const columns: TableColumn[] = [{ key: 'institution', label: 'Institution', kind: 'text' }];
  const totals: ReportRow = {};
  for (const { period, done, total } of matrix.columns) {
    const name = `${period.term} ${period.fiscal_year}`;
    const key = `p${period.id}`;
    columns.push(
      { key: `${key}_state`, label: `${name} state`, kind: 'text' },
      { key: `${key}_reported`, label: `${name} reported`, kind: 'count' },
      { key: `${key}_expected`, label: `${name} expected`, kind: 'count' },
      { key: `${key}_overdue`, label: `${name} overdue`, kind: 'mark' },
      { key: `${key}_due_again`, label: `${name} due again on`, kind: 'text' },
    );
    totals[`${key}_state`] = `${done} of ${total} submitted`;
  }
  const rows = matrix.rows.map((row) => {
    const line: ReportRow = { institution: row.institutionName };
    for (const { period } of matrix.columns) {
      const ret = row.cells.get(period.id);
      const key = `p${period.id}`;
      line[`${key}_state`] = ret ? STATE_WORDS[ret.state]! : 'No return';
      line[`${key}_reported`] = ret ? ret.reported : null;
      line[`${key}_expected`] = ret ? ret.expected : null;
      line[`${key}_overdue`] = ret?.overdue ? 'overdue' : null;
      line[`${key}_due_again`] = ret ? dueAgainShown(ret) : null;
    }
    return line;
  });
  const shown = matrix.rows.flatMap((row) => [...row.cells.values()]);
  const count = { returns: shown.length, notApproved: shown.filter((ret) => ret.state !== 'approved').length };
  return {
    columns,
    rows,
    summaryRows: [{ label: 'Totals', row: totals }],
    footnotes: [returnsCountLine(count), OVERDUE_NOTE],
  };
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The matrix the screen shows for these filters, as a file, of the institutions `readable` names: the chosen fiscal
 * years (the latest with periods when none is), built by the screen's own function (src/shared/return-matrix.ts).
 */
export async function matrixFile(
  db: Db,
  query: ReturnsDownloadQuery,
  readable: 'all' | number[],
): Promise<{ body: Buffer; name: string; contentType: string }> {
  const { fiscalYear, term, region, institutionType, open, institution, state, format } = query;
  const periods = await listPeriods(db);
  const fiscalYears = chosenFiscalYears(periods, fiscalYear ?? [], bcToday());
  const returns = await listReturns(db, { ...returnFilterOf(query, readable), fiscalYears });
  // A term or open filter narrows the returns; the columns are then the periods that still have one.
  const shownPeriods = term?.length || open ? periods.filter((p) => returns.some((ret) => ret.period_id === p.id)) : periods;
  const table = matrixTable(buildReturnMatrix(shownPeriods, returns, { fiscalYears, name: institution, states: state }));
  const lists: [string, readonly string[] | undefined][] = [
    ['region', region],
    ['institutionType', institutionType],
    ['term', term],
    ['state', state],
  ];
  const lines: [string, string][] = [
    ['fiscalYear', fiscalYears.join(', ')],
    ...lists.filter(([, value]) => value?.length).map(([name, value]): [string, string] => [name, value!.join(', ')]),
    ...(institution ? [['institution', institution] as [string, string]] : []),
  ];
  const body = format === 'csv' ? tableCsv(table) : await tableXlsx(table, { title: 'Term returns', lines });
  const years = fiscalYears.map((year) => year.replace('/', '-'));
  const name = `term-returns-${years[0] ?? 'none'}${years.length > 1 ? `-to-${years.at(-1)}` : ''}.${format}`;
  return { body, name, contentType: CONTENT_TYPES[format] };
}
