import { sql, type SQL } from 'drizzle-orm';
import type { DisclosureRule } from '../../../shared/disclosure.ts';
import type { Term } from '../../../shared/constants.ts';
import { WORK_TERM_SPLITS } from '../../../shared/record-rules.ts';
import { newestFirst as newestPeriodsFirst } from '../../../shared/term-calendar.ts';
import type { ReportRelease } from '../../../shared/schemas/releases.ts';
import { REPORT_FLAG_KEY } from '../../../shared/schemas/report.ts';
import type { ReportFlag, ReportParams, ReportRow, SuppressionReason } from '../../../shared/schemas/report.ts';
import { queryHeavyRows, type Db } from '../../db/client.ts';
import { periodKey, type Period } from '../../db/data-versions.ts';
import { answerPart, cellParts, type ServedBlocks } from './release-blocks.ts';
import {
  directFigures,
  keepReleasedRecords,
  latestRelease,
  releaseAt,
  type DirectFigure,
  type ReleasedCells,
} from './released-records.ts';
import {
  changePartOf,
  fromCents,
  keptViewers,
  MAX_VIEWERS_AHEAD,
  periodChains,
  serveAhead,
  servedBlocks,
  type Part,
  type PeriodChain,
  type Viewer,
  viewerKey,
} from './served-releases.ts';

/**
 * The one place that decides what a person who may not read every institution sees of the others: the province row
 * of a report (docs/disclosure-control.md; decisions 020 and 024).
 *
 * The province row is their own institutions' figures, live, plus the part that comes from the institutions they may
 * not read, taken from the latest release of each period the question covers and never from live data: so nothing
 * they can ask (approved figures only or not, filters, the time of asking) changes that part except a new release.
 * Within a release that part is cut into blocks that do not depend on the question, the same for every question, and a
 * part of a figure is released only when every block it touches passes the rule and lies wholly inside the question;
 * any difference of released figures is then a sum of whole passing blocks. Across releases a block's change must pass
 * the rule too, or the block keeps its earlier value (release-blocks.ts). A question over a period never released shows
 * that part as not yet released.
 */

/** A measure as the rule sees it: the parts it rests on, the figure computed from their sums. */
export interface JudgedMeasure {
  key: string;
  parts: Record<string, SQL>;
  figure: (sums: Record<string, SQL>) => SQL;
  /** A figure computed from the records directly (a median): judged on the records it rests on. */
  direct?: { value: SQL; oneRecord?: boolean; of: DirectFigure };
}

export interface ProvinceFigures {
  /** The measures over every institution; a suppressed one is null. */
  values: ReportRow;
  suppressed: Record<string, SuppressionReason>;
  /** The row's mark: the viewer's own records' marks with the releases' (`p` provisional, `r` a revised final). */
  flag: ReportFlag | null;
  release: ReportRelease;
}

/** The question over the viewer's own institutions, live: the FROM and WHERE over `records r` (with `tr` for marks). */
export interface ProvinceQuestion {
  measures: readonly JudgedMeasure[];
  /** Every part any report rests on, so a release's data is read once for all of them. */
  parts: readonly Part[];
  /** Every direct figure any report shows, so a release's records are read and kept once for all of them. */
  directFigures: readonly DirectFigure[];
  /** FROM over the viewer's live records, with the returns joined (for the marks and approved figures only). */
  ownFrom: SQL;
  ownWhere: SQL;
  /** The marks of the viewer's own records, as an aggregate over `ownFrom`. */
  ownFlag: SQL;
  /** The question's filter over released records `r` and programs `p`, without institutions or status. */
  releasedWhere: SQL;
}

/** Whether the question holds a cell (discipline × credential × WIL type). */
function cellsOf(params: ReportParams): (cell: string) => boolean {
  const test = (list: readonly string[] | undefined, value: string) => !list?.length || list.includes(value);
  return (key) => {
    const { d, cr, w } = cellParts(key);
    return test(params.disciplines, d) && test(params.credentials, cr) && test(params.wilTypes, w);
  };
}

/** The answer for each part over every period of the question: the released total (in cents) or why not. */
type Released = Map<string, { cents: number; heldBack: boolean } | { reason: SuppressionReason }>;

/** A period's release (`step` of its chain) and the question's cells it serves. */
interface ServedPeriod extends ReleasedCells {
  chain: PeriodChain;
  step: number;
}

/** The viewer's served blocks of each released period of the question, in the order of its chains. */
type Served = Map<string, ServedBlocks>[];

