/**
 * `npm run disclosure:usefulness`: what disclosure control costs in usefulness (issue 19, docs/product.md §11.1). Seeds the
 * demo data into a fresh PGlite database in a temporary directory and, as the demo user `writer` (who may read UVic
 * only), asks every report a fixed set of questions; counts the share of the province row's figures still shown.
 * Prints markdown; the same data and rule give the same output byte for byte.
 *
 *   --min-institutions N    the rule's threshold (default DISCLOSURE_MIN_INSTITUTIONS' default, 3)
 *   --max-share-percent P   the rule's dominance limit (default 85)
 *   --bound                 instead of asking the reports, judge each question on its own (see `boundSuppressed`):
 *                           a ceiling for any suppression under the same rule, not a safe method (decision 042)
 *   --terms-pooled          with --bound: judge a question over all its periods at once, not period by period
 *
 * A figure counts as shown when it is not in `report.suppressed` (a shown figure may still be null, e.g. a percentage
 * over nobody). The province row's year-over-year columns are null for everyone and are not counted. A question over
 * which no institution the writer may not read has a submitted record is left out (nothing there to protect; the
 * province row is then the writer's own figures) and counted apart.
 */
import { sql } from 'drizzle-orm';
import { CREDENTIALS, DISCIPLINES } from '../src/shared/constants.ts';
import { DEFAULT_DISCLOSURE_RULE, type DisclosureRule } from '../src/shared/disclosure.ts';
import { WORK_TERM_SPLITS } from '../src/shared/record-rules.ts';
import { readableInstitutions } from '../src/shared/permissions.ts';
import { REPORT_TYPES, type ReportType } from '../src/shared/reports.ts';
import type { ReportParams, SuppressionReason } from '../src/shared/schemas/report.ts';
import { queryRows, type Db } from '../src/server/db/client.ts';
import { inList, recordFilterSql, RECORDS_WITH_NAMES } from '../src/server/modules/records/record-sql.ts';
import { ALL_PARTS, REPORT_DEFINITIONS } from '../src/server/modules/reports/report-definitions.ts';
import { runReport } from '../src/server/modules/reports/reports.repo.ts';
import { findUserId } from '../src/server/seed/base.ts';
import { formatFiscalYear } from '../src/server/seed/record-generator.ts';
import { demoTimeline } from '../src/server/seed/demo-story.ts';
import { loadActiveUser } from '../src/server/session/session-user.ts';
import { readArguments, runCommand, UsageError } from './command-line.ts';
import { complements, figureAt, judgeParts } from './disclosure-usefulness/ceiling.ts';
import { openDemoDatabase, SEEDED_AS_OF } from './demo-database.ts';

const USAGE = 'Usage: npm run disclosure:usefulness [-- --min-institutions N --max-share-percent P --bound [--terms-pooled]]';
const VIEWER = 'writer';

const FAMILIES = [
  'no filters',
  'one fiscal year',
  'one discipline, all years',
  'fiscal year × discipline',
  'fiscal year × credential',
] as const;
type Family = (typeof FAMILIES)[number];

interface Question {
  family: Family;
  params: ReportParams;
}

/** The fixed questions: the five families of the issue's usefulness measure, over the demo's ten fiscal years. */
function questions(): Question[] {
  const { firstYear, lastYear } = demoTimeline(SEEDED_AS_OF);
  // Released years only (decision 024): the story's current fiscal year is still being reported, so its later terms
  // are not released yet and would only count as "not yet released"; the years before it have final releases.
  const years = Array.from({ length: lastYear - firstYear }, (_, n) => formatFiscalYear(firstYear + n));
  const allYears = { fiscalYearTo: years.at(-1)! };
  const year = (fy: string) => ({ fiscalYearFrom: fy, fiscalYearTo: fy });
  return [
    { family: 'no filters', params: allYears },
    ...years.map((fy) => ({ family: 'one fiscal year' as const, params: year(fy) })),
    ...DISCIPLINES.map((d) => ({ family: 'one discipline, all years' as const, params: { ...allYears, disciplines: [d] } })),
    ...years.flatMap((fy) =>
      DISCIPLINES.map((d) => ({ family: 'fiscal year × discipline' as const, params: { ...year(fy), disciplines: [d] } })),
    ),
    ...years.flatMap((fy) =>
      CREDENTIALS.map((c) => ({ family: 'fiscal year × credential' as const, params: { ...year(fy), credentials: [c] } })),
    ),
  ];
}

