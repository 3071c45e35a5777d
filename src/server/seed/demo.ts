import type { Database } from '../db/client.ts';
import { insertBase, loadProgramRows, lockAndCheckSeeded } from './base.ts';
import { seedDemoReturns } from './demo-returns.ts';
import { RecordBatch } from './record-batch.ts';
import { generateProgramYear, programModel, reportsIn } from './record-generator.ts';
import { FIRST_DEMO_YEAR, LAST_YEAR } from './seed-constants.ts';

/**
 * Seeds the demo data (institutions, programs, users, banner, ten fiscal years of records and their reporting periods
 * and term returns) once; false when data exists.
 */
export async function seedDemo(database: Database): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    if (await lockAndCheckSeeded(tx)) return false;
    const adminId = await insertBase(tx);
    const models = (await loadProgramRows(tx)).map((row) => programModel(row));
    const batch = new RecordBatch();
    for (let year = FIRST_DEMO_YEAR; year <= LAST_YEAR; year++) {
      for (const model of models) {
        if (!reportsIn(model, year)) continue;
        for (const record of generateProgramYear(model, year)) batch.push(record);
      }
    }
    // About 7,300 rows: one statement is well within both drivers' limits.
    await tx.execute(batch.insertSql(adminId));
    await seedDemoReturns(tx, FIRST_DEMO_YEAR, LAST_YEAR, adminId);
    return true;
  });
}
