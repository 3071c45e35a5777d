import { sql, type SQL } from 'drizzle-orm';
import { BC_PAST_ZONE, bcWallClock, LAST_CLOCK_CHANGE, PERMANENT_OFFSET_MINUTES } from '../../shared/bc-time.ts';

/**
 * B.C. time in SQL, as `shared/bc-time.ts` works it out (decision 045): the database's own time-zone data is read
 * for instants before B.C.'s last clock change only, since PostgreSQL 15 (the system's 2025 data) and PGlite (newer)
 * disagreed after it, and "today" turned an hour apart on the two.
 */

const LAST_CHANGE = sql.raw(`timestamptz '${LAST_CLOCK_CHANGE}'`);
/** The wall clock at the last change, just after it: 3 a.m. PDT on 8 March 2026. */
const LAST_CHANGE_LOCAL = sql.raw(
  `timestamp '${bcWallClock(Date.parse(LAST_CLOCK_CHANGE)).toISOString().slice(0, 19).replace('T', ' ')}'`,
);
const PERMANENT = sql.raw(`interval '${PERMANENT_OFFSET_MINUTES} minutes'`);
const PAST = sql.raw(`'${BC_PAST_ZONE}'`);

/** A `timestamptz` as B.C.'s wall clock (a `timestamp`). */
export const bcLocal = (instant: SQL): SQL =>
  sql`(CASE WHEN ${instant} >= ${LAST_CHANGE} THEN ${instant} AT TIME ZONE ${PERMANENT} ELSE ${instant} AT TIME ZONE ${PAST} END)`;

/** The B.C. day of a `timestamptz` (a `date`). */
export const bcDay = (instant: SQL): SQL => sql`(${bcLocal(instant)})::date`;

/** Today in B.C., as SQL: the days of the reporting cycle are B.C. days (overdue from the day after the due date). */
export const BC_TODAY = bcDay(sql`now()`);

/** A B.C. wall-clock `timestamp` as the instant it names (a `timestamptz`). */
export const bcInstant = (local: SQL): SQL =>
  sql`(CASE WHEN ${local} >= ${LAST_CHANGE_LOCAL} THEN ${local} AT TIME ZONE ${PERMANENT} ELSE ${local} AT TIME ZONE ${PAST} END)`;
