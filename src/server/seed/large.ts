import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { TERMS } from '../../shared/constants.ts';
import { queryRows } from '../db/client.ts';
import type { Database, Db } from '../db/client.ts';
import { institutions, programs } from '../db/schema.ts';
import { findUserId, insertBase, loadProgramRows, lockAndCheckSeeded } from './base.ts';
import { planLargeDataset } from './large-plan.ts';
import { nationalInstitution, NATIONAL_INSTITUTIONS } from './national-institutions.ts';
import type { InstitutionRow, SuppliedProgram } from './program-supply.ts';
import { Random, hashSeed } from './random.ts';
import { RecordBatch } from './record-batch.ts';
import { formatFiscalYear, generateProgramYear, programModel } from './record-generator.ts';
import type { GeneratedRecord, ProgramModel } from './record-generator.ts';
import { seedReportingCycle } from './reporting-cycle.ts';
import { FIRST_LARGE_YEAR, LARGE_DATASET_YEARS, reportedTerms, reportingWindow, termCount } from './reporting-window.ts';
import type { ReportingWindow } from './reporting-window.ts';
import { LAST_YEAR, SEED } from './seed-constants.ts';

/** Rows per INSERT: large enough to amortise the round trip, small enough to keep each statement's memory modest. */
const BATCH_SIZE = 25_000;
/** Programs per INSERT (ten parameters each: well under the 65,535 a statement may carry). */
const PROGRAM_BATCH = 2_000;
/** Beyond this the plan (and its ~370,000 programs) would be held in memory for little use. */
export const MAX_LARGE_RECORDS = 20_000_000;

/** A program with its generation model and the years and terms it reports. */
interface PlannedModel {
  model: ProgramModel;
  window: ReportingWindow;
}

/**
 * Drops the records table's foreign keys and secondary indexes and returns the statements that bring them back.
 * PostgreSQL's advice for bulk loads: one validating join and one sorted index build each are much cheaper than
 * a foreign-key trigger and four index insertions per row. Read from the catalogue, so it follows the migrations.
 */
async function dropRecordsConstraints(tx: Db): Promise<string[]> {
  const foreignKeys = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
        FROM pg_constraint WHERE conrelid = 'records'::regclass AND contype = 'f' ORDER BY conname`,
  );
  // Indexes behind a constraint (the primary key) stay: ids arrive in order, so keeping it costs little.
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
        FROM pg_index i
        WHERE i.indrelid = 'records'::regclass
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        ORDER BY 1`,
  );
  for (const fk of foreignKeys) await tx.execute(sql.raw(`ALTER TABLE records DROP CONSTRAINT ${fk.name}`));
  for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
  return [
    ...indexes.map((index) => index.definition),
    ...foreignKeys.map((fk) => `ALTER TABLE records ADD CONSTRAINT ${fk.name} ${fk.definition}`),
  ];
}

/**
 * Generates the planned records and inserts them a batch per statement. The next batch is built while the
 * server stores the last one (the generator yields to the event loop now and then so the driver can send it):
 * on two cores that overlaps the JavaScript and the PostgreSQL work.
 */
