import { sql } from 'drizzle-orm';
import type { Term } from '../../shared/constants.ts';
import { queryRows, type Db } from '../db/client.ts';
import { createRelease } from '../modules/releases/releases.repo.ts';

/** Releases every period that holds records, as they stand (decision 024); answers the release's number. */
export async function releaseEverything(db: Db, note = 'Released by the test'): Promise<number> {
  const periods = await queryRows<{ fiscal_year: string; term: Term }>(
    db,
    sql`SELECT fiscal_year, term FROM data_periods ORDER BY fiscal_year, term`,
  );
  const outcome = await createRelease(db, { periods, note }, null);
  if (!outcome.ok) throw new Error(`The test's release was refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.value.number;
}
