import type { FastifyBaseLogger } from 'fastify';
import { bcToday, defaultPeriodDates, periodsThatShouldExist, type PeriodKey } from '../../../shared/term-calendar.ts';
import type { Db } from '../../db/client.ts';
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

/** How often a running server looks for a term to open: within the hour of B.C. midnight, and cheap when none is due. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface PeriodOpener {
  /** The run at start, finished (its failure is logged, not thrown: the server serves without it). */
  started: Promise<void>;
  stop(): void;
}

/** Opens due periods now and then every hour, until stopped; the timer never keeps the process alive. */
export function startPeriodOpener(db: Db, log: FastifyBaseLogger, now: () => Date = () => new Date()): PeriodOpener {
  let running: Promise<void> | null = null;
  const run = () => {
    // One run at a time in this process; other servers' runs are made safe by createPeriod.
    running ??= openDuePeriods(db, now())
      .then((created) => {
        if (created.length > 0) log.info({ periods: created }, `opened ${created.length} reporting period(s)`);
      })
      .catch((err: unknown) => log.error({ err }, 'could not open the due reporting periods'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), CHECK_EVERY_MS).unref();
  return { started: run(), stop: () => clearInterval(timer) };
}
