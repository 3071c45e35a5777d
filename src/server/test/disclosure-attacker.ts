import { COUNT_FIELDS, DURATION_FIELDS, WORK_TERM_SPLITS, type CountField } from '../../shared/record-rules.ts';
import type { ReportType } from '../../shared/reports.ts';
import type { Report, ReportParams } from '../../shared/schemas/report.ts';
import { RowSpace, valueOf, type Vector } from './row-space.ts';

/**
 * The attacker of issue 19, for modules/disclosure/attacker.test.ts: someone who may read one institution asks reports,
 * turns every province figure it gets into a linear equation over the other institutions' figures, and tries to solve
 * for one institution's figure, or for the sum of two institutions' figures.
 *
 * The unknowns are x[institution, cell, field]: what one institution the attacker may not read has in one finest cell
 * (fiscal year × term × discipline × credential × WIL type) for one count field, wherever that institution has a
 * submitted record in the cell. The attacker is granted knowing where every institution has records (a stronger
 * attacker than a real one, who would have more unknowns) and the identities every submitted record obeys: each
 * work-term split adds up to students placed. An answer's province figure minus the attacker's own part of it (the
 * `totals` row: the same question over what the attacker may read) is the sum of the unknowns in the question.
 *
 * What must stay secret (the targets): for one cell, one period, one fiscal year, one kind of program over all periods
 * and everything, each institution's sum of one field (or of work terms), and each sum of two institutions'.
 */

export interface Cell {
  fiscalYear: string;
  term: string;
  discipline: string;
  credential: string;
  wilType: string;
}

/** One record of the hand-made data set, as the test knows it. */
export interface KnownRecord {
  institution: string;
  cell: Cell;
  status: 'submitted' | 'draft';
  counts: Record<CountField, number>;
  wage: string | null;
}

/** One report the attacker asked for and the answer it got. */
export interface Answer {
  type: ReportType;
  params: ReportParams;
  url: string;
  report: Report;
}

/** A figure of the other institutions the attacker worked out exactly. */
export interface Leak {
  how: 'subtraction' | 'linear solve';
  target: string;
  value: string;
  truth: number;
  /** The answers used, each with its weight and column. */
  using: string[];
}

/** Count fields and students placed by records that report a wage (the salary report's count). */
export const UNKNOWN_FIELDS = [...COUNT_FIELDS, 'placed_with_wage'] as const;
export type UnknownField = (typeof UNKNOWN_FIELDS)[number];

/** The unknown fields a province column adds up; undefined for columns that are no sum of them (percentages, money, programs). */
export function fieldsOfColumn(key: string): readonly UnknownField[] | undefined {
  if ((UNKNOWN_FIELDS as readonly string[]).includes(key)) return [key as UnknownField];
  if (key === 'work_terms') return DURATION_FIELDS;
  return undefined;
}

export const cellKey = (c: Cell) => `${c.fiscalYear} ${c.term}, ${c.discipline} / ${c.credential} / ${c.wilType}`;

/** Whether a report's question takes in a cell (the filters of records/record-sql.ts). */
export function inQuestion(params: ReportParams, c: Cell): boolean {
  const within = (list: readonly string[] | undefined, v: string) => !list?.length || list.includes(v);
  return (
    (!params.fiscalYearFrom || c.fiscalYear >= params.fiscalYearFrom) &&
    (!params.fiscalYearTo || c.fiscalYear <= params.fiscalYearTo) &&
    within(params.terms, c.term) &&
    within(params.disciplines, c.discipline) &&
    within(params.credentials, c.credential) &&
    within(params.wilTypes, c.wilType)
  );
}

interface Unknown {
  institution: string;
  cell: Cell;
  field: UnknownField;
  truth: number;
}

/** The unknowns: every (unreadable institution, cell, field) with a submitted record, and each one's true value. */
function unknownsOf(known: readonly KnownRecord[], attacker: string): Unknown[] {
  const byKey = new Map<string, Unknown>();
  for (const r of known) {
    if (r.status !== 'submitted' || r.institution === attacker) continue;
    for (const field of UNKNOWN_FIELDS) {
      const key = `${r.institution}|${cellKey(r.cell)}|${field}`;
      const value = field === 'placed_with_wage' ? (r.wage === null ? 0 : r.counts.students_placed) : r.counts[field];
      const u = byKey.get(key) ?? { institution: r.institution, cell: r.cell, field, truth: 0 };
      u.truth += value;
      byKey.set(key, u);
    }
  }
  return [...byKey.values()];
}

interface Equation {
  vector: Vector;
  value: bigint;
  /** Which answer and column it comes from, for the report of a leak; the split identities have none. */
  answer?: number;
  column?: string;
}

