import { sql, type SQL } from 'drizzle-orm';
import { COUNT_FIELDS, MONEY_FIELDS } from '../../../shared/record-rules.ts';
import type {
  Release,
  ReleaseCandidate,
  ReleasePeriodKey,
  ReleaseSchedule,
  ReleaseScheduleUpdate,
  UpcomingRelease,
} from '../../../shared/schemas/releases.ts';
import { changedSinceRelease, releasedAsFinal } from '../../../shared/release-candidates.ts';
import { bcToday, periodOrdinal } from '../../../shared/term-calendar.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { periodRows } from '../../db/data-versions.ts';
import { conflict, refuse, refused, outcomeOf, type Outcome } from '../../refusals.ts';
import { writeAudit } from '../audit/audit.repo.ts';

/**
 * Releases (decision 024, docs/disclosure-control.md): the one write path that freezes the province figures of some
 * periods, for an app admin or the schedule. A release copies the submitted records of its periods, with their
 * programs' groupings as they stand, in one REPEATABLE READ transaction, so a release is one instant of the data. The
 * numbers follow each other without gaps: releases are made one at a time (a lock on the table).
 */

const FIGURES = sql.raw([...COUNT_FIELDS, ...MONEY_FIELDS].join(', '));
const ISO = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every release, newest first, with its periods. */
export async function listReleases(db: Db): Promise<Release[]> {
  return queryRows<Release>(
    db,
    sql`SELECT rl.id AS number, ${ISO(sql`rl.released_at`)} AS released_at,
          coalesce(nullif(u.pref_name, ''), u.username) AS released_by, rl.note,
          (SELECT json_agg(json_build_object('fiscal_year', rp.fiscal_year, 'term', rp.term, 'final', rp.final,
              'records', rp.records, 'institutions', rp.institutions)
            ORDER BY rp.fiscal_year, array_position(ARRAY['Summer', 'Fall', 'Spring'], rp.term))
           FROM release_periods rp WHERE rp.release_id = rl.id) AS periods
        FROM releases rl LEFT JOIN users u ON u.id = rl.released_by
        ORDER BY rl.id DESC`,
  );
}

