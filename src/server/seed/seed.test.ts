import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import type { Database, Db } from '../db/client.ts';
import { InstitutionCreateSchema } from '../../shared/schemas/institution.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { listReturns } from '../modules/returns/returns.repo.ts';
import { isoTimestamp } from '../modules/records/record-sql.ts';
import { runReport } from '../modules/reports/reports.repo.ts';
import { DEFAULT_DISCLOSURE_RULE } from '../../shared/disclosure.ts';
import { COUNT_FIELDS, DEMOGRAPHIC_FIELDS, WORK_TERM_SPLITS } from '../../shared/record-rules.ts';
import { REPORT_FLAG_KEY } from '../../shared/schemas/report.ts';
import { seedDemo } from './demo.ts';
import { DEMO_RETURN_STORY } from './demo-returns.ts';
import { SIGNED_OFF_ON_BEHALF } from './reporting-cycle.ts';
import { seedLargeDataset } from './large.ts';
import { bcToday } from '../../shared/term-calendar.ts';
import { bcDayOf } from '../../shared/bc-time.ts';
import { defaultDueAgainOn } from '../../shared/return-due.ts';
import { demoTestNow } from '../test/demo-day.ts';

const column = (field: string) => `r.${field}`;

/** Each rule of docs/product.md §4.4 as the condition a violating row meets (r: records, p: its program); each count by its name. */
const RULES: Record<string, string> = {
  ...Object.fromEntries(
    COUNT_FIELDS.map((field) => [`${field} present and non-negative`, `${column(field)} IS NULL OR ${column(field)} < 0`]),
  ),
  'placed ≤ seeking ≤ enrolled': 'r.students_placed > r.students_seeking OR r.students_seeking > r.students_enrolled',
  ...Object.fromEntries(
    Object.entries(WORK_TERM_SPLITS).map(([name, split]) => [
      `${name}s sum to placed`,
      `${split.fields.map(column).join(' + ')} <> r.students_placed`,
    ]),
  ),
  'new employers ≤ employers ≤ placed': 'r.employers_new > r.employers_total OR r.employers_total > r.students_placed',
  'demographics ≤ placed': DEMOGRAPHIC_FIELDS.map((field) => `${column(field)} > r.students_placed`).join(' OR '),
  'wage present and plausible': 'r.avg_hourly_wage IS NULL OR r.avg_hourly_wage < 5 OR r.avg_hourly_wage > 80',
  'fees present, international above domestic':
    'r.coop_fee_domestic IS NULL OR r.coop_fee_domestic <= 0 OR r.coop_fee_international <= r.coop_fee_domestic',
  'program belongs to the institution': 'p.institution_id <> r.institution_id',
  'fiscal year well formed':
    "r.fiscal_year !~ '^[0-9]{4}/[0-9]{2}$' OR right(r.fiscal_year, 2)::int <> (left(r.fiscal_year, 4)::int + 1) % 100",
  'term and status in their lists': "r.term NOT IN ('Summer', 'Fall', 'Spring') OR r.status NOT IN ('draft', 'submitted')",
  // A record changed after it was loaded (the demo's revised record) was changed by someone, at a later time.
  'authored by appadmin':
    "r.created_by IS DISTINCT FROM (SELECT id FROM users WHERE username = 'appadmin') OR r.updated_at < r.created_at OR (r.updated_by IS DISTINCT FROM r.created_by) <> (r.updated_at > r.created_at)",
  'no records of inactive programs in the latest year':
    'NOT p.active_ind AND r.fiscal_year = (SELECT max(fiscal_year) FROM records)',
};

/** How many rows break each rule (all zero when the data is valid). */
async function ruleViolations(db: Db): Promise<Record<string, number>> {
  const names = Object.keys(RULES);
  const columns = names.map((name, i) => `count(*) FILTER (WHERE ${RULES[name]})::int AS c${i}`).join(', ');
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql.raw(`SELECT ${columns} FROM records r JOIN programs p ON p.id = r.program_id`),
  );
  return Object.fromEntries(names.map((name, i) => [name, row?.[`c${i}`] ?? -1]));
}

const NO_VIOLATIONS = Object.fromEntries(Object.keys(RULES).map((name) => [name, 0]));

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row as T;
}