const whole = (v: unknown, what: string): bigint => {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Error(`${what} is not a whole number: ${String(v)}`);
  return BigInt(v);
};

/**
 * Every released count figure of every answer as an equation. Each is checked against the known data first: an
 * equation that is not true of the data means the test's model of the reports is wrong, and its findings would be too.
 */
function equationsOf(answers: readonly Answer[], unknowns: readonly Unknown[]): Equation[] {
  const equations: Equation[] = [];
  // The same sum asked twice (or by two reports) says nothing new; one with no unknowns (nothing of the others in the
  // question) says nothing at all.
  const seen = new Set<string>();
  answers.forEach((a, n) => {
    for (const column of a.report.columns) {
      const fields = column.kind === 'count' ? fieldsOfColumn(column.key) : undefined;
      const released = a.report.province[column.key];
      if (!fields || released === null || released === undefined) continue;
      const value =
        whole(released, `${a.url} province ${column.key}`) - whole(a.report.totals[column.key], `${a.url} totals ${column.key}`);
      const vector: Vector = new Map();
      let truth = 0n;
      unknowns.forEach((u, i) => {
        if (!fields.includes(u.field) || !inQuestion(a.params, u.cell)) return;
        vector.set(i, 1n);
        truth += BigInt(u.truth);
      });
      if (truth !== value)
        throw new Error(`Model mismatch: ${a.url} gives ${column.key} of the others = ${value}, the data set says ${truth}`);
      const key = [...vector.keys()].join(',');
      if (vector.size === 0 || seen.has(key)) continue;
      seen.add(key);
      equations.push({ vector, value, answer: n, column: column.key });
    }
  });
  return equations;
}

/** On every (institution, cell): each work-term split adds up to students placed (known to everyone, value 0). */
function identitiesOf(unknowns: readonly Unknown[]): Equation[] {
  const index = new Map(unknowns.map((u, i) => [`${u.institution}|${cellKey(u.cell)}|${u.field}`, i]));
  const pairs = new Set(unknowns.map((u) => `${u.institution}|${cellKey(u.cell)}`));
  const identities: Equation[] = [];
  for (const pair of pairs) {
    for (const split of Object.values(WORK_TERM_SPLITS)) {
      const vector: Vector = new Map([[index.get(`${pair}|students_placed`)!, -1n]]);
      for (const f of split.fields) vector.set(index.get(`${pair}|${f}`)!, 1n);
      identities.push({ vector, value: 0n });
    }
  }
  return identities;
}

interface Target {
  label: string;
  vector: Vector;
  truth: number;
}

/** The support of a vector whose entries are all equal, as a key; undefined when they differ. */
function supportKey(v: Vector): { key: string; factor: bigint } | undefined {
  const values = [...v.values()];
  if (values.length === 0 || values.some((x) => x !== values[0])) return undefined;
  return { key: [...v.keys()].sort((a, b) => a - b).join(','), factor: values[0]! };
}

/** How targets are grouped: one cell, a period, a fiscal year, one kind of program over all periods, everything. */
const GROUPINGS: { name: (c: Cell) => string }[] = [
  { name: (c) => `in ${cellKey(c)}` },
  { name: (c) => `in ${c.fiscalYear} ${c.term}` },
  { name: (c) => `in ${c.fiscalYear}` },
  { name: (c) => `in ${c.discipline} / ${c.credential} / ${c.wilType}, all periods` },
  { name: () => 'in all' },
];

/**
 * What must stay secret: for each grouping, each field and each group, one institution's sum, and the sum of any two
 * institutions. Keyed by support, so the same vector reached by two groupings is one target.
 */
function targetsOf(unknowns: readonly Unknown[]): Map<string, Target> {
  const targets = new Map<string, Target>();
  for (const grouping of GROUPINGS) {
    const groups = new Map<string, Map<string, number[]>>();
    unknowns.forEach((u, i) => {
      // Work terms (the duration fields' sum) are a figure of their own.
      const names = (DURATION_FIELDS as readonly string[]).includes(u.field) ? [u.field, 'work_terms'] : [u.field];
      for (const field of names) {
        const g = `${field} ${grouping.name(u.cell)}`;
        const byInst = groups.get(g) ?? new Map<string, number[]>();
        byInst.set(u.institution, [...(byInst.get(u.institution) ?? []), i]);
        groups.set(g, byInst);
      }
    });
    for (const [g, byInst] of groups) {
      const insts = [...byInst.keys()].sort();
      const add = (label: string, members: number[]) => {
        const vector: Vector = new Map(members.map((i) => [i, 1n]));
        const key = supportKey(vector)!.key;
        if (!targets.has(key)) targets.set(key, { label, vector, truth: members.reduce((s, i) => s + unknowns[i]!.truth, 0) });
      };
      insts.forEach((a, n) => {
        add(`${a}'s ${g}`, byInst.get(a)!);
        for (const b of insts.slice(n + 1)) add(`${a} + ${b}: ${g}`, [...byInst.get(a)!, ...byInst.get(b)!]);
      });
    }
  }
  return targets;
}

