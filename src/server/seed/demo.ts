import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { insertBase, loadProgramRows, lockAndCheckSeeded } from './base.ts';
import { DEMO_RETURN_STORY, seedDemoReturns } from './demo-returns.ts';
import { demoTimeline, isAfter, samePeriod, type DemoTimeline } from './demo-story.ts';
import { RecordBatch } from './record-batch.ts';
import { formatFiscalYear, generateProgramYear, programModel, reportsIn } from './record-generator.ts';
import type { GeneratedRecord } from './record-generator.ts';
import { bcInstant } from '../db/bc-time-sql.ts';
import { runScheduledReleases } from '../modules/releases/releases.repo.ts';

/** An institution in progress has its records of the term as drafts still, whatever the dice said. */
const asDrafts = (records: GeneratedRecord[]): GeneratedRecord[] => records.map((r) => ({ ...r, status: 'draft' }));

/**
 * A program's records of one fiscal year as the demo's story has them (DEMO_RETURN_STORY): none after the term due
 * next; in it, none from the institution that has not started, drafts at those in progress; in the past-due term,
 * none from the overdue institution that has not started and drafts at the one in progress; everyone else submitted.
 * No record is dated after the day before the demo's today (a term still running is reported as it goes).
 */
function asTheStoryHasIt(timeline: DemoTimeline, institution: string, records: GeneratedRecord[]): GeneratedRecord[] {
  const { dueNext, pastDue } = DEMO_RETURN_STORY;
  const latest = Date.parse(`${timeline.today}T00:00:00Z`) - 86_400_000;
  const shaped: GeneratedRecord[] = [];
  for (const term of ['Summer', 'Fall', 'Spring'] as const) {
    let ofTerm = records.filter((r) => r.term === term);
    const key = { fiscal_year: ofTerm[0]?.fiscalYear ?? '', term };
    if (ofTerm.length === 0 || isAfter(key, timeline.dueNext)) continue;
    const isDueNext = samePeriod(timeline.dueNext, key);
    const isPastDue = samePeriod(timeline.pastDue, key);
    if ((isDueNext && institution === dueNext.notStarted) || (isPastDue && institution === pastDue.notStarted)) continue;
    const inProgress =
      (isDueNext && (dueNext.inProgress as readonly string[]).includes(institution)) ||
      (isPastDue && institution === pastDue.inProgress);
    ofTerm = inProgress ? asDrafts(ofTerm) : ofTerm.map((r) => ({ ...r, status: 'submitted' }));
    // Spread over the last ten days, by program, rather than all on one instant.
    shaped.push(
      ...ofTerm.map((r) =>
        Date.parse(r.createdAt) <= latest
          ? r
          : { ...r, createdAt: new Date(latest - (r.programId % 240) * 3_600_000).toISOString() },
      ),
    );
  }
  return shaped;
}

/**
 * Each program entered the list of valid programs on 1 June (B.C.) of the first fiscal year it reports in, the demo's
 * first year for those that reported before it: after the returns of the term before were due, in time for the
 * Summer term's. So a program is expected in exactly the terms it reports (docs/reporting-cycle.md, "active in a
 * period"), and in the latest term whatever the date.
 */
async function datePrograms(tx: Db, firstYear: number): Promise<void> {
  await tx.execute(
    sql`UPDATE programs p SET created_at = d.at, updated_at = d.at
        FROM (SELECT p2.id, ${bcInstant(sql`(make_date(coalesce(left(min(r.fiscal_year), 4)::int, ${firstYear}), 6, 1) + time '12:00')`)} AS at
              FROM programs p2 LEFT JOIN records r ON r.program_id = p2.id GROUP BY p2.id) d
        WHERE d.id = p.id`,
  );
}

/**
 * Seeds the demo data once, as of `now` (a B.C. day; the real clock unless a test or DEMO_TODAY pins it): the base
 * (institutions, programs, users, banner), then the story's steps in order — records, the programs' dates, the
 * reporting cycle and its reopened return (demo-returns.ts). False when data exists. The story is relative to the
 * day (demo-story.ts): ten fiscal years ending with the current one, and a term due next on any date.
 */
export async function seedDemo(database: Database, now: Date = new Date()): Promise<boolean> {
  const timeline = demoTimeline(now);
  return database.db.transaction(async (tx) => {
    if (await lockAndCheckSeeded(tx)) return false;
    const adminId = await insertBase(tx);
    await seedRecords(tx, timeline, adminId);
    await datePrograms(tx, timeline.firstYear);
    await seedDemoReturns(tx, timeline, adminId);
    // The province figures as the schedule would have released them by the seeded day (decision 024).
    await runScheduledReleases(tx, now);
    return true;
  });
}

/** The records of every demo year through the term due next (about 7,300 rows: one statement suits both drivers). */
async function seedRecords(tx: Db, timeline: DemoTimeline, adminId: number): Promise<void> {
  const models = (await loadProgramRows(tx)).map((row) => ({ model: programModel(row), institution: row.institutionShortName }));
  const batch = new RecordBatch();
  for (let year = timeline.firstYear; year <= timeline.lastYear; year++) {
    const checking = timeline.dueNext.fiscal_year === formatFiscalYear(year) ? timeline.dueNext.term : null;
    for (const { model, institution } of models) {
      if (!reportsIn(model, year)) continue;
      for (const record of asTheStoryHasIt(timeline, institution, generateProgramYear(model, year, checking))) batch.push(record);
    }
  }
  await tx.execute(batch.insertSql(adminId));
}