/** A digest of every seeded table's content (not the institutions', programs' and users' own timestamps). */
async function fingerprint(db: Db) {
  return one<Record<string, string | number>>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM institutions) AS institutions,
      (SELECT count(*)::int FROM programs) AS programs,
      (SELECT count(*)::int FROM users) AS users,
      (SELECT count(*)::int FROM user_privileges) AS privileges,
      (SELECT count(*)::int FROM site_banner) AS banners,
      (SELECT count(*)::int FROM records) AS records,
      (SELECT md5(string_agg(concat_ws('|', id, name, short_name, name_code, institution_type, region, active_ind), ',' ORDER BY id))
         FROM institutions) AS institutions_md5,
      (SELECT md5(string_agg(concat_ws('|', id, institution_id, name, discipline, credential, wil_type, coop_model,
                participation, accredited, cip_code, active_ind), ',' ORDER BY id)) FROM programs) AS programs_md5,
      (SELECT md5(string_agg(r::text, E'\n' ORDER BY r.id)) FROM records r) AS records_md5,
      (SELECT md5(string_agg(concat_ws('|', id, fiscal_year, term, opens_on, due_on), ',' ORDER BY id))
         FROM reporting_periods) AS periods_md5,
      (SELECT md5(string_agg(concat_ws('|', id, period_id, institution_id, state, version, first_approved_at), ',' ORDER BY id))
         FROM term_returns) AS returns_md5,
      (SELECT md5(string_agg(concat_ws('|', id, return_id, action, from_state, to_state, reason, user_id, at), ',' ORDER BY id))
         FROM return_events) AS return_events_md5`,
  );
}

describe('seedDemo', () => {
  let database: Database;
  let db: Db;
  let seeded: boolean;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    // As of DEMO_TEST_DAY: Fall 2025/26 due next, Summer 2025/26 past due, Spring 2025/26 not started yet.
    seeded = await seedDemo(database, demoTestNow());
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the 25 institutions and about 250 programs', async () => {
    expect(seeded).toBe(true);
    const counts = await one<{ institutions: number; programs: number; inactive: number; without_cip: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM institutions) AS institutions,
                 count(*)::int AS programs,
                 (count(*) FILTER (WHERE NOT active_ind))::int AS inactive,
                 (count(*) FILTER (WHERE cip_code IS NULL))::int AS without_cip
          FROM programs`,
    );
    expect(counts.institutions).toBe(25);
    expect(counts.programs).toBeGreaterThanOrEqual(200);
    expect(counts.programs).toBeLessThanOrEqual(300);
    expect(counts.inactive).toBeGreaterThan(0);
    expect(counts.without_cip).toBeGreaterThan(0);
  });

  it('seeds ten fiscal years, one record per reporting program and term through the term due next', async () => {
    const years = await queryRows<{ fiscal_year: string; terms: number; programs: number; records: number }>(
      db,
      sql`SELECT fiscal_year, count(DISTINCT term)::int AS terms, count(DISTINCT program_id)::int AS programs, count(*)::int AS records
          FROM records GROUP BY fiscal_year ORDER BY fiscal_year`,
    );
    expect(years.map((y) => y.fiscal_year)).toEqual([
      '2016/17',
      '2017/18',
      '2018/19',
      '2019/20',
      '2020/21',
      '2021/22',
      '2022/23',
      '2023/24',
      '2024/25',
      '2025/26',
    ]);
    // The institutions that have not started the term due next or the past-due one (DEMO_RETURN_STORY) have no
    // record of it; the Spring term after them has none from anyone yet.
    const programsOf = (name: string) =>
      one<{ programs: number }>(
        db,
        sql`SELECT count(DISTINCT r.program_id)::int AS programs FROM records r JOIN institutions i ON i.id = r.institution_id
            WHERE i.short_name = ${name} AND r.fiscal_year = '2024/25'`,
      );
    const notStarted = (await programsOf(DEMO_RETURN_STORY.dueNext.notStarted)).programs;
    const overdueNotStarted = (await programsOf(DEMO_RETURN_STORY.pastDue.notStarted)).programs;
    expect(notStarted).toBeGreaterThan(0);
    expect(overdueNotStarted).toBeGreaterThan(0);
    for (const year of years) {
      const latest = year.fiscal_year === '2025/26';
      expect(year.terms).toBe(latest ? 2 : 3);
      expect(year.records).toBe(latest ? year.programs * 2 - notStarted - overdueNotStarted : year.programs * 3);
    }
    const keys = await one<{ records: number; keys: number }>(
      db,
      sql`SELECT count(*)::int AS records, count(DISTINCT (program_id, fiscal_year, term))::int AS keys FROM records`,
    );
    expect(keys.keys).toBe(keys.records);
    const total = years.reduce((a, y) => a + y.records, 0);
    expect(total).toBeGreaterThan(6000);
    expect(total).toBeLessThan(8000);
  });

  it('makes every record pass every validation rule', async () => {
    expect(await ruleViolations(db)).toEqual(NO_VIOLATIONS);
  });

  it('keeps fees constant per program and year, and leaves drafts only where the story is unfinished', async () => {
    const result = await one<{ varying_fees: number; misplaced_drafts: number; drafts: number }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM (SELECT 1 FROM records GROUP BY program_id, fiscal_year
           HAVING count(DISTINCT (coop_fee_domestic, coop_fee_international)) > 1) v) AS varying_fees,
        (SELECT count(*)::int FROM records WHERE status = 'draft' AND (fiscal_year, term) NOT IN (('2025/26', 'Fall'), ('2025/26', 'Summer'))) AS misplaced_drafts,
        (SELECT count(*)::int FROM records WHERE status = 'draft') AS drafts`,
    );
    const draftedBy = await queryRows<{ short_name: string }>(
      db,
      sql`SELECT DISTINCT i.short_name FROM records r JOIN institutions i ON i.id = r.institution_id WHERE r.status = 'draft'`,
    );
    expect(draftedBy.map((r) => r.short_name).sort()).toEqual(
      [...DEMO_RETURN_STORY.dueNext.inProgress, DEMO_RETURN_STORY.pastDue.inProgress].sort(),
    );
    expect(result.varying_fees).toBe(0);
    expect(result.misplaced_drafts).toBe(0);
    expect(result.drafts).toBeGreaterThan(0);
  });

  it('looks plausible: growth, summer-heavy universities, the big three largest, rising wages', async () => {
    const trend = await one<{ first: number; last: number; wage_first: number; wage_last: number }>(
      db,
      sql`SELECT sum(students_placed) FILTER (WHERE fiscal_year = '2016/17')::int AS first,
                 sum(students_placed) FILTER (WHERE fiscal_year = '2024/25')::int AS last,
                 avg(avg_hourly_wage) FILTER (WHERE fiscal_year = '2016/17')::float8 AS wage_first,
                 avg(avg_hourly_wage) FILTER (WHERE fiscal_year = '2024/25')::float8 AS wage_last
          FROM records`,
    );
    expect(trend.last).toBeGreaterThan(trend.first);
    expect(trend.wage_last).toBeGreaterThan(trend.wage_first * 1.15);

    const ranking = await queryRows<{ short_name: string; summer: number; fall: number }>(
      db,
      sql`SELECT i.short_name,
                 sum(r.students_placed) FILTER (WHERE r.term = 'Summer')::int AS summer,
                 sum(r.students_placed) FILTER (WHERE r.term = 'Fall')::int AS fall
          FROM records r JOIN institutions i ON i.id = r.institution_id
          GROUP BY i.short_name ORDER BY sum(r.students_placed) DESC`,
    );
    expect(
      ranking
        .slice(0, 3)
        .map((r) => r.short_name)
        .sort(),
    ).toEqual(['SFU', 'UBC', 'UVic']);
    for (const name of ['UBC', 'SFU', 'UVic']) {
      const row = ranking.find((r) => r.short_name === name)!;
      expect(row.summer).toBeGreaterThan(row.fall);
    }

    const location = await one<{ own_share: number }>(
      db,
      sql`SELECT (sum(r.wt_vancouver_island_coast)::float8 / sum(r.students_placed)) AS own_share
          FROM records r JOIN institutions i ON i.id = r.institution_id WHERE i.short_name = 'UVic'`,
    );
    expect(location.own_share).toBeGreaterThan(0.5);
  });

  it('creates the seven demo users with exactly their privileges and the banner', async () => {
    const rows = await queryRows<{ username: string; pref_name: string; email: string; home: string | null; rights: string }>(
      db,
      sql`SELECT u.username, u.pref_name, u.email, h.short_name AS home,
                 concat_ws(',', CASE WHEN u.glbl_admin THEN 'glblAdmin' END, CASE WHEN u.glbl_read THEN 'glblRead' END,
                   (SELECT string_agg(up.level || ':' || i.short_name, ',' ORDER BY up.level, i.short_name)
                      FROM user_privileges up JOIN institutions i ON i.id = up.institution_id WHERE up.user_id = u.id)) AS rights
          FROM users u LEFT JOIN institutions h ON h.id = u.home_institution_id
          ORDER BY u.id`,
    );
    expect(rows.map((r) => [r.username, r.rights])).toEqual([
      ['appadmin', 'glblAdmin'],
      ['globalreader', 'glblRead'],
      ['instadmin', 'admin:UBC'],
      ['writer', 'write:UVic'],
      ['reader', 'read:SFU,read:UVic'],
      ['newuser', ''],
      ['uvicadmin', 'admin:UVic'],
    ]);
    for (const row of rows) {
      expect(row.pref_name).not.toBe('');
      expect(row.email).toBe(`${row.username}@example.ca`);
    }
    expect(Object.fromEntries(rows.map((r) => [r.username, r.home]))).toMatchObject({
      instadmin: 'UBC',
      uvicadmin: 'UVic',
      writer: 'UVic',
      reader: 'UVic',
    });

    const banner = await one<{ type: string; icon: string; text: string }>(db, sql`SELECT type, icon, text FROM site_banner`);
    expect(banner).toEqual({
      type: 'info',
      icon: 'info-circle',
      text: 'Demonstration data: the figures here are generated for trying the application, not real statistics.',
    });
  });

  it('gives every seeded term a period and every institution a return: older terms approved, the story’s as their records stand', async () => {
    const rows = await queryRows<{ fiscal_year: string; term: string; state: string; returns: number; events: number }>(
      db,
      sql`SELECT pe.fiscal_year, pe.term, tr.state, count(*)::int AS returns,
                 sum((SELECT count(*) FROM return_events e WHERE e.return_id = tr.id))::int AS events
          FROM reporting_periods pe JOIN term_returns tr ON tr.period_id = pe.id
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(new Set(rows.map((r) => `${r.fiscal_year} ${r.term}`)).size).toBe(30);
    const past = rows.filter((r) => r.fiscal_year !== '2025/26');
    // Signed off and approved: two events each, and three more for the return reopened and approved again.
    for (const r of past) {
      const story = r.fiscal_year === '2024/25' && r.term === 'Fall' ? 3 : 0;
      expect(r, `${r.fiscal_year} ${r.term}`).toMatchObject({ state: 'approved', returns: 25, events: 50 + story });
    }
    const shape = (term: string) =>
      rows.filter((r) => r.fiscal_year === '2025/26' && r.term === term).map((r) => [r.state, r.returns]);
    expect(shape('Summer')).toEqual([
      ['open', 2],
      ['submitted', 23],
    ]);
    // The term due next: its institutions in progress and the one not started are open, the rest submitted.
    const openDueNext = DEMO_RETURN_STORY.dueNext.inProgress.length + 1;
    expect(shape('Fall')).toEqual([
      ['open', openDueNext],
      ['submitted', 25 - openDueNext],
    ]);
    expect(shape('Spring')).toEqual([['open', 25]]);
    // A submitted return has no draft; an open one has at least one, or no record at all.
    const misfiled = await one<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id
          WHERE (tr.state <> 'open') = (EXISTS (SELECT 1 FROM records r WHERE r.institution_id = tr.institution_id
                  AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term AND r.status = 'draft')
                OR NOT EXISTS (SELECT 1 FROM records r WHERE r.institution_id = tr.institution_id
                  AND r.fiscal_year = pe.fiscal_year AND r.term = pe.term))`,
    );
    expect(misfiled.n).toBe(0);
  });

  it('signs off only complete returns: every expected program of a submitted or approved return has a submitted record', async () => {
    const returns = await listReturns(db, { readable: 'all' });
    expect(returns).toHaveLength(750);
    const incomplete = returns.filter((r) => ['submitted', 'approved'].includes(r.state) && r.submitted !== r.expected);
    expect(incomplete.map((r) => `${r.institution_name} ${r.term} ${r.fiscal_year}`)).toEqual([]);
    expect(returns.filter((r) => r.expected === 0)).toEqual([]);
  });

  it('signs off every return as the product would: by its institution’s admin, else by an app admin saying why (decision 032)', async () => {
    const signOffs = await queryRows<{
      institution: string;
      username: string;
      own_admin: boolean;
      app_admin: boolean;
      reason: string | null;
    }>(
      db,
      sql`SELECT i.short_name AS institution, u.username, u.glbl_admin AS app_admin, e.on_behalf_reason AS reason,
                 EXISTS (SELECT 1 FROM user_privileges up WHERE up.user_id = u.id AND up.institution_id = i.id
                         AND up.level = 'admin') AS own_admin
          FROM return_events e JOIN term_returns tr ON tr.id = e.return_id
          JOIN institutions i ON i.id = tr.institution_id JOIN users u ON u.id = e.user_id
          WHERE e.action = 'submit'`,
    );
    const withAdmin = new Set(['UBC', 'UVic']);
    const wrong = signOffs.filter((s) =>
      withAdmin.has(s.institution)
        ? !s.own_admin || s.reason !== null
        : !s.app_admin || s.own_admin || s.reason !== SIGNED_OFF_ON_BEHALF,
    );
    expect(wrong).toEqual([]);
    const by = (institution: string) => new Set(signOffs.filter((s) => s.institution === institution).map((s) => s.username));
    expect(by('UBC')).toEqual(new Set(['instadmin']));
    expect(by('UVic')).toEqual(new Set(['uvicadmin']));
    expect(by('TRU')).toEqual(new Set(['appadmin']));
  });

  it('shows the past-due term with two overdue returns: one in progress, one not started though programs are expected', async () => {
    const pastDue = await listReturns(db, { readable: 'all', fiscalYears: ['2025/26'], terms: ['Summer'] });
    const shown = (state: string) => pastDue.filter((r) => r.state === state).map((r) => r.institution_name);
    expect(shown('in progress')).toEqual([DEMO_RETURN_STORY.pastDue.inProgress]);
    expect(shown('not started')).toEqual([DEMO_RETURN_STORY.pastDue.notStarted]);
    expect(shown('submitted')).toHaveLength(23);
    expect(
      pastDue
        .filter((r) => r.overdue)
        .map((r) => r.institution_name)
        .sort(),
    ).toEqual([DEMO_RETURN_STORY.pastDue.inProgress, DEMO_RETURN_STORY.pastDue.notStarted].sort());
    const notStarted = pastDue.find((r) => r.state === 'not started')!;
    expect(notStarted.expected).toBeGreaterThan(0);
    expect(notStarted.reported).toBe(0);
    const inProgress = pastDue.find((r) => r.state === 'in progress')!;
    expect(inProgress.submitted).toBeLessThan(inProgress.expected);
  });

  it('shows the term due next mostly submitted, a few in progress, one not started', async () => {
    const dueNext = await listReturns(db, { readable: 'all', fiscalYears: ['2025/26'], terms: ['Fall'] });
    const shown = (state: string) => dueNext.filter((r) => r.state === state).map((r) => r.institution_name);
    expect(shown('in progress').sort()).toEqual([...DEMO_RETURN_STORY.dueNext.inProgress].sort());
    expect(shown('not started')).toEqual([DEMO_RETURN_STORY.dueNext.notStarted]);
    expect(shown('submitted')).toHaveLength(25 - DEMO_RETURN_STORY.dueNext.inProgress.length - 1);
    // Overdue only once its due date has passed on the real calendar (the database's today).
    const late = bcToday() > '2026-01-31';
    expect(dueNext.filter((r) => r.overdue)).toHaveLength(late ? DEMO_RETURN_STORY.dueNext.inProgress.length + 1 : 0);
  });

  it('tells of a past return approved, reopened with a reason, corrected and approved again: its figures are marked revised', async () => {
    const { institution } = DEMO_RETURN_STORY.reopened;
    // The last Fall term before the past-due Summer 2025/26.
    const [fiscalYear, term] = ['2024/25', 'Fall'] as const;
    const [story] = await listReturns(db, { readable: 'all', fiscalYears: [fiscalYear], terms: [term] }).then((all) =>
      all.filter((r) => r.institution_name === institution),
    );
    expect(story).toMatchObject({ state: 'approved', version: 6, overdue: false });
    expect(story!.history.map((e) => [e.action, e.from_state, e.to_state, e.user_name])).toEqual([
      ['submit', 'in progress', 'submitted', 'Indira Institution'],
      ['approve', 'submitted', 'approved', 'Avery Admin'],
      ['reopen', 'approved', 'reopened', 'Avery Admin'],
      ['submit', 'reopened', 'submitted', 'Indira Institution'],
      ['approve', 'submitted', 'approved', 'Avery Admin'],
    ]);
    expect(story!.history[2]!.reason).toBe(DEMO_RETURN_STORY.reopenReason);
    // Due again as a reopening through the API would set it: two weeks after the day it was reopened (its period's
    // due date long past), on the return and in its history.
    const reopenedDay = bcDayOf(Date.parse(story!.history[2]!.at));
    expect(story!.history[2]!.due_again_on).toBe(defaultDueAgainOn(reopenedDay, story!.due_on));
    expect(story!.due_again_on).toBe(story!.history[2]!.due_again_on);
    const times = story!.history.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The first approval's time stays; the correction came after it, between the reopening and the second sign-off.
    expect(story!.first_approved_at).toBe(story!.history[1]!.at);
    const corrected = await one<{ at: string; by: string; audited: number; enrolled_before: number; enrolled_after: number }>(
      db,
      sql`SELECT ${isoTimestamp(sql`r.updated_at`)} AS at, u.username AS by,
                 (SELECT count(*)::int FROM audit_log a WHERE a.entity_type = 'record' AND a.entity_id = r.id) AS audited,
                 (SELECT (a.before->>'students_enrolled')::int FROM audit_log a WHERE a.entity_type = 'record' AND a.entity_id = r.id) AS enrolled_before,
                 r.students_enrolled AS enrolled_after
          FROM records r JOIN users u ON u.id = r.updated_by WHERE r.updated_at > r.created_at`,
    );
    expect(corrected.by).toBe('instadmin');
    expect(corrected.audited).toBe(1);
    expect(corrected.enrolled_after - corrected.enrolled_before).toBe(DEMO_RETURN_STORY.correction);
    expect(Date.parse(corrected.at)).toBeGreaterThan(times[2]!);
    expect(Date.parse(corrected.at)).toBeLessThan(times[3]!);
    const audits = await one<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'return' AND entity_id = ${story!.id}`,
    );
    expect(audits.n).toBe(3);

    const report = await runReport(
      db,
      'institution',
      { fiscalYearFrom: fiscalYear, fiscalYearTo: fiscalYear, terms: [term] },
      'all',
      DEFAULT_DISCLOSURE_RULE,
    );
    const flags = Object.fromEntries(report.rows.map((r) => [r.institution, r[REPORT_FLAG_KEY]]));
    expect(flags[institution]).toBe('r');
    expect(Object.entries(flags).filter(([name, flag]) => name !== institution && flag !== null)).toEqual([]);
    expect(report.totals[REPORT_FLAG_KEY]).toBe('r');
    const latest = await runReport(
      db,
      'institution',
      { fiscalYearFrom: '2025/26', fiscalYearTo: '2025/26', terms: ['Fall'] },
      'all',
      DEFAULT_DISCLOSURE_RULE,
    );
    expect(new Set(latest.rows.map((r) => r[REPORT_FLAG_KEY]))).toEqual(new Set(['p']));
  });

  it('does nothing when run again', async () => {
    const before = await fingerprint(db);
    expect(await seedDemo(database, demoTestNow())).toBe(false);
    expect(await fingerprint(db)).toEqual(before);
  });

  it('gives byte-identical data in another fresh database', async () => {
    const other = await openTestDatabase();
    try {
      expect(await seedDemo(other, demoTestNow())).toBe(true);
      expect(await fingerprint(other.db)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
  });
});