async function insertRecords(
  tx: Db,
  planned: readonly PlannedModel[],
  years: readonly number[],
  thinning: { domain: number; excess: number },
  createdBy: number | null,
  total: number,
  log: (msg: string) => void,
): Promise<void> {
  const batch = new RecordBatch();
  let pushed = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let inserted = 0;
  let nextReport = total / 10;
  const send = async () => {
    const query = batch.insertSql(createdBy);
    const size = batch.length;
    batch.clear();
    await inFlight; // one statement at a time on the transaction's connection
    inFlight = tx.execute(query).then(() => {
      inserted += size;
      if (inserted >= nextReport || inserted === total) {
        log(`  ${inserted.toLocaleString('en-CA')} records inserted`);
        while (nextReport <= inserted) nextReport += total / 10;
      }
    });
    // It is awaited before the next send or at the end; until then a failure must not count as unhandled.
    inFlight.catch(() => {});
  };

  // The records beyond the count are left out evenly (selection sampling, deterministic) from the first `domain`
  // generated: the oldest year's, or every record when the oldest year holds fewer than the excess.
  let domain = thinning.domain;
  let toKeep = thinning.domain - thinning.excess;
  const rng = new Random(hashSeed(SEED, 14, total));
  let sinceYield = 0;
  for (const year of years) {
    for (const { model, window } of planned) {
      const terms = reportedTerms(window, year);
      if (terms === 0) continue;
      const generated = generateProgramYear(model, year, year === LAST_YEAR ? 'Spring' : null);
      for (let i = 0; i < generated.length; i++) {
        if ((terms & (1 << i)) === 0) continue;
        if (domain > 0) {
          const keep = rng.next() * domain < toKeep;
          domain--;
          if (!keep) continue;
          toKeep--;
        }
        batch.push(generated[i] as GeneratedRecord);
        pushed++;
        if (batch.length >= BATCH_SIZE) await send();
      }
      if (++sinceYield >= 500) {
        sinceYield = 0;
        await yieldToEventLoop();
      }
    }
  }
  if (batch.length > 0) await send();
  await inFlight;
  if (pushed !== total) throw new Error(`Generated ${pushed} records where ${total} were planned.`);
}

/**
 * The reporting cycle goes with the records it describes: the periods of the last twenty fiscal years (sixty, the
 * completeness matrix's load) and a return for every active institution, as the new records stand (older records, of
 * counts that need more years, have no period and count as preliminary). Periods, returns and their history from
 * before are dropped with the records they described; the large data set is for load trials, not for keeping.
 */
async function replaceReportingCycle(tx: Db, adminId: number | null): Promise<void> {
  await tx.execute(sql`TRUNCATE return_events, term_returns, reporting_periods RESTART IDENTITY`);
  await tx.execute(sql`DELETE FROM audit_log WHERE entity_type IN ('period', 'return')`);
  const periods = [];
  for (let year = FIRST_LARGE_YEAR; year <= LAST_YEAR; year++) {
    for (const term of TERMS) periods.push({ fiscal_year: formatFiscalYear(year), term });
  }
  // Every period but the latest (LAST_YEAR's Spring, where some records are still drafts) is approved.
  const approvedThrough = { fiscal_year: formatFiscalYear(LAST_YEAR), term: 'Fall' } as const;
  await seedReportingCycle(tx, { periods, approvedThrough, signedOffBy: null }, adminId);
}

/** Every institution, as the program supply needs it. */
function loadInstitutions(db: Db): Promise<InstitutionRow[]> {
  return queryRows<InstitutionRow>(
    db,
    sql`SELECT id, short_name AS "shortName", institution_type AS "institutionType", active_ind AS "activeInd"
        FROM institutions ORDER BY id`,
  );
}

async function insertPrograms(tx: Db, supplied: readonly SuppliedProgram[]): Promise<void> {
  for (let start = 0; start < supplied.length; start += PROGRAM_BATCH) {
    await tx
      .insert(programs)
      .values(supplied.slice(start, start + PROGRAM_BATCH).map(({ institutionShortName: _, ...program }) => program));
  }
}

/**
 * Inside one transaction holding the seed lock: the base data when missing, the generated institutions outside
 * B.C. when missing, and the programs the plan adds. Answers the plan and what was added, for the log.
 */
async function prepareCatalogue(database: Database, records: number) {
  return database.db.transaction(async (tx) => {
    const seededBase = !(await lockAndCheckSeeded(tx));
    if (seededBase) await insertBase(tx);
    const addedInstitutions = await tx
      .insert(institutions)
      .values(NATIONAL_INSTITUTIONS.map(({ province: _p, programWeight: _w, ...institution }) => institution))
      .onConflictDoNothing()
      .returning({ id: institutions.id });
    const plan = planLargeDataset(records, await loadInstitutions(tx), await loadProgramRows(tx));
    await insertPrograms(tx, plan.programs);
    return { plan, seededBase, addedInstitutions: addedInstitutions.length };
  });
}

