import { sql, type SQL } from 'drizzle-orm';

/**
 * Preliminary and revised figures (docs/product.md §11.3): each record is judged by its institution's return for the record's
 * fiscal year × term. The join adds `tr` (null when there is no such return) to a scan of `records r`, so the marks
 * are extra aggregates of the same scan, never a query per row.
 */
export const RETURN_JOIN = sql`LEFT JOIN reporting_periods rp ON rp.fiscal_year = r.fiscal_year AND rp.term = r.term
  LEFT JOIN term_returns tr ON tr.period_id = rp.id AND tr.institution_id = r.institution_id`;

/** Only records of approved returns (`approvedOnly`); a record without a return is not approved. */
export const APPROVED_ONLY = sql`tr.state = 'approved'`;

/**
 * The mark of a group of records, as an aggregate: `p` when any rests on a return that is not approved (or none),
 * else `r` when any changed after its return's first approval, else null (null too over no records).
 */
export const FLAG_AGGREGATE = flagOf(sql`bool_or(${preliminary()})`, sql`bool_or(${revised()})`);

/** A record rests on a return that is not approved, or on none. */
export function preliminary(): SQL {
  return sql`tr.state IS DISTINCT FROM 'approved'`;
}

/** A record changed after its return's first approval. */
export function revised(): SQL {
  return sql`r.updated_at > tr.first_approved_at`;
}

/** The mark from whether any record is preliminary and whether any is revised (null, null over no records). */
export function flagOf(anyPreliminary: SQL, anyRevised: SQL): SQL {
  return sql`CASE WHEN ${anyPreliminary} THEN 'p' WHEN ${anyRevised} THEN 'r' END`;
}