describe('seedLargeDataset', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the base into an empty database and exactly N valid records', async () => {
    const messages: string[] = [];
    await seedLargeDataset(database, 5000, (m) => messages.push(m));
    const counts = await one<{ institutions: number; users: number; records: number; latest: string }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM institutions) AS institutions, (SELECT count(*)::int FROM users) AS users,
                 count(*)::int AS records, max(fiscal_year) AS latest FROM records`,
    );
    // 25 B.C. institutions and the 65 generated elsewhere; 5,000 records need only the demo's programs.
    expect(counts).toEqual({ institutions: 90, users: 7, records: 5000, latest: '2025/26' });
    expect(await ruleViolations(database.db)).toEqual(NO_VIOLATIONS);
    expect(messages.join('\n')).toMatch(/5,000 records/);
  });

  it('gives the last twenty fiscal years their sixty periods and every active institution a return of each', async () => {
    const cycle = async () =>
      one<{ periods: number; oldest: string; latest: string; returns: number; institutions: number; approved: number }>(
        database.db,
        sql`SELECT (SELECT count(*)::int FROM reporting_periods) AS periods,
                   (SELECT min(fiscal_year) FROM reporting_periods) AS oldest,
                   (SELECT max(fiscal_year) FROM reporting_periods) AS latest,
                   (SELECT count(*)::int FROM term_returns) AS returns,
                   (SELECT count(*)::int FROM institutions WHERE active_ind) AS institutions,
                   (SELECT count(*)::int FROM term_returns WHERE state = 'approved') AS approved`,
      );
    const first = await cycle();
    expect(first).toMatchObject({ periods: 60, oldest: '2006/07', latest: '2025/26', returns: first.institutions * 60 });
    expect(first.approved).toBe(first.institutions * 59);
    // A second run replaces the cycle rather than adding to it.
    await seedLargeDataset(database, 5000);
    expect(await cycle()).toEqual(first);
  });

  it('replaces the records (and their audit entries) on a second run, going back as many years as needed', async () => {
    await database.db.execute(
      sql`INSERT INTO audit_log (entity_type, entity_id, action) VALUES ('record', 1, 'update'), ('user', 1, 'update')`,
    );
    await seedLargeDataset(database, 12_345);
    const result = await one<{ records: number; min_id: number; oldest: string; record_audit: number; other_audit: number }>(
      database.db,
      sql`SELECT count(*)::int AS records, min(id)::int AS min_id, min(fiscal_year) AS oldest,
                 (SELECT count(*)::int FROM audit_log WHERE entity_type = 'record') AS record_audit,
                 (SELECT count(*)::int FROM audit_log WHERE entity_type <> 'record') AS other_audit
          FROM records`,
    );
    expect(result).toMatchObject({ records: 12_345, min_id: 1, record_audit: 0, other_audit: 1 });
    expect(result.oldest < '2016/17').toBe(true);
    expect(await ruleViolations(database.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses a count that is not a positive integer, or one beyond what it plans in memory', async () => {
    await expect(seedLargeDataset(database, 0)).rejects.toThrow(/positive integer/);
    await expect(seedLargeDataset(database, 2.5)).rejects.toThrow(/positive integer/);
    await expect(seedLargeDataset(database, 20_000_001)).rejects.toThrow(/At most 20,000,000 records/);
  });
});

describe('seedLargeDataset: shaped like a national data set', () => {
  const RECORDS = 20_000;
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedLargeDataset(database, RECORDS);
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  it('has the 25 B.C. institutions and 65 from other provinces, every one valid under the schema', async () => {
    const rows = await queryRows<{
      name: string;
      short_name: string;
      name_code: string;
      institution_type: string;
      region: string;
    }>(db, sql`SELECT name, short_name, name_code, institution_type, region FROM institutions ORDER BY id`);
    expect(rows).toHaveLength(90);
    for (const row of rows) expect(InstitutionCreateSchema.safeParse(row).error?.issues ?? []).toEqual([]);
    expect(
      rows.filter((r) =>
        /\((Alberta|Ontario|Quebec|Manitoba|Saskatchewan|Nova Scotia|New Brunswick|Prince Edward Island|Newfoundland and Labrador)\)$/.test(
          r.name,
        ),
      ),
    ).toHaveLength(65);
  });

  it('spans exactly twenty fiscal years with exactly the records asked for, one per program, year and term', async () => {
    const result = await one<{ records: number; keys: number; years: number; oldest: string; latest: string; terms: number }>(
      db,
      sql`SELECT count(*)::int AS records, count(DISTINCT (program_id, fiscal_year, term))::int AS keys,
                 count(DISTINCT fiscal_year)::int AS years, min(fiscal_year) AS oldest, max(fiscal_year) AS latest,
                 count(DISTINCT term)::int AS terms
          FROM records`,
    );
    expect(result).toEqual({ records: RECORDS, keys: RECORDS, years: 20, oldest: '2006/07', latest: '2025/26', terms: 3 });
  });

  it('makes every record pass every validation rule', async () => {
    expect(await ruleViolations(db)).toEqual(NO_VIOLATIONS);
  });

  it('has programs in proportion to the records, at every institution, named uniquely', async () => {
    const result = await one<{ programs: number; reporting: number; institutions: number; duplicate_names: number }>(
      db,
      sql`SELECT count(*)::int AS programs,
                 (SELECT count(DISTINCT program_id)::int FROM records) AS reporting,
                 (SELECT count(DISTINCT institution_id)::int FROM records) AS institutions,
                 (SELECT count(*)::int FROM (SELECT 1 FROM programs GROUP BY institution_id, lower(name) HAVING count(*) > 1) d)
                   AS duplicate_names
          FROM programs`,
    );
    // Twenty years of three terms, less late starts, deactivations and gaps: 50 to 60 records a program.
    expect(result.programs).toBeGreaterThan(RECORDS / 60);
    expect(result.programs).toBeLessThan(RECORDS / 50);
    expect(result.reporting).toBe(result.programs);
    expect(result.institutions).toBe(90);
    expect(result.duplicate_names).toBe(0);
  });

  it('has programs that began late, programs deactivated years ago, and gaps in the returns', async () => {
    const spans = await queryRows<{ active: boolean; first: string; last: string }>(
      db,
      sql`SELECT p.active_ind AS active, min(r.fiscal_year) AS first, max(r.fiscal_year) AS last
          FROM records r JOIN programs p ON p.id = r.program_id GROUP BY p.id, p.active_ind`,
    );
    expect(spans.filter((s) => s.active && s.first > '2006/07').length).toBeGreaterThan(0);
    const stopped = spans.filter((s) => !s.active);
    expect(stopped.length).toBeGreaterThan(0);
    for (const s of stopped) expect(s.last <= '2023/24').toBe(true);

    // A year skipped inside a program's span; a year with one or two of its terms (the oldest year, which may be
    // short by the few records beyond the count, aside).
    const gaps = await one<{ years: number; terms: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM (SELECT 1 FROM records GROUP BY program_id
                   HAVING count(DISTINCT fiscal_year) < left(max(fiscal_year), 4)::int - left(min(fiscal_year), 4)::int + 1) y)
                   AS years,
                 (SELECT count(*)::int FROM (SELECT 1 FROM records WHERE fiscal_year > '2006/07' GROUP BY program_id, fiscal_year
                   HAVING count(*) < 3) t) AS terms`,
    );
    expect(gaps.years).toBeGreaterThan(0);
    expect(gaps.terms).toBeGreaterThan(0);
  });

  it('sends most work terms of institutions outside B.C. to other Canada', async () => {
    const shares = await one<{ outside: number; inside: number }>(
      db,
      sql`SELECT (sum(r.wt_other_canada) FILTER (WHERE i.name_code ~ '^[A-Z]{2}-'))::float8
                   / sum(r.students_placed) FILTER (WHERE i.name_code ~ '^[A-Z]{2}-') AS outside,
                 (sum(r.wt_other_canada) FILTER (WHERE i.name_code !~ '^[A-Z]{2}-'))::float8
                   / sum(r.students_placed) FILTER (WHERE i.name_code !~ '^[A-Z]{2}-') AS inside
          FROM records r JOIN institutions i ON i.id = r.institution_id`,
    );
    expect(shares.outside).toBeGreaterThan(0.8);
    expect(shares.inside).toBeLessThan(0.15);
  });

  it('gives byte-identical data in another fresh database', async () => {
    const other = await openTestDatabase();
    try {
      await seedLargeDataset(other, RECORDS);
      expect(await fingerprint(other.db)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
  }, 300_000);
});
