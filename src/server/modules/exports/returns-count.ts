import { sql, type SQL } from 'drizzle-orm';
import type { ReturnsCount } from '../../../shared/export-notes.ts';
import type { ExportCriteria } from '../../../shared/schemas/export.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inList } from '../records/record-sql.ts';
import { preliminary } from '../returns/return-flags.ts';

/**
 * The returns of the periods an export covers, and how many are not approved (the count line under its table). A
 * return is one institution's fiscal year × term, so of the criteria only the fiscal years, the terms and the
 * institutions (named, or owning the named programs) choose returns. "Not approved" is the reports' own `p`
 * (return-flags.ts), never a second rule.
 */
export async function returnsOfPeriods(
  db: Db,
  criteria: Pick<ExportCriteria, 'fiscalYearFrom' | 'fiscalYearTo' | 'terms' | 'institutionIds' | 'programIds'>,
): Promise<ReturnsCount> {
  const clauses: SQL[] = [sql`true`];
  if (criteria.fiscalYearFrom) clauses.push(sql`rp.fiscal_year >= ${criteria.fiscalYearFrom}`);
  if (criteria.fiscalYearTo) clauses.push(sql`rp.fiscal_year <= ${criteria.fiscalYearTo}`);
  if (criteria.terms?.length) clauses.push(inList(sql`rp.term`, criteria.terms));
  if (criteria.institutionIds?.length) clauses.push(inList(sql`tr.institution_id`, criteria.institutionIds));
  if (criteria.programIds?.length) {
    clauses.push(sql`tr.institution_id IN (SELECT institution_id FROM programs WHERE ${inList(sql`id`, criteria.programIds)})`);
  }
  const [count] = await queryRows<ReturnsCount>(
    db,
    sql`SELECT count(*)::int AS returns, (count(*) FILTER (WHERE ${preliminary()}))::int AS "notApproved"
        FROM term_returns tr JOIN reporting_periods rp ON rp.id = tr.period_id
        WHERE ${sql.join(clauses, sql` AND `)}`,
  );
  return count!;
}
