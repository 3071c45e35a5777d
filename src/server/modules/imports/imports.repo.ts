import { sql, type SQL } from 'drizzle-orm';
import type { RecordWire } from '../../../shared/schemas/record.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { anyOfIds, inList } from '../records/record-sql.ts';
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
  if (institutionIds.length > 0) clauses.push(anyOfIds(sql`institution_id`, institutionIds));
  if (programIds.length > 0) clauses.push(anyOfIds(sql`id`, programIds));
  if (clauses.length === 0) return [];
  return queryRows<ProgramRow>(
    db,
    sql`SELECT id, institution_id, name, active_ind FROM programs WHERE ${sql.join(clauses, sql` OR `)}`,
  );
}

/** How many records one query reads: thousands at once held the event loop for a tenth of a second mapping them. */
const RECORDS_PER_QUERY = 500;

/**
 * Stored records by id, or by program and fiscal year (matched to terms afterwards), as the record store reads them,
 * of the institutions the person may edit only (`'all'` for an app admin): any other record is, to an import, one
 * that does not exist. Locked when committing, so the plan's records are the ones its writes start from. Read in
 * slices, with the event loop free for other requests between them.
 */
export async function loadRecords(
  db: Db,
  ids: number[],
  programIds: number[],
  fiscalYears: string[],
  editable: readonly number[] | 'all',
  lock: boolean,
): Promise<RecordWire[]> {
  if (editable !== 'all' && editable.length === 0) return [];
  const within = editable === 'all' ? sql`TRUE` : anyOfIds(sql`r.institution_id`, editable);
  const read = async (where: SQL) => readRecordsWhere(db, sql`(${where}) AND ${within}`, { lock });
  const records: RecordWire[] = [];
  for (let at = 0; at < ids.length; at += RECORDS_PER_QUERY) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    records.push(...(await read(anyOfIds(sql`r.id`, ids.slice(at, at + RECORDS_PER_QUERY)))));
  }
  for (let at = 0; at < programIds.length && fiscalYears.length > 0; at += RECORDS_PER_QUERY) {
    const slice = programIds.slice(at, at + RECORDS_PER_QUERY);
    records.push(...(await read(sql`${anyOfIds(sql`r.program_id`, slice)} AND ${inList(sql`r.fiscal_year`, fiscalYears)}`)));
  }
  return records;
}

/** Users' names as the record history shows them (the preferred name, else the username). */
export async function loadUserNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, COALESCE(NULLIF(pref_name, ''), username) AS name FROM users WHERE ${anyOfIds(sql`id`, ids)}`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