/** Periods that exist: a reporting period, or records of one. */
async function unknownPeriods(db: Db, periods: readonly ReleasePeriodKey[]): Promise<number[]> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT n::int FROM (VALUES ${sql.join(
      periods.map((p, n) => sql`(${n}::int, ${p.fiscal_year}::text, ${p.term}::text)`),
      sql`, `,
    )}) want (n, fy, term)
        WHERE NOT EXISTS (SELECT 1 FROM reporting_periods pe WHERE pe.fiscal_year = want.fy AND pe.term = want.term)
          AND NOT EXISTS (SELECT 1 FROM data_periods dp WHERE dp.fiscal_year = want.fy AND dp.term = want.term)
        ORDER BY n`,
  );
  return rows.map((r) => r.n);
}

/**
 * Makes a release of `periods` with `note` by `userId` (null: the schedule), at `at` (the demo's seed dates its
 * releases; otherwise now). Each period is final when it has returns and every one is approved.
 */
export function createRelease(
  db: Db,
  input: { periods: readonly ReleasePeriodKey[]; note: string },
  userId: number | null,
  at?: Date,
): Promise<Outcome<Release>> {
  return outcomeOf(() =>
    db.transaction(
      async (tx) => {
        // The lock first: the transaction's snapshot is taken by its first query, and one taken before waiting here
        // would not see the release made meanwhile (two at once took the same number, and one answered 500).
        await tx.execute(sql`LOCK TABLE releases IN EXCLUSIVE MODE`);
        const unknown = await unknownPeriods(tx, input.periods);
        if (unknown.length > 0) {
          const p = input.periods[unknown[0]!]!;
          throw refuse(`periods.${unknown[0]}`, `${p.term} ${p.fiscal_year} is not a reporting period and holds no records`);
        }
        const [{ id }] = (await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO releases (id, released_by, note, released_at)
              SELECT coalesce(max(id), 0) + 1, ${userId}::int, ${input.note}, ${at ? at.toISOString() : sql`now()`}::timestamptz
              FROM releases RETURNING id`,
        )) as [{ id: number }];
        const want = sql`(VALUES ${periodRows(input.periods.map((p) => ({ fy: p.fiscal_year, term: p.term })))})`;
        await tx.execute(
          sql`INSERT INTO release_records (release_id, institution_id, program_id, fiscal_year, term, ${FIGURES})
              SELECT ${id}, institution_id, program_id, fiscal_year, term, ${FIGURES} FROM records
              WHERE status = 'submitted' AND (fiscal_year, term) IN (SELECT * FROM ${want} AS w (fy, term))`,
        );
        await tx.execute(
          sql`INSERT INTO release_programs (release_id, id, discipline, credential, wil_type)
              SELECT ${id}, p.id, p.discipline, p.credential, p.wil_type FROM programs p
              WHERE p.id IN (SELECT program_id FROM release_records WHERE release_id = ${id})`,
        );
        await tx.execute(
          sql`INSERT INTO release_periods (release_id, fiscal_year, term, final, records, institutions)
              SELECT ${id}, w.fy, w.term,
                EXISTS (SELECT 1 FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id
                        WHERE pe.fiscal_year = w.fy AND pe.term = w.term)
                AND NOT EXISTS (SELECT 1 FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id
                        WHERE pe.fiscal_year = w.fy AND pe.term = w.term AND tr.state <> 'approved'),
                (SELECT count(*)::int FROM release_records rr
                 WHERE rr.release_id = ${id} AND rr.fiscal_year = w.fy AND rr.term = w.term),
                (SELECT count(DISTINCT rr.institution_id)::int FROM release_records rr
                 WHERE rr.release_id = ${id} AND rr.fiscal_year = w.fy AND rr.term = w.term)
              FROM ${want} AS w (fy, term)`,
        );
        const release = (await listReleases(tx)).find((r) => r.number === id)!;
        await writeAudit(tx, { entityType: 'release', entityId: id, action: 'create', changedBy: userId, after: release });
        return release;
      },
      { isolationLevel: 'repeatable read' },
    ),
  );
}

/** Every period as a release would take it now, newest first, beside its latest release and what changed since. */
export async function releaseCandidates(db: Db): Promise<ReleaseCandidate[]> {
  return queryRows<ReleaseCandidate>(
    db,
    sql`WITH periods AS (SELECT fiscal_year, term FROM reporting_periods UNION SELECT fiscal_year, term FROM data_periods),
        latest AS (SELECT DISTINCT ON (rp.fiscal_year, rp.term) rp.fiscal_year, rp.term, rp.release_id, rp.final, rl.released_at
                   FROM release_periods rp JOIN releases rl ON rl.id = rp.release_id
                   ORDER BY rp.fiscal_year, rp.term, rp.release_id DESC)
        SELECT pe.fiscal_year, pe.term, to_char(rp.due_on, 'YYYY-MM-DD') AS due_on,
          (SELECT count(*)::int FROM term_returns tr WHERE tr.period_id = rp.id AND tr.state = 'approved') AS returns_approved,
          (SELECT count(*)::int FROM term_returns tr WHERE tr.period_id = rp.id) AS returns,
          (SELECT count(*)::int FROM records r WHERE r.fiscal_year = pe.fiscal_year AND r.term = pe.term AND r.status = 'submitted') AS records,
          (SELECT count(DISTINCT r.institution_id)::int FROM records r
           WHERE r.fiscal_year = pe.fiscal_year AND r.term = pe.term AND r.status = 'submitted') AS institutions,
          CASE WHEN l.release_id IS NULL THEN NULL ELSE json_build_object('number', l.release_id, 'final', l.final,
            'released_at', ${ISO(sql`l.released_at`)}) END AS latest,
          (SELECT json_build_object(
              'added', count(*) FILTER (WHERE o.program_id IS NULL)::int,
              'changed', count(*) FILTER (WHERE n.program_id IS NOT NULL AND o.program_id IS NOT NULL
                AND (n.institution_id, ${rowOf('n')}) IS DISTINCT FROM (o.institution_id, ${rowOf('o')}))::int,
              'removed', count(*) FILTER (WHERE n.program_id IS NULL)::int,
              'institutions', count(DISTINCT coalesce(n.institution_id, o.institution_id)) FILTER (WHERE n.program_id IS NULL
                OR o.program_id IS NULL OR (${rowOf('n')}) IS DISTINCT FROM (${rowOf('o')}))::int)
           FROM (SELECT * FROM records r WHERE r.fiscal_year = pe.fiscal_year AND r.term = pe.term AND r.status = 'submitted') n
           FULL JOIN (SELECT * FROM release_records rr WHERE rr.release_id = l.release_id
                        AND rr.fiscal_year = pe.fiscal_year AND rr.term = pe.term) o ON o.program_id = n.program_id
          ) AS changes
        FROM periods pe
        LEFT JOIN reporting_periods rp ON rp.fiscal_year = pe.fiscal_year AND rp.term = pe.term
        LEFT JOIN latest l ON l.fiscal_year = pe.fiscal_year AND l.term = pe.term
        ORDER BY pe.fiscal_year DESC, array_position(ARRAY['Summer', 'Fall', 'Spring'], pe.term) DESC`,
  );
}