/** Whether any institution the viewer may not read has a submitted record the question selects. */
async function othersAnswer(db: Db, params: ReportParams, readable: number[]): Promise<boolean> {
  const { where } = recordFilterSql({ ...params, programName: undefined, status: 'submitted', readable: 'all' });
  const others = readable.length > 0 ? sql`NOT ${inList(sql`r.institution_id`, readable)}` : sql`true`;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 ${RECORDS_WITH_NAMES} WHERE ${where} AND ${others}) AS found`,
  );
  return row?.found === true;
}

interface Tally {
  shown: number;
  total: number;
}

interface Measured {
  /** Per report, per family. */
  tallies: Map<ReportType, Map<Family, Tally>>;
  /** Per report, hidden figures by reason. */
  reasons: Map<ReportType, Map<SuppressionReason, number>>;
  /** Per question family, hidden figures by reason. */
  familyReasons: Map<Family, Map<SuppressionReason, number>>;
  /** Hidden figures by `report: measure — reason`: over every question, and over those without a discipline or credential. */
  hidden: Map<string, number>;
  unfiltered: Map<string, number>;
  asked: Map<Family, number>;
  leftOut: Map<Family, number>;
  /** Hidden figures by `family|fiscal years|report|measure`, with the filter values hiding them (for `complements`). */
  hiddenIn: Map<string, Set<string>>;
  /** `family|fiscal years|report|measure` of every figure shown. */
  shown: Set<string>;
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** What a question hides of each report's province row, by measure key. */
type Suppression = (params: ReportParams, type: ReportType) => Promise<Partial<Record<string, SuppressionReason>>>;

/** The product's answer: the reports themselves, as the viewer gets them. */
const asked =
  (db: Db, readable: number[], rule: DisclosureRule): Suppression =>
  async (params, type) =>
    (await runReport(db, type, params, readable, rule)).suppressed;

async function measure(db: Db, readable: number[], suppression: Suppression): Promise<Measured> {
  const m: Measured = {
    tallies: new Map(),
    reasons: new Map(),
    familyReasons: new Map(FAMILIES.map((f) => [f, new Map()])),
    hidden: new Map(),
    unfiltered: new Map(),
    asked: new Map(),
    leftOut: new Map(),
    hiddenIn: new Map(),
    shown: new Set(),
  };
  for (const type of REPORT_TYPES) {
    m.tallies.set(type, new Map(FAMILIES.map((f) => [f, { shown: 0, total: 0 }])));
    m.reasons.set(type, new Map());
  }
  for (const { family, params } of questions()) {
    if (!(await othersAnswer(db, params, readable))) {
      bump(m.leftOut, family);
      continue;
    }
    bump(m.asked, family);
    for (const type of REPORT_TYPES) {
      const suppressed = await suppression(params, type);
      const keys = REPORT_DEFINITIONS[type].measures.map((x) => x.key);
      const tally = m.tallies.get(type)!.get(family)!;
      tally.total += keys.length;
      for (const key of keys) {
        const reason = suppressed[key];
        const at = figureAt(family, `${params.fiscalYearFrom ?? ''}..${params.fiscalYearTo ?? ''}`, type, key);
        if (reason === undefined) {
          tally.shown++;
          m.shown.add(at);
        } else {
          const value = [...(params.disciplines ?? []), ...(params.credentials ?? [])].join(',');
          m.hiddenIn.set(at, new Set([...(m.hiddenIn.get(at) ?? []), value]));
          bump(m.reasons.get(type)!, reason);
          bump(m.familyReasons.get(family)!, reason);
          bump(m.hidden, `${type}: ${key} — ${reason}`);
          if (!params.disciplines && !params.credentials) bump(m.unfiltered, `${type}: ${key} — ${reason}`);
        }
      }
    }
  }
  return m;
}

/** The counts lost to complements (ceiling.ts), per question family. */
function complementsOf(m: Measured): Map<Family, number> {
  const sums = new Set(
    REPORT_TYPES.flatMap((type) =>
      REPORT_DEFINITIONS[type].measures.filter((x) => x.kind === 'count' && !x.direct).map((x) => `${type}|${x.key}`),
    ),
  );
  const whole: Partial<Record<Family, Family>> = {
    'fiscal year × discipline': 'one fiscal year',
    'fiscal year × credential': 'one fiscal year',
    'one discipline, all years': 'no filters',
  };
  return complements(m.hiddenIn, m.shown, sums, whole as Record<string, string>) as Map<Family, number>;
}

/**
 * The ceiling (--bound): each question judged on its own, period by period, on the latest release of each period: a
 * part is shown when the others' contributions to it over exactly the question's cells pass the rule in every period
 * the question covers. A split of work terms adds up to work terms, so the split's failing parts are hidden together
 * and, when together they still fail, every part of the split is; a lowest or highest fee is hidden whenever another
 * institution's record is in it. This is what any suppression under the same rule could show at most, period by
 * period, if it needed nothing beyond each figure itself to pass; it is not safe (two such answers can differ by one
 * institution's slice, decision 020), so it is a measure of headroom only.
 */
const boundSuppression =
  (pooled: boolean) =>
  (db: Db, readable: number[], rule: DisclosureRule): Suppression => {
    const kept = new Map<string, Promise<Map<string, SuppressionReason | 'others'>>>();
    return async (params, type) => {
      const key = JSON.stringify(params);
      if (!kept.has(key)) kept.set(key, boundParts(db, params, readable, rule, pooled));
      const parts = await kept.get(key)!;
      const suppressed: Partial<Record<string, SuppressionReason>> = {};
      for (const m of REPORT_DEFINITIONS[type].measures) {
        const reasons = Object.keys(m.parts).map((name) => parts.get(name));
        const reason = reasons.find((r): r is SuppressionReason => r !== undefined && r !== 'others');
        if (reason) suppressed[m.key] = reason;
        else if (m.direct?.oneRecord && reasons.includes('others') && !(rule.minInstitutions <= 1 && rule.maxSharePercent >= 100))
          suppressed[m.key] = 'dominance';
      }
      return suppressed;
    };
  };

/** Per part: why it is hidden, or 'others' when shown with another institution's records in it; absent: shown, none. */
async function boundParts(
  db: Db,
  params: ReportParams,
  readable: number[],
  rule: DisclosureRule,
  pooled: boolean,
): Promise<Map<string, SuppressionReason | 'others'>> {
  const { where } = recordFilterSql({ ...params, programName: undefined, readable: 'all' });
  const others = readable.length > 0 ? sql`NOT ${inList(sql`r.institution_id`, readable)}` : sql`true`;
  const periodsIn = recordFilterSql({
    fiscalYearFrom: params.fiscalYearFrom,
    fiscalYearTo: params.fiscalYearTo,
    terms: params.terms,
    programName: undefined,
    readable: 'all',
  }).where;
  const [{ unreleased }] = (await queryRows<{ unreleased: number }>(
    db,
    sql`SELECT count(*)::int AS unreleased FROM data_periods r
        WHERE ${periodsIn} AND NOT EXISTS (SELECT 1 FROM release_periods rp WHERE rp.fiscal_year = r.fiscal_year AND rp.term = r.term)`,
  )) as [{ unreleased: number }];
  const result = new Map<string, SuppressionReason | 'others'>();
  if (unreleased > 0) {
    for (const part of ALL_PARTS) result.set(part.name, 'unreleased');
    return result;
  }
  const rows = await queryRows<{ fy: string; term: string; v: (number | null)[] }>(
    db,
    sql`WITH latest AS (SELECT DISTINCT ON (fiscal_year, term) release_id, fiscal_year, term FROM release_periods
                        ORDER BY fiscal_year, term, release_id DESC)
        SELECT ${pooled ? sql`'all'` : sql`r.fiscal_year`} AS fy, ${pooled ? sql`'all'` : sql`r.term`} AS term, ARRAY[${sql.join(
          ALL_PARTS.map((part) => sql`round(sum(${part.value}) * 100)::float8`),
          sql`, `,
        )}]::float8[] AS v
        FROM latest l JOIN release_records r ON r.release_id = l.release_id AND r.fiscal_year = l.fiscal_year AND r.term = l.term
        JOIN release_programs p ON p.release_id = r.release_id AND p.id = r.program_id
        WHERE ${where} AND ${others}
        GROUP BY 1, 2, r.institution_id`,
  );
  const byPeriod = new Map<string, (number | null)[][]>();
  for (const row of rows) {
    const k = `${row.fy} ${row.term}`;
    byPeriod.set(k, [...(byPeriod.get(k) ?? []), row.v]);
  }
  const index = new Map(ALL_PARTS.map((part, n) => [part.name, n]));
  const splits = Object.values(WORK_TERM_SPLITS).map(({ fields }) => fields.map((f) => index.get(f)!));
  for (const institutions of byPeriod.values()) {
    const reasons = judgeParts(ALL_PARTS.length, institutions, splits, rule);
    ALL_PARTS.forEach((part, n) => {
      if (result.get(part.name) !== undefined && result.get(part.name) !== 'others') return;
      if (reasons[n]) result.set(part.name, reasons[n]);
      else if (institutions.some((v) => (v[n] ?? 0) !== 0)) result.set(part.name, 'others');
    });
  }
  return result;
}

const share = ({ shown, total }: Tally) => (total === 0 ? '—' : `${shown} / ${total} (${((100 * shown) / total).toFixed(1)} %)`);

const sumTallies = (tallies: Iterable<Tally>): Tally =>
  [...tallies].reduce((a, b) => ({ shown: a.shown + b.shown, total: a.total + b.total }), { shown: 0, total: 0 });

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function markdown(m: Measured, rule: DisclosureRule): string[] {
  const lines = [
    `Rule: at least ${rule.minInstitutions} institutions the viewer may not read, none above ${rule.maxSharePercent} % of the part.`,
    '',
    row(['question family', ...FAMILIES]),
    row(Array.from({ length: FAMILIES.length + 1 }, () => '---')),
    row(['questions asked', ...FAMILIES.map((f) => m.asked.get(f) ?? 0)]),
    row(['left out (no other institution’s records)', ...FAMILIES.map((f) => m.leftOut.get(f) ?? 0)]),
    '',
    row(['report', ...FAMILIES, 'overall']),
    row(Array.from({ length: FAMILIES.length + 2 }, () => '---')),
  ];
  for (const type of REPORT_TYPES) {
    const t = m.tallies.get(type)!;
    lines.push(row([type, ...FAMILIES.map((f) => share(t.get(f)!)), `**${share(sumTallies(t.values()))}**`]));
  }
  const allReports = (f: Family) => sumTallies([...m.tallies.values()].map((t) => t.get(f)!));
  lines.push(
    row(['**all reports**', ...FAMILIES.map((f) => share(allReports(f))), `**${share(sumTallies(FAMILIES.map(allReports)))}**`]),
  );

  const reasons = ['threshold', 'dominance', 'linked', 'partial'] as const;
  lines.push('', 'Hidden figures by reason:', '', row(['report', ...reasons]), row(['---', ...reasons.map(() => '---')]));
  for (const type of REPORT_TYPES) lines.push(row([type, ...reasons.map((r) => m.reasons.get(type)!.get(r) ?? 0)]));

  lines.push('', row(['question family', ...reasons]), row(['---', ...reasons.map(() => '---')]));
  for (const f of FAMILIES) lines.push(row([f, ...reasons.map((r) => m.familyReasons.get(f)!.get(r) ?? 0)]));

  // Most frequent first; ties in name order, so the list is the same on every run.
  const top = [...m.unfiltered].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  lines.push('', 'Hidden without a discipline or credential filter (report: figure — reason: times):', '');
  for (const [name, times] of top) lines.push(`- ${name}: ${times}`);
  if (top.length === 0) lines.push('- none');
  return lines;
}

function parseOptions(): { rule: DisclosureRule; bound: false | 'period' | 'pooled' } {
  const { values } = readArguments(USAGE, {
    'min-institutions': { type: 'string' },
    'max-share-percent': { type: 'string' },
    bound: { type: 'boolean' },
    'terms-pooled': { type: 'boolean' },
  });
  if (values['terms-pooled'] && !values.bound) throw new UsageError('--terms-pooled goes with --bound.');
  const number = (name: string, given: string | undefined, fallback: number, min: number, max: number) => {
    if (given === undefined) return fallback;
    const n = Number(given);
    if (!/^\d+(\.\d+)?$/.test(given) || n < min || n > max)
      throw new UsageError(`--${name} must be from ${min} to ${max}, got "${given}".`);
    return n;
  };
  return {
    rule: {
      minInstitutions: number('min-institutions', values['min-institutions'], DEFAULT_DISCLOSURE_RULE.minInstitutions, 1, 100),
      maxSharePercent: number('max-share-percent', values['max-share-percent'], DEFAULT_DISCLOSURE_RULE.maxSharePercent, 50, 100),
    },
    bound: values.bound !== true ? false : values['terms-pooled'] === true ? 'pooled' : 'period',
  };
}

async function main(): Promise<void> {
  const { rule, bound } = parseOptions();
  const demo = await openDemoDatabase();
  try {
    const db = demo.database.db;
    const user = await loadActiveUser(db, (await findUserId(db, VIEWER))!);
    const readable = user ? readableInstitutions(user.privileges) : 'all';
    if (readable === 'all') throw new Error(`The demo user ${VIEWER} reads every institution: nothing to measure.`);
    const names = await queryRows<{ short_name: string }>(
      db,
      sql`SELECT short_name FROM institutions WHERE ${inList(sql`id`, readable)} ORDER BY short_name`,
    );

    const source = bound ? boundSuppression(bound === 'pooled') : asked;
    const measured = await measure(db, readable, source(db, readable, rule));
    const lines = [
      bound
        ? `# Ceiling: each question judged on its own${bound === 'pooled' ? ' (its periods pooled)' : ', period by period,'} for a \`${VIEWER}\` (reads ${names.map((n) => n.short_name).join(', ')}), demo data (not a safe method)`
        : `# Province figures a \`${VIEWER}\` (reads ${names.map((n) => n.short_name).join(', ')}) still sees, demo data`,
      '',
      ...markdown(measured, rule),
    ];
    if (bound) {
      const lost = complementsOf(measured);
      const total = sumTallies([...measured.tallies.values()].flatMap((t) => [...t.values()]));
      const less = [...lost.values()].reduce((a, b) => a + b, 0);
      const familyTotal = (f: Family) => sumTallies([...measured.tallies.values()].map((t) => t.get(f)!));
      lines.push(
        '',
        `Complements (a whole and all its pieces but one give the last away): at least ${less} more figures hidden by any safe method` +
          ` (${[...lost].map(([f, n]) => `${f}: ${n}`).join('; ') || 'none'}); at most ${share({ shown: total.shown - less, total: total.total })} overall` +
          `, ${FAMILIES.map((f) => `${f} ${share({ shown: familyTotal(f).shown - (lost.get(f) ?? 0), total: familyTotal(f).total })}`).join(', ')}.`,
      );
    }
    // The sanity line: a rule that protects nothing must show every figure.
    const open: DisclosureRule = { minInstitutions: 1, maxSharePercent: 100 };
    const sanity = await measure(db, readable, source(db, readable, open));
    const all = sumTallies([...sanity.tallies.values()].flatMap((t) => [...t.values()]));
    const hidden = [...sanity.hidden].sort(([a], [b]) => a.localeCompare(b));
    lines.push(
      '',
      `Sanity, rule (${open.minInstitutions}, ${open.maxSharePercent}): ${share(all)} shown over the same questions` +
        (hidden.length > 0 ? `; still hidden: ${hidden.map(([name, times]) => `${name} (${times})`).join('; ')}` : '.'),
    );
    console.log(lines.join('\n'));
  } finally {
    await demo.close();
  }
}

runCommand(USAGE, 'Measuring usefulness', main);
