import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { port } from '../../port.ts';
import type { ReleasePeriodKey } from '../../../shared/schemas/releases.ts';

/**
 * What follows a release once it is made (decision 043): the province figures of its periods are computed ahead for
 * the readers who will ask, so that their first question after it costs what a later one does. The reports module
 * knows what a question needs (reports/reports.repo.ts); releases sit below it and never import it, so app.ts
 * provides it through this port (decision 039). Called after the release is committed; it answers when all is kept,
 * and never fails: the release stands whatever comes of it, and a failure is logged on `log` (questions then compute
 * what is missing).
 */
export type ReleaseMade = (db: Db, periods: readonly ReleasePeriodKey[], log: FastifyBaseLogger) => Promise<void>;

export const releaseMade = port<ReleaseMade>('the province figures computed ahead after a release');
