/**
 * `npm run disclosure:audit` (issue 27): an independent audit of disclosure control. An attacker that shares no code
 * with the suppression (nothing from src/server/modules/disclosure/, nor the test suite's attacker) seeds the demo
 * data as of a fixed day into a fresh PGlite database in a temporary directory (scripts/demo-database.ts), starts the
 * real app in this process, signs in as the one-institution reader `writer` through the real HTTP layer and asks every
 * report over a broad set of questions about the chosen periods. From the answers alone (and the program list, which
 * every signed-in user reads) it writes the linear system of the other institutions' figures and bounds each
 * institution's figure per cell, per period, per discipline and per credential by linear programming
 * (scripts/disclosure-audit/). It prints markdown: the same data, rule and options give the same output apart from
 * the timings.
 *
 *   --fiscal-year YYYY/YY[..YYYY/YY]  the fiscal years audited (default: the latest with a final release of every term)
 *   --terms Summer,Fall,Spring         the terms audited (default: all three)
 *   --term-pairs                       also ask every pair of terms (default: each term alone and all together)
 *   --quick                            single filter values only: no pairs, no discipline × credential (weaker)
 *   --rule on|off                      off: the server runs with DISCLOSURE_MIN_INSTITUTIONS=1 and
 *                                      DISCLOSURE_MAX_SHARE_PERCENT=100, which protects nothing (the proof the audit
 *                                      finds leaks); default on, with the server's defaults
 *   --protection P                     the promise checked, in percent (default 15)
 *   --budget-seconds S                 time for the linear programs, sampled and exact (default 300); targets
 *                                      left are counted as unchecked
 *   --rows N                           at-risk figures listed in the table (default 60; all are counted)
 *
 * The promise (docs/product.md §11.1, docs/disclosure-control.md): an institution's figure is protected when whatever the
 * reader can work out from every answer leaves it at least 15 % below and above its true value: the attacker's
 * interval [lo, hi] has lo ≤ 0.85 v and hi ≥ 1.15 v. Why 15 %: the dominance rule releases a part of the province
 * only when no institution holds more than 85 % of it, so the others hold at least 15 % of the sum; a reader who
 * knows the sum S and nothing else can say of the largest contributor x only that it lies in [0, S], with
 * S − x ≥ 0.15 S ≥ 0.15 x. A figure determined more narrowly than what one passing released sum leaves its largest
 * contributor is a figure the rule did not protect. A true 0 is never at risk (decision 020: zeros are not
 * confidential); everything else known exactly is.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/server/db/client.ts';
import { readableInstitutions } from '../src/shared/permissions.ts';
import { REPORT_TYPES } from '../src/shared/reports.ts';
import { TERMS } from '../src/shared/constants.ts';
import type { Program } from '../src/shared/schemas/program.ts';
import { boundTargets, violations, type Bound, type Target } from './disclosure-audit/bounds.ts';
import { startDemoApp, type DemoApp, type Rule } from './disclosure-audit/demo-app.ts';
import {
  filterSets,
  periodKey,
  periodsOf,
  questions,
  questionUrl,
  type PeriodSet,
  type Question,
  type Term,
} from './disclosure-audit/questions.ts';
import { AttackerSystem, kindKey, QUANTITIES, type Answer, type Cell, type Offer } from './disclosure-audit/system.ts';
import { truePoint } from './disclosure-audit/truth.ts';
import { readArguments, runCommand, UsageError } from './command-line.ts';

const USAGE =
  'Usage: npm run disclosure:audit [-- --fiscal-year YYYY/YY[..YYYY/YY] --terms Summer,Fall,Spring --rule on|off ' +
  '--term-pairs --quick --protection P --budget-seconds S --rows N]';
const VIEWER = 'writer';

interface Options {
  fiscalYears?: string[];
  terms: Term[];
  /** The server's disclosure settings; undefined: its defaults. */
  rule?: Rule;
  ruleOff: boolean;
  protection: number;
  budgetMs: number;
  rows: number;
  termPairs: boolean;
  quick: boolean;
}

