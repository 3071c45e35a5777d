import { sql, type SQL } from 'drizzle-orm';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inList } from '../records/record-sql.ts';
import { readRecordsWhere } from '../records/record-store.ts';

/** What an import's rows point at, read in a few queries: institutions, programs, and the records they would change. */

export interface InstitutionRow {
  id: number;
  short_name: string;
  name: string;
  active_ind: boolean;
}
export interface ProgramRow {
  id: number;
  institution_id: number;
  name: string;
  active_ind: boolean;
}

export async function loadInstitutions(db: Db): Promise<InstitutionRow[]> {
  return queryRows<InstitutionRow>(db, sql`SELECT id, short_name, name, active_ind FROM institutions`);
}

/** The programs of some institutions, and some programs by id. */
export async function loadPrograms(db: Db, institutionIds: number[], programIds: number[]): Promise<ProgramRow[]> {
  const clauses: SQL[] = [];
  if (institutionIds.length > 0) clauses.push(inList(sql`institution_id`, institutionIds));
  if (programIds.length > 0) clauses.push(inList(sql`id`, programIds));
  if (clauses.length === 0) return [];
  return queryRows<ProgramRow>(
    db,
    sql`SELECT id, institution_id, name, active_ind FROM programs WHERE ${sql.join(clauses, sql` OR `)}`,
  );
}

/**
 * Stored records by id, or by program and fiscal year (matched to terms afterwards), as the record store reads them;
 * locked when committing, so the plan's records are the ones its writes start from.
 */
export async function loadRecords(
  db: Db,
  ids: number[],
  programIds: number[],
  fiscalYears: string[],
  lock: boolean,
): Promise<RecordWire[]> {
  const clauses: SQL[] = [];
  if (ids.length > 0) clauses.push(inList(sql`r.id`, ids));
  if (programIds.length > 0 && fiscalYears.length > 0) {
    clauses.push(sql`(${inList(sql`r.program_id`, programIds)} AND ${inList(sql`r.fiscal_year`, fiscalYears)})`);
  }
  if (clauses.length === 0) return [];
  return readRecordsWhere(db, sql.join(clauses, sql` OR `), { lock });
}

/** Users' names as the record history shows them (the preferred name, else the username). */
export async function loadUserNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, COALESCE(NULLIF(pref_name, ''), username) AS name FROM users WHERE ${inList(sql`id`, ids)}`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
