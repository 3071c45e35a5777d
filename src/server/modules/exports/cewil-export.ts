import { sql, type SQL } from 'drizzle-orm';
import { REGIONS } from '../../../shared/constants.ts';
import { LOCATION_FIELDS, RECORD_FIELD_LABELS, type CountField } from '../../../shared/record-rules.ts';
import type { ReportColumn, ReportRow } from '../../../shared/schemas/report.ts';
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

/**
 * The CEWIL Canada return (docs/product.md §8; the layout is written down in docs/cewil-export.md): for one fiscal year,
 * one row per institution × program × term of the submitted records, with the work terms by duration and by
 * location (B.C.'s eight regions summed as British Columbia) and the students placed. Labels are the shared ones
 * except where CEWIL's layout words a column its own way.
 */

interface CewilColumn extends ReportColumn {
  value: SQL;
}

const nameColumn = (key: NameColumn): CewilColumn => ({ key, kind: 'text', ...NAME_COLUMNS[key] });
const countColumn = (field: CountField, label: string): CewilColumn => ({
  key: field,
  label,
  kind: 'count',
  value: recordColumn(field),
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
  { key: 'wt_british_columbia', label: 'Work terms: British Columbia', kind: 'count', value: sumOfColumns(BC_REGION_FIELDS) },
  countColumn('wt_other_canada', 'Work terms: other Canada'),
  countColumn('wt_international', 'Work terms: international'),
  countColumn('students_placed', RECORD_FIELD_LABELS.students_placed),
];

export const CEWIL_COLUMNS: ReportColumn[] = COLUMNS.map(({ key, label, kind }) => ({ key, label, kind }));

/** The rows of the return, by institution name, program name and term in calendar order. */
export async function cewilRows(db: Db, fiscalYear: string): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    db,
    sql`SELECT ${sql.join(
      COLUMNS.map((c) => sql`${c.value} AS ${sql.identifier(c.key)}`),
      sql`, `,
    )}
        ${RECORDS_WITH_NAMES}
        WHERE r.fiscal_year = ${fiscalYear} AND r.status = 'submitted'
        ORDER BY lower(i.name), lower(p.name), ${TERM_ORDER}`,
  );
}