function parseOptions(): Options {
  const { values } = readArguments(USAGE, {
    'fiscal-year': { type: 'string' },
    terms: { type: 'string' },
    rule: { type: 'string' },
    protection: { type: 'string' },
    'budget-seconds': { type: 'string' },
    rows: { type: 'string' },
    'term-pairs': { type: 'boolean' },
    quick: { type: 'boolean' },
  });
  const number = (name: string, given: string | undefined, fallback: number, min: number, max: number) => {
    if (given === undefined) return fallback;
    const n = Number(given);
    if (!/^\d+(\.\d+)?$/.test(given) || n < min || n > max)
      throw new UsageError(`--${name} must be from ${min} to ${max}, got "${given}".`);
    return n;
  };
  let fiscalYears: string[] | undefined;
  if (values['fiscal-year'] !== undefined) {
    const m = /^(\d{4})\/\d{2}(?:\.\.(\d{4})\/\d{2})?$/.exec(values['fiscal-year']);
    if (!m) throw new UsageError(`--fiscal-year must look like 2024/25 or 2023/24..2024/25, got "${values['fiscal-year']}".`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to - from > 4) throw new UsageError('--fiscal-year: a run of at most five years, earliest first.');
    fiscalYears = Array.from({ length: to - from + 1 }, (_, n) => `${from + n}/${String((from + n + 1) % 100).padStart(2, '0')}`);
  }
  const terms = (values.terms ?? TERMS.join(',')).split(',').map((t) => t.trim());
  for (const t of terms) if (!(TERMS as readonly string[]).includes(t)) throw new UsageError(`--terms: unknown term "${t}".`);
  const rule = values.rule ?? 'on';
  if (rule !== 'on' && rule !== 'off') throw new UsageError('--rule must be on or off.');
  return {
    fiscalYears,
    terms: TERMS.filter((t) => terms.includes(t)),
    rule: rule === 'off' ? { minInstitutions: 1, maxSharePercent: 100 } : undefined,
    ruleOff: rule === 'off',
    protection: number('protection', values.protection, 15, 0, 100) / 100,
    budgetMs: number('budget-seconds', values['budget-seconds'], 300, 0, 3600) * 1000,
    rows: number('rows', values.rows, 60, 0, 100000),
    termPairs: values['term-pairs'] === true,
    quick: values.quick === true,
  };
}

/**
 * The periods audited, in one place: the fiscal years asked for, else the latest fiscal year whose submitted records
 * all rest on approved returns. (When the product has releases, this is where the audit is pointed at a release's
 * periods: everything after it works on whatever periods it returns.)
 */
async function choosePeriods(db: Db, options: Options): Promise<PeriodSet> {
  if (options.fiscalYears) return { fiscalYears: options.fiscalYears, terms: options.terms };
  // The province figures a reader gets of the others come from releases (decision 024): the latest fiscal year whose
  // every term's latest release is final.
  const [latest] = await queryRows<{ fiscal_year: string }>(
    db,
    sql`SELECT fiscal_year FROM (
          SELECT DISTINCT ON (fiscal_year, term) fiscal_year, term, final FROM release_periods
          ORDER BY fiscal_year, term, release_id DESC) latest
        GROUP BY fiscal_year HAVING bool_and(final) AND count(*) = 3
        ORDER BY fiscal_year DESC LIMIT 1`,
  );
  if (!latest) throw new Error('No fiscal year has a final release of every term: name one with --fiscal-year.');
  return { fiscalYears: [latest.fiscal_year], terms: options.terms };
}