/**
 * Replaces all records with exactly `records` generated ones, for load and performance trials, shaped like a national
 * data set: the base data (25 B.C. institutions, their programs, the users) is seeded first if missing, then 65
 * invented institutions from the other provinces, then as many programs as twenty fiscal years of returns need
 * (about 18,000 for a million), some begun late, some deactivated, a few years and terms skipped. Small counts use
 * the programs already there and fewer years. Audit entries about records go too, and the reporting cycle is replaced
 * by sixty periods with their returns (replaceReportingCycle). Deterministic.
 */
export async function seedLargeDataset(
  database: Database,
  records: number,
  log: (msg: string) => void = () => {},
): Promise<void> {
  if (!Number.isSafeInteger(records) || records <= 0)
    throw new Error(`The number of records must be a positive integer, got ${records}`);
  if (records > MAX_LARGE_RECORDS)
    throw new Error(
      `At most ${MAX_LARGE_RECORDS.toLocaleString('en-CA')} records can be generated (asked for ${records.toLocaleString('en-CA')}): ` +
        'the programs they need are planned in memory.',
    );
  const { db } = database;

  const { plan, seededBase, addedInstitutions } = await prepareCatalogue(database, records);
  log(
    `${seededBase ? 'Seeded institutions, programs and users' : 'Kept the institutions, programs and users there'}; ` +
      `added ${addedInstitutions} institutions outside B.C. and ${plan.programs.length.toLocaleString('en-CA')} programs.`,
  );

  const planned = (await loadProgramRows(db)).map((row): PlannedModel => {
    const window = reportingWindow(row.institutionShortName, row.name, row.activeInd);
    const model = programModel(row, { outOfProvince: nationalInstitution(row.institutionShortName) !== undefined });
    // The window decides when the program reports, so the ramp of a late start matches the records generated.
    return { model: { ...model, startYear: window.startYear, endYear: window.endYear }, window };
  });
  if (planned.length === 0) throw new Error('There are no programs to generate records for.');
  const oldest = plan.years[0] as number;
  const oldestSlots = planned.reduce((sum, p) => sum + termCount(reportedTerms(p.window, oldest)), 0);
  const excess = plan.slots - records;
  const thinning = { domain: oldestSlots >= excess ? oldestSlots : plan.slots, excess };
  const institutionCount = new Set(planned.map((p) => p.model.institutionId)).size;
  const adminId = await findUserId(db, 'appadmin');
  log(
    `Generating ${records.toLocaleString('en-CA')} records for ${planned.length.toLocaleString('en-CA')} programs ` +
      `at ${institutionCount} institutions, fiscal years ${formatFiscalYear(oldest)} to ${formatFiscalYear(LAST_YEAR)}.`,
  );

  await db.transaction(async (tx) => {
    // Nothing references records, so TRUNCATE is safe and far faster than DELETE; ids restart at 1 for repeatable runs.
    await tx.execute(sql`TRUNCATE records RESTART IDENTITY`);
    await tx.execute(sql`DELETE FROM audit_log WHERE entity_type = 'record'`);
    const restore = await dropRecordsConstraints(tx);

    await insertRecords(tx, planned, plan.years, thinning, adminId, records, log);

    const rebuilding = performance.now();
    if (database.kind === 'postgres') await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const statement of restore) await tx.execute(sql.raw(statement));
    log(`Rebuilt the indexes and foreign keys of records in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s.`);

    const cycle = performance.now();
    await replaceReportingCycle(tx, adminId);
    log(
      `Seeded ${LARGE_DATASET_YEARS * TERMS.length} reporting periods and their term returns in ` +
        `${((performance.now() - cycle) / 1000).toFixed(1)} s.`,
    );
  });

  // Fresh statistics so the first reports get good plans on tables that just changed completely.
  await db.execute(sql`ANALYZE programs`);
  await db.execute(sql`ANALYZE records`);
  await db.execute(sql`ANALYZE term_returns`);
  await db.execute(sql`ANALYZE reporting_periods`);
}
