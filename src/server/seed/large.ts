import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { Database, Db } from '../db/client.ts';
import { findUserId, insertBase, loadProgramRows, lockAndCheckSeeded } from './base.ts';
import { RecordBatch } from './record-batch.ts';
import { formatFiscalYear, generateProgramYear, programModel, reportsIn } from './record-generator.ts';
import type { ProgramModel } from './record-generator.ts';
import { LAST_YEAR } from './seed-constants.ts';

/** Rows per INSERT: large enough to amortise the round trip, small enough to keep each statement's memory modest. */
const BATCH_SIZE = 25_000;

interface YearPlan {
  /** Fiscal years to generate, oldest first. */
  years: number[];
  /** Records of the oldest year to leave out so the total is exact. */
  skip: number;
}

/** Goes back a fiscal year at a time from the latest until the programs reporting in them give `records` rows. */
function planYears(models: readonly ProgramModel[], records: number): YearPlan {
  const years: number[] = [];
  let total = 0;
  for (let year = LAST_YEAR; total < records; year--) {
    if (year < 0) {
      throw new Error(
        `${records.toLocaleString('en-CA')} records do not fit: fiscal years 0000/01 to ${formatFiscalYear(LAST_YEAR)} ` +
          `hold ${total.toLocaleString('en-CA')} for these ${models.length} programs.`,
      );
    }
    const count = models.filter((m) => reportsIn(m, year)).length * 3;
    if (count === 0) continue;
    years.unshift(year);
    total += count;
  }
  return { years, skip: total - records };
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
  models: readonly ProgramModel[],
  plan: YearPlan,
  createdBy: number | null,
  total: number,
  log: (msg: string) => void,
): Promise<void> {
  const batch = new RecordBatch();
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

  let toSkip = plan.skip;
  let sinceYield = 0;
  for (const year of plan.years) {
    for (const model of models) {
      if (!reportsIn(model, year)) continue;
      for (const record of generateProgramYear(model, year)) {
        if (toSkip > 0) {
          toSkip--;
          continue;
        }
        batch.push(record);
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
}

/**
 * Replaces all records with exactly `records` generated ones (the base data is seeded first if missing),
 * for load and performance trials. Audit entries about records go too.
 */
export async function seedLargeDataset(
  database: Database,
  records: number,
  log: (msg: string) => void = () => {},
): Promise<void> {
  if (!Number.isSafeInteger(records) || records <= 0)
    throw new Error(`The number of records must be a positive integer, got ${records}`);
  const { db } = database;

  const seededBase = await db.transaction(async (tx) => {
    if (await lockAndCheckSeeded(tx)) return false;
    await insertBase(tx);
    return true;
  });
  log(seededBase ? 'Seeded institutions, programs and users.' : 'Institutions already present: keeping them and their programs.');

  const models = (await loadProgramRows(db)).map(programModel);
  if (models.length === 0) throw new Error('There are no programs to generate records for.');
  const adminId = await findUserId(db, 'appadmin');
  const plan = planYears(models, records);
  log(
    `Generating ${records.toLocaleString('en-CA')} records for ${models.length} programs, ` +
      `fiscal years ${formatFiscalYear(plan.years[0] as number)} to ${formatFiscalYear(LAST_YEAR)}.`,
  );

  await db.transaction(async (tx) => {
    // Nothing references records, so TRUNCATE is safe and far faster than DELETE; ids restart at 1 for repeatable runs.
    await tx.execute(sql`TRUNCATE records RESTART IDENTITY`);
    await tx.execute(sql`DELETE FROM audit_log WHERE entity_type = 'record'`);
    const restore = await dropRecordsConstraints(tx);

    await insertRecords(tx, models, plan, adminId, records, log);

    const rebuilding = performance.now();
    if (database.kind === 'postgres') await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const statement of restore) await tx.execute(sql.raw(statement));
    log(`Rebuilt the indexes and foreign keys of records in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s.`);
  });

  // Fresh statistics so the first reports get good plans on a table that just changed completely.
  await db.execute(sql`ANALYZE records`);
}
