import type { FastifyBaseLogger } from 'fastify';
import { bcToday, defaultPeriodDates, periodsThatShouldExist, type PeriodKey } from '../../../shared/term-calendar.ts';
import type { Db } from '../../db/client.ts';
import { startHourlyJob, type HourlyJob } from '../../hourly-job.ts';
import { createPeriod, listPeriods } from './periods.repo.ts';

/**
 * Periods open themselves (docs/reporting-cycle.md): every fiscal year × term from the oldest period through the term
 * after today's (B.C.) exists, on the default dates, each with its term returns. Creation goes through createPeriod,
 * the app admins' own path, so its unique key and lock make concurrent runs (several app servers on one database) safe:
 * the loser of a race gets "duplicate", which here means "already done". Audited with no user: the system made it.
 */
export async function openDuePeriods(db: Db, now: Date = new Date()): Promise<PeriodKey[]> {
  const existing = await listPeriods(db);
  const have = new Set(existing.map((p) => `${p.fiscal_year} ${p.term}`));
  const oldest = existing[0] ? { fiscal_year: existing[0].fiscal_year, term: existing[0].term } : null;
  const created: PeriodKey[] = [];
  for (const key of periodsThatShouldExist(bcToday(now), oldest)) {
    if (have.has(`${key.fiscal_year} ${key.term}`)) continue;
    const result = await createPeriod(db, { ...key, ...defaultPeriodDates(key.fiscal_year, key.term) }, null);
    if (result.ok) created.push(key);
  }
  return created;
}

/** Opens due periods now and then every hour, until stopped (hourly-job.ts). */
export function startPeriodOpener(db: Db, log: FastifyBaseLogger, now: () => Date = () => new Date()): HourlyJob {
  return startHourlyJob(log, 'open the due reporting periods', async () => {
    const created = await openDuePeriods(db, now());
    return created.length > 0
      ? `opened ${created.length} reporting period(s): ${created.map((p) => `${p.term} ${p.fiscal_year}`).join(', ')}`
      : null;
  });
}