/** The first answer, or difference of two answers for the same column, that is exactly one target. */
function bySubtraction(equations: readonly Equation[], targets: Map<string, Target>, answers: readonly Answer[]): Leak | null {
  const name = (e: Equation) => `#${e.answer! + 1} ${answers[e.answer!]!.url} → ${e.column}`;
  for (let i = 0; i < equations.length; i++) {
    const a = equations[i]!;
    const alone = supportKey(a.vector);
    const t = alone && targets.get(alone.key);
    if (t) return { how: 'subtraction', target: t.label, value: String(a.value), truth: t.truth, using: [name(a)] };
    for (const b of equations.slice(i + 1)) {
      if (b.column !== a.column) continue;
      const diff: Vector = new Map(a.vector);
      for (const [k, v] of b.vector) {
        const d = (diff.get(k) ?? 0n) - v;
        if (d === 0n) diff.delete(k);
        else diff.set(k, d);
      }
      const s = supportKey(diff);
      const hit = s && targets.get(s.key);
      if (hit) {
        const value = (a.value - b.value) / s.factor;
        return {
          how: 'subtraction',
          target: hit.label,
          value: String(value),
          truth: hit.truth,
          using: [name(a), `minus ${name(b)}`],
        };
      }
    }
  }
  return null;
}

/** The first target in the row space of the equations and identities, with the combination that gives it. */
function byLinearSolve(
  space: RowSpace,
  equations: readonly Equation[],
  targets: Map<string, Target>,
  answers: readonly Answer[],
): Leak | null {
  const values = equations.map((e) => e.value);
  for (const t of targets.values()) {
    const combination = space.express(t.vector);
    if (!combination) continue;
    const { numerator, denominator } = valueOf(combination, values);
    const used = [...combination.weights].filter(([k]) => equations[k]!.answer !== undefined);
    const identities = combination.weights.size - used.length;
    return {
      how: 'linear solve',
      target: t.label,
      value: denominator === 1n ? String(numerator) : `${numerator}/${denominator}`,
      truth: t.truth,
      using: [
        ...used.map(([k, w]) => {
          const e = equations[k]!;
          return `${w}/${combination.denominator} × #${e.answer! + 1} ${answers[e.answer!]!.url} → ${e.column}`;
        }),
        ...(identities > 0 ? [`and ${identities} work-term split identities`] : []),
      ],
    };
  }
  return null;
}

/** What one attack found, and how much it had to work with (so a pass can be told from an attacker that got nothing). */
export interface AttackResult {
  leak: Leak | null;
  /** Released count figures turned into equations. */
  equations: number;
  /** Independent equations among them and the split identities, minus the identities' own rank. */
  informativeRank: number;
}

/**
 * Plays the attacker over the answers: first by subtracting answers, then by solving all of them at once. Returns the
 * first figure recovered, or null.
 */
export function attack(
  known: readonly KnownRecord[],
  attacker: string,
  answers: readonly Answer[],
  /** Either way of attacking can be left out, to show that the other one works on its own. */
  options: { subtraction?: boolean; linearSolve?: boolean } = {},
): AttackResult {
  const unknowns = unknownsOf(known, attacker);
  const equations = equationsOf(answers, unknowns);
  const targets = targetsOf(unknowns);
  const identities = identitiesOf(unknowns);
  const space = new RowSpace();
  for (const e of identities) space.add(e.vector);
  const identityRank = space.rank;
  for (const e of equations) space.add(e.vector);
  const result = { equations: equations.length, informativeRank: space.rank - identityRank };
  const leak = options.subtraction === false ? null : bySubtraction(equations, targets, answers);
  if (leak || options.linearSolve === false) return { ...result, leak };
  return { ...result, leak: byLinearSolve(space, [...identities, ...equations], targets, answers) };
}

/** A leak in words, for the failure message. */
export function describeLeak(leak: Leak): string {
  return [
    `The attacker recovered ${leak.target} = ${leak.value} (true value ${leak.truth}) by ${leak.how}, from:`,
    ...leak.using.map((u) => `  ${u}`),
  ].join('\n');
}
