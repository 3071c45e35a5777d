import { sql } from 'drizzle-orm';
import type { ReportColumn, ReportRow } from '../../../shared/schemas/report.ts';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * The CEWIL Canada return (PRODUCT.md §6; the layout is written down in docs/cewil-export.md): for one fiscal year,
 * one row per institution × program × term of the submitted records, with the work terms by duration and by
 * location (B.C.'s eight regions summed as British Columbia) and the students placed.
 */
export const CEWIL_COLUMNS: ReportColumn[] = [
  { key: 'fiscal_year', label: 'Fiscal year', kind: 'text' },
  { key: 'institution', label: 'Institution', kind: 'text' },
  { key: 'program', label: 'Program', kind: 'text' },
  { key: 'cip_code', label: 'CIP code', kind: 'text' },
  { key: 'credential', label: 'Credential', kind: 'text' },
  { key: 'wil_type', label: 'WIL type', kind: 'text' },
  { key: 'coop_model', label: 'Co-op model', kind: 'text' },
  { key: 'term', label: 'Term', kind: 'text' },
  { key: 'wt_4_month', label: 'Work terms: 4 months', kind: 'count' },
  { key: 'wt_8_month', label: 'Work terms: 8 months', kind: 'count' },
  { key: 'wt_12_month_plus', label: 'Work terms: 12 months or more', kind: 'count' },
  { key: 'wt_british_columbia', label: 'Work terms: British Columbia', kind: 'count' },
  { key: 'wt_other_canada', label: 'Work terms: other Canada', kind: 'count' },
  { key: 'wt_international', label: 'Work terms: international', kind: 'count' },
  { key: 'students_placed', label: 'Students placed', kind: 'count' },
];

const BC_REGIONS = sql`r.wt_vancouver_island_coast + r.wt_mainland_southwest + r.wt_thompson_okanagan + r.wt_kootenay
  + r.wt_cariboo + r.wt_north_coast + r.wt_nechako + r.wt_northeast`;

/** The rows of the return, by institution name, program name and term in calendar order. */
export async function cewilRows(db: Db, fiscalYear: string): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    db,
    sql`SELECT r.fiscal_year, i.name AS institution, p.name AS program, p.cip_code, p.credential, p.wil_type,
               p.coop_model, r.term, r.wt_4_month, r.wt_8_month, r.wt_12_month_plus, (${BC_REGIONS}) AS wt_british_columbia,
               r.wt_other_canada, r.wt_international, r.students_placed
        FROM records r JOIN institutions i ON i.id = r.institution_id JOIN programs p ON p.id = r.program_id
        WHERE r.fiscal_year = ${fiscalYear} AND r.status = 'submitted'
        ORDER BY lower(i.name), lower(p.name), (CASE r.term WHEN 'Summer' THEN 1 WHEN 'Fall' THEN 2 ELSE 3 END)`,
  );
}