/** A record's figures as one row value, for comparing a record with its released copy. */
const rowOf = (alias: string): SQL => sql.raw([...COUNT_FIELDS, ...MONEY_FIELDS].map((c) => `${alias}.${c}`).join(', '));

/** Until an app admin sets one: a provisional release two weeks after a due date, the final one once all is approved. */
const DEFAULT_SCHEDULE: ReleaseSchedule = {
  provisional_days_after_due: 14,
  final_when_approved: true,
  version: 0,
  updated_at: null,
  updated_by: null,
};

export async function readSchedule(db: Db): Promise<ReleaseSchedule> {
  const [row] = await queryRows<ReleaseSchedule>(
    db,
    sql`SELECT s.provisional_days_after_due, s.final_when_approved, s.version,
          CASE WHEN s.version > 0 THEN ${ISO(sql`s.updated_at`)} END AS updated_at,
          coalesce(nullif(u.pref_name, ''), u.username) AS updated_by
        FROM release_schedule s LEFT JOIN users u ON u.id = s.updated_by WHERE s.id = 1`,
  );
  return row ?? DEFAULT_SCHEDULE;
}

/**
 * Sets the schedule, unless it changed since `change.version` was read: then nothing is written and the answer is a
 * conflict carrying the schedule as it is now. The row is made with the defaults (version 0) if it is not there, and
 * the version is compared in the UPDATE itself, so of two app admins saving from the same version at once, the second
 * waits for the first and is refused.
 */
export async function updateSchedule(db: Db, change: ReleaseScheduleUpdate, userId: number): Promise<Outcome<ReleaseSchedule>> {
  return db.transaction(async (tx) => {
    const d = DEFAULT_SCHEDULE;
    await tx.execute(
      sql`INSERT INTO release_schedule (id, provisional_days_after_due, final_when_approved, version)
          VALUES (1, ${d.provisional_days_after_due}, ${d.final_when_approved}, 0) ON CONFLICT (id) DO NOTHING`,
    );
    const before = await readSchedule(tx);
    const written = await queryRows<{ version: number }>(
      tx,
      sql`UPDATE release_schedule SET provisional_days_after_due = ${change.provisional_days_after_due},
            final_when_approved = ${change.final_when_approved}, version = version + 1, updated_at = now(),
            updated_by = ${userId}
          WHERE id = 1 AND version = ${change.version} RETURNING version`,
    );
    if (written.length === 0) {
      const current = await readSchedule(tx);
      return refused(
        conflict(
          `The release schedule was changed${current.updated_by ? ` by ${current.updated_by}` : ''} since you read it, so nothing was saved. It is shown as it is now: change it again if you still mean to.`,
          'schedule_version',
          { current },
        ),
      );
    }
    const after = await readSchedule(tx);
    await writeAudit(tx, {
      entityType: 'release',
      entityId: null,
      action: 'schedule',
      changedBy: userId,
      before: { provisional_days_after_due: before.provisional_days_after_due, final_when_approved: before.final_when_approved },
      after: { provisional_days_after_due: after.provisional_days_after_due, final_when_approved: after.final_when_approved },
    });
    return { ok: true, value: after };
  });
}