async function releasedParts(
  db: Db,
  chains: readonly PeriodChain[],
  question: ProvinceQuestion,
  selects: (cell: string) => boolean,
  readable: readonly number[],
  rule: DisclosureRule,
): Promise<{ released: Released; served: Served }> {
  const released: Released = new Map();
  const names = [...new Set(question.measures.flatMap((m) => Object.keys(m.parts)))];
  if (chains.some((c) => c.releases.length === 0)) {
    for (const name of names) released.set(name, { reason: 'unreleased' });
    return { released, served: [] };
  }
  // One period at a time: a viewer's first question over many released periods reads each period's release data, and
  // asking for all at once queued them on every connection of the pool, so other people's requests waited (and at a
  // million records timed out).
  const served: Served = [];
  for (const chain of chains) served.push(await servedBlocks(db, { readable, rule }, chain, question.parts));
  for (const name of names) {
    let answer: { cents: number; heldBack: boolean } | { reason: SuppressionReason } = { cents: 0, heldBack: false };
    for (const period of served) {
      const part = answerPart(period.get(name)!, selects);
      if ('reason' in part) {
        answer = part;
        break;
      }
      answer = { cents: answer.cents + part.value, heldBack: answer.heldBack || part.heldBack };
    }
    released.set(name, answer);
  }
  return { released, served };
}

/**
 * The releases the question's cells are served from, per period: each with the cells it serves. A block held back
 * serves an earlier release's records, so the figures that are no sums read them from there, and the marks say what
 * that release was.
 */
function servedReleases(chains: readonly PeriodChain[], served: Served, selects: (cell: string) => boolean): ServedPeriod[] {
  return chains.flatMap((chain, n) => {
    const blocks = served[n]?.values().next().value;
    if (!blocks) return [];
    const byStep = new Map<number, Set<string>>();
    for (const [cell, step] of blocks.fromStep) {
      if (!selects(cell)) continue;
      if (!byStep.has(step)) byStep.set(step, new Set());
      byStep.get(step)!.add(cell);
    }
    return [...byStep].map(([step, cells]) => ({
      chain,
      step,
      period: releaseAt(chain, step),
      selects: (cell: string) => cells.has(cell),
    }));
  });
}

/**
 * The mark the releases give: `p` when a figure rests on a provisional release, `r` on a final one that revises an
 * earlier final one (a held-back block's figures are its earlier release's, and marked as that release was).
 */
function releaseFlag(periods: readonly ServedPeriod[]): ReportFlag | null {
  let flag: ReportFlag | null = null;
  for (const { chain, step } of periods) {
    if (!chain.releases[step]!.final) return 'p';
    if (chain.releases.slice(0, step).some((r) => r.final)) flag = 'r';
  }
  return flag;
}

/**
 * The province row for a viewer who may read only `readable`: their own live figures plus the released figures of the
 * others where the rule allows, null with a reason where it does not.
 */
export async function provinceFigures(
  db: Db,
  question: ProvinceQuestion,
  params: ReportParams,
  readable: number[],
  rule: DisclosureRule,
): Promise<ProvinceFigures> {
  const chains = await periodChains(db, params);
  const selects = cellsOf(params);
  const { released, served } = await releasedParts(db, chains, question, selects, readable, rule);
  const periods = servedReleases(chains, served, selects);
  const suppressed: Record<string, SuppressionReason> = {};
  for (const m of question.measures) {
    const reason = Object.keys(m.parts)
      .map((name) => released.get(name)!)
      .find((a) => 'reason' in a);
    if (reason && 'reason' in reason) suppressed[m.key] = reason.reason;
  }
  const sums = (m: JudgedMeasure) =>
    Object.fromEntries(
      Object.keys(m.parts).map((name) => {
        const part = released.get(name)!;
        const cents = 'cents' in part ? part.cents : 0;
        return [name, sql`(coalesce(own.${sql.identifier(name)}, 0) + ${fromCents(cents)}::numeric)`];
      }),
    );
  const ownParts = [...new Map(question.measures.flatMap((m) => Object.entries(m.parts))).entries()];
  const shown = question.measures.filter((m) => !(m.key in suppressed));
  const latest = chains.filter((c) => c.releases.length > 0);
  const direct = shown.filter((m) => m.direct);
  // Every direct figure from the viewer's own records and the kept released records (released-records.ts).
  const directValues = new Map<string, SQL>();
  if (direct.length > 0) {
    const values = await directFigures(
      db,
      direct.map((m) => m.direct!.of),
      question.directFigures,
      { from: question.ownFrom, where: question.ownWhere },
      periods,
      readable,
    );
    direct.forEach((m, n) => directValues.set(m.key, values[n]!));
  }
  const figures = shown.map((m) => sql`${m.direct ? directValues.get(m.key)! : m.figure(sums(m))} AS ${sql.identifier(m.key)}`);
  const [row] = await queryHeavyRows<ReportRow>(
    db,
    sql`WITH own AS (SELECT ${sql.join(
      [
        ...ownParts.map(([name, value]) => sql`sum(${value}) AS ${sql.identifier(name)}`),
        sql`${question.ownFlag} AS ${sql.identifier(REPORT_FLAG_KEY)}`,
      ],
      sql`, `,
    )} ${question.ownFrom} WHERE ${question.ownWhere})
    SELECT ${sql.join([...figures, sql`own.${sql.identifier(REPORT_FLAG_KEY)}`], sql`, `)} FROM own`,
  );
  // A lowest or highest fee is one record's own value: hidden whenever a record of the others is in it.
  for (const m of question.measures) {
    if (!m.direct?.oneRecord || m.key in suppressed) continue;
    const othersIn = Object.keys(m.parts).some((name) => {
      const part = released.get(name)!;
      return 'cents' in part && part.cents !== 0;
    });
    if (othersIn && !(rule.minInstitutions <= 1 && rule.maxSharePercent >= 100)) suppressed[m.key] = 'dominance';
  }
  linkSplits(question.measures, suppressed);
  const values: ReportRow = {};
  for (const m of question.measures) values[m.key] = m.key in suppressed ? null : (row![m.key] ?? null);
  const own = (row![REPORT_FLAG_KEY] as ReportFlag | null) ?? null;
  const fromReleases = releaseFlag(periods);
  const flag = own === 'p' || fromReleases === 'p' ? 'p' : (own ?? fromReleases);
  // A fee figure is held back too when the fees under it changed and the change was not released (CHANGE_PARTS).
  const feesHeld = ({ direct }: JudgedMeasure) => {
    const of = direct?.of;
    if (!of || of.stat === 'distinct') return false;
    return served.some((period) => {
      const part = answerPart(period.get(changePartOf(of.column))!, selects);
      return 'heldBack' in part && part.heldBack;
    });
  };
  const heldBack = question.measures
    .filter((m) => !(m.key in suppressed))
    .filter(
      (m) =>
        feesHeld(m) ||
        Object.keys(m.parts).some((name) => {
          const part = released.get(name)!;
          return 'heldBack' in part && part.heldBack;
        }),
    )
    .map((m) => m.key);
  // The releases the figures come from: of each period, those its cells are served from (a block held back is an
  // earlier release's), or its latest when the question holds none of its cells.
  const numbers = new Map(
    [
      ...latest.filter((c) => !periods.some((p) => p.chain === c)).map((c) => latestRelease(c)),
      ...periods.map((p) => p.period),
    ].map((r) => [r.release, r.releasedAt]),
  );
  return {
    values,
    suppressed,
    flag,
    release: {
      releases: [...numbers].sort(([a], [b]) => a - b).map(([number, released_at]) => ({ number, released_at })),
      unreleased: chains.filter((c) => c.releases.length === 0).map((c) => ({ fiscal_year: c.fy, term: c.term })),
      held_back: heldBack,
    },
  };
}

