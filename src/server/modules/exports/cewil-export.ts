import { sql, type SQL } from 'drizzle-orm';
import { REGIONS } from '../../../shared/constants.ts';
import { LOCATION_FIELDS, RECORD_FIELD_LABELS, type CountField } from '../../../shared/record-rules.ts';
import { REPORT_FLAG_COLUMN_LABEL } from '../../../shared/reports.ts';
import type { ReportRow } from '../../../shared/schemas/report.ts';
import type { TableColumn } from '../../files/table-files.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  institutionColumn,
  NAME_COLUMNS,
  recordColumn,
  RECORDS_WITH_NAMES,
  sumOfColumns,
  TERM_ORDER,
  type NameColumn,
} from '../records/record-sql.ts';
import { APPROVED_ONLY, FLAG_AGGREGATE, RETURN_JOIN } from '../returns/return-flags.ts';

/**
 * The CEWIL Canada return (docs/product.md §8; the layout is written down in docs/cewil-export.md): for one fiscal year,
 * one row per institution × program × term of the submitted records, with the work terms by duration and by
 * location (B.C.'s eight regions summed as British Columbia), the students placed and the reports' Flag. Labels are
 * the shared ones except where CEWIL's layout words a column its own way.
 *
 * A row is a group (institution, program, term) of the year's records, read as the reports read theirs: its figures
 * summed and its Flag the reports' aggregate (p if any record is p, else r if any is r). A program has one record a
 * term (the records' unique key), so a group is one record today; grouping keeps the rule the reports' one whatever
 * a row comes to hold.
 */

interface CewilColumn extends TableColumn {
  value: SQL;
}

const nameColumn = (key: NameColumn): CewilColumn => ({ key, kind: 'text', ...NAME_COLUMNS[key] });
const countColumn = (field: CountField, label: string): CewilColumn => ({
  key: field,
  label,
  kind: 'count',
  value: sql`sum(${recordColumn(field)})::int`,
});

/** The eight regions: the location fields before the rest of Canada and abroad (LOCATION_FIELDS is in REGIONS order). */
const BC_REGION_FIELDS = LOCATION_FIELDS.slice(0, REGIONS.length);

const COLUMNS: CewilColumn[] = [
  { key: 'fiscal_year', label: RECORD_FIELD_LABELS.fiscal_year, kind: 'text', value: recordColumn('fiscal_year') },
  // The return names an institution in full.
  { key: 'institution', label: RECORD_FIELD_LABELS.institution_id, kind: 'text', value: institutionColumn('name') },
  nameColumn('program'),
  nameColumn('cip_code'),
  nameColumn('credential'),
  nameColumn('wil_type'),
  nameColumn('coop_model'),
  { key: 'term', label: RECORD_FIELD_LABELS.term, kind: 'text', value: recordColumn('term') },
  countColumn('wt_4_month', 'Work terms: 4 months'),
  countColumn('wt_8_month', 'Work terms: 8 months'),
  countColumn('wt_12_month_plus', 'Work terms: 12 months or more'),
  {
    key: 'wt_british_columbia',
    label: 'Work terms: British Columbia',
    kind: 'count',
    value: sql`sum(${sumOfColumns(BC_REGION_FIELDS)})::int`,
  },
  countColumn('wt_other_canada', 'Work terms: other Canada'),
  countColumn('wt_international', 'Work terms: international'),
  countColumn('students_placed', RECORD_FIELD_LABELS.students_placed),
  { key: 'flag', label: REPORT_FLAG_COLUMN_LABEL, kind: 'mark', value: FLAG_AGGREGATE },
];

/** What a row groups by: the text columns, each a value of the institution, program or record's term. */
const GROUP_BY = COLUMNS.filter((c) => c.kind === 'text').map((c) => c.value);

export const CEWIL_COLUMNS: TableColumn[] = COLUMNS.map(({ key, label, kind }) => ({ key, label, kind }));

/**
 * The rows of the return, by institution name, program name and term in calendar order; with `approvedOnly`, only
 * records of approved returns.
 */
export async function cewilRows(db: Db, fiscalYear: string, approvedOnly = false): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    db,
    sql`SELECT ${sql.join(
      COLUMNS.map((c) => sql`${c.value} AS ${sql.identifier(c.key)}`),
      sql`, `,
    )}
        ${RECORDS_WITH_NAMES} ${RETURN_JOIN}
        WHERE r.fiscal_year = ${fiscalYear} AND r.status = 'submitted'${approvedOnly ? sql` AND ${APPROVED_ONLY}` : sql``}
        GROUP BY r.program_id, ${sql.join(GROUP_BY, sql`, `)}
        ORDER BY lower(i.name), lower(p.name), ${TERM_ORDER}`,
  );
}
