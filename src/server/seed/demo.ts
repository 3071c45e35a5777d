import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { insertBase, loadProgramRows, lockAndCheckSeeded } from './base.ts';
import { DEMO_RETURN_STORY, seedDemoReturns } from './demo-returns.ts';
import { RecordBatch } from './record-batch.ts';
import { generateProgramYear, programModel, reportsIn } from './record-generator.ts';
import type { GeneratedRecord } from './record-generator.ts';
import { FIRST_DEMO_YEAR, LAST_YEAR } from './seed-constants.ts';
import { BC_TIME_ZONE } from '../../shared/term-calendar.ts';
import { runScheduledReleases } from '../modules/releases/releases.repo.ts';

/**
 * The latest term as the demo's story has it (DEMO_RETURN_STORY): the institution that has not started sends nothing
 * yet, only the one in progress still has drafts, and everyone else has submitted.
 */
function asTheStoryHasIt(institution: string, year: number, records: GeneratedRecord[]): GeneratedRecord[] {
  if (year !== LAST_YEAR) return records;
  const latest = (r: GeneratedRecord) => r.term === 'Spring';
  if (institution === DEMO_RETURN_STORY.notStarted) return records.filter((r) => !latest(r));
  if (institution === DEMO_RETURN_STORY.inProgress) return records;
  return records.map((r) => (latest(r) ? { ...r, status: 'submitted' } : r));
}

/**
 * Each program entered the list of valid programs on 1 June (B.C.) of the first fiscal year it reports in, the demo's
 * first year for those that reported before it: after the returns of the term before were due, in time for the
 * Summer term's. So a program is expected in exactly the terms it reports (docs/reporting-cycle.md, "active in a
 * period"), and in the latest term whatever the date.
 */
async function datePrograms(tx: Db): Promise<void> {
  await tx.execute(
    sql`UPDATE programs p SET created_at = d.at, updated_at = d.at
        FROM (SELECT p2.id, (make_date(coalesce(left(min(r.fiscal_year), 4)::int, ${FIRST_DEMO_YEAR}), 6, 1) + time '12:00')
                              AT TIME ZONE ${BC_TIME_ZONE} AS at
              FROM programs p2 LEFT JOIN records r ON r.program_id = p2.id GROUP BY p2.id) d
        WHERE d.id = p.id`,
  );
}

/**
 * Seeds the demo data (institutions, programs, users, banner, ten fiscal years of records and their reporting periods
 * and term returns) once; false when data exists.
 */
export async function seedDemo(database: Database): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    if (await lockAndCheckSeeded(tx)) return false;
    const adminId = await insertBase(tx);
    const models = (await loadProgramRows(tx)).map((row) => ({
      model: programModel(row),
      institution: row.institutionShortName,
    }));
    const batch = new RecordBatch();
    for (let year = FIRST_DEMO_YEAR; year <= LAST_YEAR; year++) {
      for (const { model, institution } of models) {
        if (!reportsIn(model, year)) continue;
        for (const record of asTheStoryHasIt(institution, year, generateProgramYear(model, year))) batch.push(record);
      }
    }
    // About 7,300 rows: one statement is well within both drivers' limits.
    await tx.execute(batch.insertSql(adminId));
    await datePrograms(tx);
    await seedDemoReturns(tx, FIRST_DEMO_YEAR, LAST_YEAR, adminId);
    // The province figures as the schedule would have released them: every approved period (decision 024).
    await runScheduledReleases(tx);
    return true;
  });
}