/**
 * The order periods are computed ahead in: newest first, so that after a restart the periods people ask about most
 * (the current and last fiscal years) are ready soonest, while older ones are still being computed.
 */
export const newestFirst = (chains: readonly PeriodChain[]): PeriodChain[] =>
  newestPeriodsFirst(chains, (chain) => ({ fiscal_year: chain.fy, term: chain.term as Term }));

/** What was computed ahead: how many released periods, for how many viewers. */
export interface ComputedAhead {
  periods: number;
  viewers: number;
}

/**
 * Computes and keeps what a question over `periods` needs (decision 043), so that the first question over them costs
 * what a later one does: right after a release of them, and at the server's start for every released period
 * (`'every released period'`), which a restart lost. It keeps the served blocks of each viewer in `viewers` and of
 * each viewer whose blocks are kept (at most MAX_VIEWERS_AHEAD in all, those given first), and the released records
 * the direct figures merge. What is kept is what a question would compute and keep itself, and a question asking
 * meanwhile shares the work in flight, so it changes no answer. Between steps it lets requests in and stops when
 * `signal` is aborted.
 */
export async function prepareProvinceFigures(
  db: Db,
  periods: readonly Period[] | 'every released period',
  viewers: readonly Viewer[],
  parts: readonly Part[],
  figures: readonly DirectFigure[],
  signal?: AbortSignal,
): Promise<ComputedAhead> {
  const wanted = periods === 'every released period' ? null : new Set(periods.map(periodKey));
  const chains = newestFirst(
    (await periodChains(db, {})).filter((c) => (!wanted || wanted.has(periodKey(c))) && c.releases.length > 0),
  );
  const byKey = new Map<string, Viewer>();
  for (const viewer of [...viewers, ...keptViewers(db)]) {
    const key = viewerKey(viewer);
    if (!byKey.has(key) && viewer.readable.length > 0) byKey.set(key, viewer);
  }
  const ahead = [...byKey.values()].slice(0, MAX_VIEWERS_AHEAD);
  await serveAhead(db, ahead, chains, parts, signal);
  await keepReleasedRecords(db, chains.map(latestRelease), figures, signal);
  return { periods: chains.length, viewers: ahead.length };
}

/**
 * The members of a work-term split add up to students placed on every record, so one hidden member could be worked
 * out from the others: when any member is hidden, every member shown beside it is hidden too ("linked").
 */
function linkSplits(measures: readonly JudgedMeasure[], suppressed: Record<string, SuppressionReason>): void {
  for (const { fields } of Object.values(WORK_TERM_SPLITS)) {
    const members = measures.filter((m) => (fields as readonly string[]).includes(m.key));
    if (!members.some((m) => m.key in suppressed)) continue;
    for (const m of members) suppressed[m.key] ??= 'linked';
  }
}