/**
 * What the schedule releases of one period on `today` (a B.C. day), if anything: a provisional release of a period
 * whose due date is at least the schedule's days behind and which was never released; a final release of a period
 * whose returns are all approved, unless its latest release is final and nothing changed since.
 */
function dueOf(c: ReleaseCandidate, schedule: ReleaseSchedule, today: string): UpcomingRelease | null {
  if (schedule.final_when_approved && releasedAsFinal(c) && (!c.latest?.final || changedSinceRelease(c)))
    return { fiscal_year: c.fiscal_year, term: c.term, final: true, on: today };
  if (schedule.provisional_days_after_due !== null && !c.latest && c.due_on && c.records > 0) {
    const on = addDays(c.due_on, schedule.provisional_days_after_due);
    if (on <= today) return { fiscal_year: c.fiscal_year, term: c.term, final: false, on };
  }
  return null;
}

/** What the schedule releases on `today` (a B.C. day): each period's release due (dueOf). */
export async function dueReleases(db: Db, today: string): Promise<UpcomingRelease[]> {
  const schedule = await readSchedule(db);
  return (await releaseCandidates(db)).flatMap((c) => dueOf(c, schedule, today) ?? []);
}

/**
 * Releases the calendar will make: those due now (`on` today: the schedule looks every hour, so they are made within
 * it), provisional ones on their day (or, past it with nothing submitted, with the first figures: `on` null), final
 * ones once their returns are all approved, again after a reopened return is approved (`on` null). In the order they
 * come: oldest period first, a period's provisional release before its final one.
 */
export async function upcomingReleases(db: Db, today: string): Promise<UpcomingRelease[]> {
  const schedule = await readSchedule(db);
  const upcoming: UpcomingRelease[] = [];
  const candidates = (await releaseCandidates(db)).sort((a, b) => periodOrdinal(a) - periodOrdinal(b));
  for (const c of candidates) {
    if (c.returns === 0) continue;
    const due = dueOf(c, schedule, today);
    if (due) upcoming.push({ ...due, on: today });
    else if (schedule.provisional_days_after_due !== null && !c.latest && c.due_on) {
      const on = addDays(c.due_on, schedule.provisional_days_after_due);
      if (on > today) upcoming.push({ fiscal_year: c.fiscal_year, term: c.term, final: false, on });
      // Its day has passed with no figures to release (dueOf waits for them): it comes with the first ones.
      else if (c.records === 0) upcoming.push({ fiscal_year: c.fiscal_year, term: c.term, final: false, on: null });
    }
    if (schedule.final_when_approved && c.returns_approved < c.returns)
      upcoming.push({ fiscal_year: c.fiscal_year, term: c.term, final: true, on: null });
  }
  return upcoming;
}

const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Scheduled releases take turns across app servers, so two servers never make the same release twice. */
const SCHEDULE_LOCK = 727_204;

/** Makes the release the schedule calls for on `now` (B.C.'s day), if any; answers it. */
export function runScheduledReleases(db: Db, now: Date = new Date()): Promise<Release | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCHEDULE_LOCK})`);
    const today = bcToday(now);
    const due = await dueReleases(tx, today);
    if (due.length === 0) return null;
    const finals = due.filter((d) => d.final).length;
    const provisional = due.length - finals;
    const parts = [
      ...(finals > 0 ? [`${finals} period${finals === 1 ? '' : 's'} with every return approved (final)`] : []),
      ...(provisional > 0 ? [`${provisional} period${provisional === 1 ? '' : 's'} past the due date (provisional)`] : []),
    ];
    const outcome = await createRelease(tx, { periods: due, note: `Scheduled release: ${parts.join('; ')}.` }, null, now);
    return outcome.ok ? outcome.value : null;
  });
}