interface ReportAnswer {
  columns: { key: string; kind: string }[];
  province: Record<string, unknown>;
  totals: Record<string, unknown>;
  suppressed: Record<string, string>;
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const fmt = (v: number | undefined) =>
  v === undefined
    ? '—'
    : !Number.isFinite(v)
      ? v > 0
        ? '∞'
        : '−∞'
      : Number.isInteger(Math.round(v * 1e6) / 1e6)
        ? String(Math.round(v))
        : v.toFixed(2);

interface NamedTarget extends Target {
  institution: number;
  level: 'period' | 'discipline × period' | 'credential × period' | 'cell';
  name: string;
  quantity: string;
}

/** Targets per unreadable institution and quantity: periods, then disciplines and credentials per period, then cells. */
function targetsOf(system: AttackerSystem, point: number[]): NamedTarget[] {
  const groups = new Map<string, { level: NamedTarget['level']; institution: number; name: string; cells: Cell[] }>();
  const put = (level: NamedTarget['level'], c: Cell, name: string) => {
    const key = `${level} ${c.institution} ${name}`;
    const g = groups.get(key) ?? { level, institution: c.institution, name, cells: [] };
    g.cells.push(c);
    groups.set(key, g);
  };
  for (const level of ['period', 'discipline × period', 'credential × period', 'cell'] as const)
    for (const c of system.cells) {
      if (c.copy !== 'submitted') continue;
      const p = periodKey(c.period);
      if (level === 'period') put(level, c, p);
      if (level === 'discipline × period') put(level, c, `${p} · ${c.kind.discipline}`);
      if (level === 'credential × period') put(level, c, `${p} · ${c.kind.credential}`);
      if (level === 'cell') put(level, c, `${p} · ${kindKey(c.kind).replaceAll(' | ', ' · ')}`);
    }
  const seen = new Set<string>();
  const targets: NamedTarget[] = [];
  for (const g of groups.values())
    QUANTITIES.forEach((quantity, n) => {
      // Records (programs that reported) are a quantity of the system, not a figure to protect: the program list is
      // public, and a count of programs is judged by the threshold alone (decision 020).
      if (quantity === 'records') return;
      const indices = g.cells.map((c) => c.base + n).sort((a, b) => a - b);
      const key = indices.join(',');
      if (seen.has(key)) return; // the same unknowns as a coarser target already listed (one kind in a discipline, say)
      seen.add(key);
      targets.push({
        institution: g.institution,
        level: g.level,
        name: g.name,
        quantity,
        indices,
        values: indices.map(() => 1),
        truth: indices.reduce((s, j) => s + point[j]!, 0),
      });
    });
  return targets;
}

/** Sampled objectives push sums up and down per institution and quantity: over its periods, per period, and per discipline and credential of a period. */
function groupings(system: AttackerSystem): number[][] {
  const keys: ((c: Cell) => string)[] = [
    (c) => `${c.institution}`,
    (c) => `${c.institution} ${periodKey(c.period)}`,
    (c) => `${c.institution} ${periodKey(c.period)} ${c.kind.discipline}`,
    (c) => `${c.institution} ${periodKey(c.period)} ${c.kind.credential}`,
  ];
  return keys.map((key) => {
    const ids = new Map<string, number>();
    const group = new Array<number>(system.numVars).fill(0);
    for (const c of system.cells)
      QUANTITIES.forEach((q, n) => {
        const k = `${key(c)} ${q}`;
        if (!ids.has(k)) ids.set(k, ids.size);
        group[c.base + n] = ids.get(k)!;
      });
    return group;
  });
}

/** Progress on stderr (the markdown goes to stdout). */
const progress = (message: string) => process.stderr.write(`disclosure audit: ${message}\n`);

async function audit(app: DemoApp, options: Options, started: number): Promise<string[]> {
  const db = app.db;
  const readable = readableInstitutions(app.profile.privileges);
  if (readable === 'all') throw new Error(`${VIEWER} reads every institution: nothing to audit.`);
  const set = await choosePeriods(db, options);
  const periods = periodsOf(set);

  // What is public: the institutions and the programs each runs (GET /api/institutions, GET /api/programs).
  const institutions = await app.get<{ id: number; short_name: string }[]>('/api/institutions');
  const nameOf = new Map(institutions.map((i) => [i.id, i.short_name]));
  const programs = await app.get<Program[]>('/api/programs');
  const offerMap = new Map<string, Offer>();
  for (const p of programs) {
    if (readable.includes(p.institution_id)) continue;
    const kind = { discipline: p.discipline, credential: p.credential, wilType: p.wil_type };
    const key = `${p.institution_id} ${kindKey(kind)}`;
    const o = offerMap.get(key) ?? { institution: p.institution_id, kind, programs: 0 };
    o.programs++;
    offerMap.set(key, o);
  }
  const offers = [...offerMap.values()].sort(
    (a, b) => a.institution - b.institution || kindKey(a.kind).localeCompare(kindKey(b.kind)),
  );

  // Periods whose province rows carry no preliminary mark: every record there is approved, so "approved only" asks
  // about the same records.
  const allApproved = new Set<string>();
  for (const p of periods) {
    const q: Question = { fiscalYears: [p.fiscalYear], terms: [p.term], approvedOnly: false };
    const r = await app.get<ReportAnswer>(questionUrl('term', q));
    if (r.province._flag !== 'p') allApproved.add(periodKey(p));
  }

  const system = new AttackerSystem(offers, periods, allApproved);
  const offered = {
    disciplines: new Set(offers.map((o) => o.kind.discipline)),
    credentials: new Set(offers.map((o) => o.kind.credential)),
    wilTypes: new Set(offers.map((o) => o.kind.wilType)),
  };
  const asked = questions(set, filterSets(offered, !options.quick), options.termPairs);
  const columnKinds = new Map<string, string>();
  const tally = { released: 0, hidden: 0, notUsed: 0 };
  const askStart = Date.now();
  for (const [n, q] of asked.entries()) {
    if (n % 200 === 0) progress(`question ${n} of ${asked.length}`);
    const answers: Answer[] = [];
    for (const type of REPORT_TYPES) {
      const r = await app.get<ReportAnswer>(questionUrl(type, q));
      for (const c of r.columns) columnKinds.set(`${type}.${c.key}`, c.kind);
      answers.push({ question: q, type, province: r.province, totals: r.totals, suppressed: r.suppressed });
    }
    const t = system.addAnswers(q, answers, periods, columnKinds);
    tally.released += t.released;
    tally.hidden += t.hidden;
    tally.notUsed += t.notUsed;
  }
  const askMs = Date.now() - askStart;
  progress(
    `asked ${asked.length} questions in ${(askMs / 1000).toFixed(0)} s; ${system.rows.length} constraints, ${system.numVars} unknowns`,
  );

  const point = await truePoint(db, system, periods);
  const linear = { numVars: system.numVars, varLower: system.varLower, varUpper: system.varUpper, rows: system.rows };
  const broken = violations(linear, point);
  const targets = targetsOf(system, point);
  if (process.env.AUDIT_DUMP)
    (await import('node:fs')).writeFileSync(process.env.AUDIT_DUMP, JSON.stringify({ linear, targets, point }));
  const solveStart = Date.now();
  const { bounds, stats } = await boundTargets(linear, targets, {
    protection: options.protection,
    budgetMs: options.budgetMs,
    groupings: groupings(system),
    progress,
  });
  const solveMs = Date.now() - solveStart;
  // Sanity: the truth lies in every interval solved.
  const outside = targets.filter((t, i) => {
    const b = bounds[i]!;
    const tol = 1e-6 * Math.max(1, Math.abs(t.truth));
    return (b.lo !== undefined && b.lo > t.truth + tol) || (b.hi !== undefined && b.hi < t.truth - tol);
  });

  const count = (v: Bound['verdict']) => bounds.filter((b) => b.verdict === v).length;
  const origin = (o: string) => system.rowOrigin.filter((x) => x === o).length;
  const atRisk = targets.map((t, i) => ({ t, b: bounds[i]! })).filter(({ b }) => b.verdict === 'at risk');
  const lines = [
    `# Disclosure audit: what a \`${VIEWER}\` can work out of other institutions' figures, demo data`,
    '',
    '## Settings',
    '',
    `- Rule on the server: ${options.ruleOff ? 'off — ' : ''}at least ${app.rule.minInstitutions} institutions the viewer may not read, none above ${app.rule.maxSharePercent} % (DISCLOSURE_MIN_INSTITUTIONS, DISCLOSURE_MAX_SHARE_PERCENT).`,
    `- Reader: \`${VIEWER}\`, reads ${readable.map((id) => nameOf.get(id)).join(', ')}; signed in through the HTTP layer.`,
    `- Promise checked: every institution figure's interval reaches ${options.protection * 100} % below and above its true value (lo ≤ ${1 - options.protection} v, hi ≥ ${1 + options.protection} v); a true 0 is never at risk. Why: the dominance rule leaves the others at least ${options.protection * 100} % of any released part, so one released sum never bounds its largest contributor more narrowly.`,
    `- Attacker: linear programming (HiGHS) over the continuous relaxation: non-negativity, program counts as the upper bound of records per cell, the record identities (work-term splits = students placed; placed ≤ seeking ≤ enrolled; new employers ≤ employers; demographics ≤ placed; placed with a wage ≤ placed), and every released province figure minus the reader's own totals.`,
    '',
    '## Periods',
    '',
    `- ${periods.map(periodKey).join(', ')} (${options.fiscalYears ? 'chosen' : 'the latest fiscal year with every return approved'}); asked ${options.termPairs ? 'over every subset of the terms' : 'per term and over all terms together'}${options.quick ? '; --quick: single filter values only' : ''}.`,
    `- Periods whose records are all approved ("approved only" is the same data there): ${[...allApproved].join(', ') || 'none'}.`,
    '',
    '## Questions and figures',
    '',
    row(['what', 'count']),
    row(['---', '---:']),
    row(['questions (period selection × filter × approved only or not)', asked.length]),
    row(['report requests (ten reports each, plus one per period for its mark)', app.requests() - 2]),
    row(['province figures released', tally.released]),
    row(['province figures hidden (answered null, in `suppressed`)', tally.hidden]),
    row([
      'released but not used (percentages whose parts are released, medians, lowest/highest fees, programs over several periods)',
      tally.notUsed,
    ]),
    row(['unreadable institutions with programs', new Set(offers.map((o) => o.institution)).size]),
    row(['unknowns (institution × period × program kind × quantity, approved copies included)', system.numVars]),
    row(['constraints: record identities and approved ≤ submitted', origin('identity')]),
    row(["constraints: released figures (distinct others' sums)", origin('released')]),
    row(['constraints: wage × placed derived from averages and counts', origin('derived')]),
    row(['inconsistent repeats of a released sum (should be 0)', system.inconsistencies.length]),
    '',
    '## Targets',
    '',
    row(['level', 'targets', 'zero', 'protected (by feasible points)', 'protected (exact LP)', 'at risk', 'unchecked']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const level of ['period', 'discipline × period', 'credential × period', 'cell'] as const) {
    const of = targets.map((t, i) => [t, bounds[i]!] as const).filter(([t]) => t.level === level);
    const c = (v: Bound['verdict']) => of.filter(([, b]) => b.verdict === v).length;
    lines.push(row([level, of.length, c('zero'), c('protected (sampled)'), c('protected'), c('at risk'), c('unchecked')]));
  }
  lines.push(
    row([
      '**all**',
      targets.length,
      count('zero'),
      count('protected (sampled)'),
      count('protected'),
      `**${count('at risk')}**`,
      count('unchecked'),
    ]),
    '',
    'Targets: each unreadable institution × quantity, per period, per discipline and per credential of a period, and per cell ' +
      '(a target with the same unknowns as one listed before it is counted once). _Zero_: true value 0, never at risk. ' +
      '_By feasible points_: values the system allows (sampled vertices, or optima of other targets) already reach both ' +
      'sides of the promise. _Exact LP_: minimised and maximised.',
    '',
    `Sanity: the true figures ${broken.length === 0 ? 'satisfy every constraint' : `break ${broken.length}+ constraints: ${broken.join('; ')}`}; ` +
      `${outside.length === 0 ? 'every interval solved holds its true value' : `${outside.length} intervals miss their true value`}.`,
    '',
    `## At risk: ${atRisk.length}`,
    '',
  );
  if (atRisk.length > 0) {
    // Exact ones first, then the narrowest relative to the value; ties in name order.
    const width = ({ t, b }: (typeof atRisk)[number]) => Math.max(0, Math.round((1e6 * (b.hi! - b.lo!)) / t.truth) / 1e6);
    atRisk.sort(
      (x, y) =>
        width(x) - width(y) ||
        (nameOf.get(x.t.institution) ?? '').localeCompare(nameOf.get(y.t.institution) ?? '') ||
        x.t.name.localeCompare(y.t.name) ||
        x.t.quantity.localeCompare(y.t.quantity),
    );
    const byQuantity = new Map<string, number>();
    for (const { t } of atRisk) byQuantity.set(t.quantity, (byQuantity.get(t.quantity) ?? 0) + 1);
    lines.push(
      `By quantity: ${[...byQuantity]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([q, n]) => `${q} ${n}`)
        .join(', ')}.`,
      `Exactly determined: ${atRisk.filter((x) => width(x) === 0).length}.`,
      '',
      row(['institution', 'level', 'target', 'quantity', 'true value', 'interval']),
      row(['---', '---', '---', '---', '---:', '---']),
    );
    for (const { t, b } of atRisk.slice(0, options.rows))
      lines.push(
        row([
          nameOf.get(t.institution) ?? String(t.institution),
          t.level,
          t.name,
          t.quantity,
          fmt(t.truth),
          `[${fmt(b.lo)}, ${fmt(b.hi)}]`,
        ]),
      );
    if (atRisk.length > options.rows) lines.push('', `… and ${atRisk.length - options.rows} more (--rows to list more).`);
    // What pins the first few: the released figures with a nonzero multiplier in the failing side's optimum.
    lines.push('', '### Evidence', '');
    for (const { t, b } of atRisk.slice(0, Math.min(options.rows, 10))) {
      const used = (b.evidence ?? []).filter((r) => system.rowOrigin[r] !== 'identity');
      const identities = (b.evidence ?? []).length - used.length;
      lines.push(
        `- ${nameOf.get(t.institution) ?? t.institution}, ${t.name}, ${t.quantity} (true ${fmt(t.truth)}, interval [${fmt(b.lo)}, ${fmt(b.hi)}]): ` +
          `${used.length} released figure${used.length === 1 ? '' : 's'} and ${identities} identit${identities === 1 ? 'y' : 'ies'}` +
          (used.length > 0 ? ':' : '.'),
        ...used.slice(0, 12).map((r) => `  - ${system.rowLabel[r]}`),
        ...(used.length > 12 ? [`  - … ${used.length - 12} more`] : []),
      );
    }
  }
  lines.push(
    '',
    '## Run time',
    '',
    `- asking: ${(askMs / 1000).toFixed(1)} s; bounding: ${(solveMs / 1000).toFixed(1)} s (${stats.sampleLps} sampled vertices, ${stats.exactLps} exact LPs); in all (seeding included): ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return lines;
}

async function main(): Promise<void> {
  const started = Date.now();
  const options = parseOptions();
  const app = await startDemoApp(VIEWER, options.rule);
  try {
    console.log((await audit(app, options, started)).join('\n'));
  } finally {
    await app.close();
  }
}

runCommand(USAGE, 'Auditing disclosure control', main);
