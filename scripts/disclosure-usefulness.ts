/**
 * `npm run disclosure:usefulness`: what disclosure control costs in usefulness (issue 19, docs/product.md §11.1). Seeds the
 * demo data into a fresh PGlite database in a temporary directory and, as the demo user `writer` (who may read UVic
 * only), asks every report a fixed set of questions; counts the share of the province row's figures still shown.
 * Prints markdown; the same data and rule give the same output byte for byte.
 *
 *   --min-institutions N    the rule's threshold (default DISCLOSURE_MIN_INSTITUTIONS' default, 3)
 *   --max-share-percent P   the rule's dominance limit (default 85)
 *
 * A figure counts as shown when it is not in `report.suppressed` (a shown figure may still be null, e.g. a percentage
 * over nobody). The province row's year-over-year columns are null for everyone and are not counted. A question over
 * which no institution the writer may not read has a submitted record is left out (nothing there to protect; the
 * province row is then the writer's own figures) and counted apart.
 */
import { sql } from 'drizzle-orm';
import { CREDENTIALS, DISCIPLINES } from '../src/shared/constants.ts';
import { DEFAULT_DISCLOSURE_RULE, type DisclosureRule } from '../src/shared/disclosure.ts';
import { readableInstitutions } from '../src/shared/permissions.ts';
import { REPORT_TYPES, type ReportType } from '../src/shared/reports.ts';
import type { ReportParams, SuppressionReason } from '../src/shared/schemas/report.ts';
import { queryRows, type Db } from '../src/server/db/client.ts';
import { inList, recordFilterSql, RECORDS_WITH_NAMES } from '../src/server/modules/records/record-sql.ts';
import { REPORT_DEFINITIONS } from '../src/server/modules/reports/report-definitions.ts';
import { runReport } from '../src/server/modules/reports/reports.repo.ts';
import { findUserId } from '../src/server/seed/base.ts';
import { formatFiscalYear } from '../src/server/seed/record-generator.ts';
import { demoTimeline } from '../src/server/seed/demo-story.ts';
import { loadActiveUser } from '../src/server/session/session-user.ts';
import { readArguments, runCommand, UsageError } from './command-line.ts';
import { openDemoDatabase, SEEDED_AS_OF } from './demo-database.ts';

const USAGE = 'Usage: npm run disclosure:usefulness [-- --min-institutions N --max-share-percent P]';
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
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

async function measure(db: Db, readable: number[], rule: DisclosureRule): Promise<Measured> {
  const m: Measured = {
    tallies: new Map(),
    reasons: new Map(),
    familyReasons: new Map(FAMILIES.map((f) => [f, new Map()])),
    hidden: new Map(),
    unfiltered: new Map(),
    asked: new Map(),
    leftOut: new Map(),
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
      const report = await runReport(db, type, params, readable, rule);
      const keys = REPORT_DEFINITIONS[type].measures.map((x) => x.key);
      const tally = m.tallies.get(type)!.get(family)!;
      tally.total += keys.length;
      for (const key of keys) {
        const reason = report.suppressed[key];
        if (reason === undefined) tally.shown++;
        else {
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

  const reasons = ['threshold', 'dominance', 'linked'] as const;
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

function parseRule(): DisclosureRule {
  const { values } = readArguments(USAGE, {
    'min-institutions': { type: 'string' },
    'max-share-percent': { type: 'string' },
  });
  const number = (name: string, given: string | undefined, fallback: number, min: number, max: number) => {
    if (given === undefined) return fallback;
    const n = Number(given);
    if (!/^\d+(\.\d+)?$/.test(given) || n < min || n > max)
      throw new UsageError(`--${name} must be from ${min} to ${max}, got "${given}".`);
    return n;
  };
  return {
    minInstitutions: number('min-institutions', values['min-institutions'], DEFAULT_DISCLOSURE_RULE.minInstitutions, 1, 100),
    maxSharePercent: number('max-share-percent', values['max-share-percent'], DEFAULT_DISCLOSURE_RULE.maxSharePercent, 50, 100),
  };
}

async function main(): Promise<void> {
  const rule = parseRule();
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

    const lines = [
      `# Province figures a \`${VIEWER}\` (reads ${names.map((n) => n.short_name).join(', ')}) still sees, demo data`,
      '',
      ...markdown(await measure(db, readable, rule), rule),
    ];
    // The sanity line: a rule that protects nothing must show every figure.
    const open: DisclosureRule = { minInstitutions: 1, maxSharePercent: 100 };
    const sanity = await measure(db, readable, open);
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
