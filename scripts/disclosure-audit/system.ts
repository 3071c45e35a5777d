/**
 * The attacker's linear system, written from nothing but what the API answered and what is public.
 *
 * Unknowns: each institution the reader may not read × period × program kind (discipline × credential × WIL type,
 * the finest thing the filters select) × quantity, for the kinds the institution runs (the program list, which any
 * signed-in user reads: `GET /api/programs`). Quantities: every count field of a record, students placed with a
 * wage, wage × placed (the weighted average wage's numerator) and the number of records (what the tuition report's
 * program count rests on within one period). "Approved only" questions count only records of approved returns: in a
 * period whose province rows were answered without a preliminary mark every record is approved and the two are the
 * same unknowns; otherwise they get unknowns of their own, at most the submitted ones.
 *
 * Constraints: non-negativity; at most as many records as the institution has programs of the kind; the identities
 * every submitted record obeys (src/shared/record-rules.ts: the three work-term splits each add up to students
 * placed; placed ≤ seeking ≤ enrolled; new employers ≤ employers; each demographic count ≤ placed; placed with a wage
 * ≤ placed); and, per question, every released province figure minus the reader's own (the `totals` row): the others'
 * sum. A figure answered as null gives nothing.
 */
import { COUNT_FIELDS, DURATION_FIELDS, WORK_TERM_SPLITS, DEMOGRAPHIC_FIELDS } from '../../src/shared/record-rules.ts';
import type { Row } from './bounds.ts';
import { describeQuestion, periodKey, selects, type Period, type Question } from './questions.ts';

export const QUANTITIES = [...COUNT_FIELDS, 'placed_with_wage', 'wage_x_placed', 'records'] as const;
export type Quantity = (typeof QUANTITIES)[number];

export interface Kind {
  discipline: string;
  credential: string;
  wilType: string;
}
export const kindKey = (k: Kind) => `${k.discipline} | ${k.credential} | ${k.wilType}`;

/** One institution's runs of one kind: what the attacker knows from the program list. */
export interface Offer {
  institution: number;
  kind: Kind;
  programs: number;
}

export type Copy = 'submitted' | 'approved';

export interface Cell {
  institution: number;
  period: Period;
  kind: Kind;
  copy: Copy;
  /** Index of its first quantity's unknown; quantity q is at `base + QUANTITIES.indexOf(q)`. */
  base: number;
  programs: number;
}

const Q = Object.fromEntries(QUANTITIES.map((q, n) => [q, n])) as Record<Quantity, number>;

export interface Answer {
  question: Question;
  type: string;
  province: Record<string, unknown>;
  totals: Record<string, unknown>;
  suppressed: Record<string, string>;
}

/** The figures of the province row: everything but the grouping columns, the mark and year-over-year columns. */
export const isProvinceFigure = (key: string, kind: string) => kind !== 'text' && !/_change(_pct)?$/.test(key);

export class AttackerSystem {
  cells: Cell[] = [];
  rows: Row[] = [];
  /** Where each row came from (identity, or a released figure), for the counts in the output. */
  rowOrigin: ('identity' | 'released' | 'derived')[] = [];
  /** Each row in words. */
  rowLabel: string[] = [];
  numVars = 0;
  private cellIndex = new Map<string, Cell>();
  /** Released others' sums already written, by their unknowns: a repeat only checks consistency. */
  private written = new Map<string, number>();
  inconsistencies: string[] = [];

  constructor(
    offers: Offer[],
    periods: Period[],
    /** Periods whose records are all approved: "approved only" is the same data there. */
    allApproved: Set<string>,
  ) {
    for (const copy of ['submitted', 'approved'] as const)
      for (const period of periods) {
        if (copy === 'approved' && allApproved.has(periodKey(period))) continue;
        for (const o of offers) {
          const cell: Cell = { institution: o.institution, period, kind: o.kind, copy, base: this.numVars, programs: o.programs };
          this.numVars += QUANTITIES.length;
          this.cells.push(cell);
          this.cellIndex.set(this.cellKey(o.institution, period, o.kind, copy), cell);
          this.identities(cell);
        }
      }
  }

  private cellKey(institution: number, period: Period, kind: Kind, copy: Copy) {
    return `${institution} ${periodKey(period)} ${kindKey(kind)} ${copy}`;
  }

  /** The cell whose unknowns a question over `copy` reads (an all-approved period's approved copy is its submitted one). */
  cell(institution: number, period: Period, kind: Kind, copy: Copy): Cell | undefined {
    return (
      this.cellIndex.get(this.cellKey(institution, period, kind, copy)) ??
      this.cellIndex.get(this.cellKey(institution, period, kind, 'submitted'))
    );
  }

  get varLower(): number[] {
    return new Array<number>(this.numVars).fill(0);
  }

  get varUpper(): number[] {
    const upper = new Array<number>(this.numVars).fill(Infinity);
    for (const c of this.cells) upper[c.base + Q.records] = c.programs;
    return upper;
  }

  private add(row: Row, origin: 'identity' | 'released' | 'derived', label = 'a record identity') {
    const order = row.indices.map((j, n) => [j, row.values[n]!] as const).sort((a, b) => a[0] - b[0]);
    this.rows.push({ ...row, indices: order.map(([j]) => j), values: order.map(([, v]) => v) });
    this.rowOrigin.push(origin);
    this.rowLabel.push(label);
  }

  private identities(c: Cell) {
    const at = (q: Quantity) => c.base + Q[q];
    const equal = (lhs: Quantity[], rhs: Quantity) =>
      this.add({ indices: [...lhs.map(at), at(rhs)], values: [...lhs.map(() => 1), -1], lower: 0, upper: 0 }, 'identity');
    const atMost = (small: Quantity, big: Quantity) =>
      this.add({ indices: [at(small), at(big)], values: [1, -1], lower: -Infinity, upper: 0 }, 'identity');
    for (const split of Object.values(WORK_TERM_SPLITS)) equal([...split.fields], 'students_placed');
    atMost('students_placed', 'students_seeking');
    atMost('students_seeking', 'students_enrolled');
    atMost('employers_new', 'employers_total');
    for (const d of DEMOGRAPHIC_FIELDS) atMost(d, 'students_placed');
    atMost('placed_with_wage', 'students_placed');
    if (c.copy === 'approved') {
      const submitted = this.cellIndex.get(this.cellKey(c.institution, c.period, c.kind, 'submitted'))!;
      for (const q of QUANTITIES)
        this.add({ indices: [c.base + Q[q], submitted.base + Q[q]], values: [1, -1], lower: -Infinity, upper: 0 }, 'identity');
    }
  }

  /** The cells a question selects (its unknowns). */
  selected(q: Question, periods: Period[]): Cell[] {
    const copy: Copy = q.approvedOnly ? 'approved' : 'submitted';
    const found = new Set<Cell>();
    for (const c of this.cells)
      if (c.copy === 'submitted' && periods.some((p) => periodKey(p) === periodKey(c.period)) && selects(q, c.period, c.kind)) {
        const cell = this.cell(c.institution, c.period, c.kind, copy);
        if (cell) found.add(cell);
      }
    return [...found];
  }

  /** Writes `lower ≤ Σ quantities over cells ≤ upper` once per selection and part. */
  private others(
    key: string,
    label: string,
    cells: Cell[],
    quantities: Quantity[],
    lower: number,
    upper: number,
    origin: 'released' | 'derived',
  ) {
    if (cells.length === 0) {
      // Nobody the reader may not read runs such programs: the others' sum must be 0.
      if (lower > 1e-6 || upper < -1e-6) this.inconsistencies.push(`${key}: ${lower}..${upper} over no unknowns`);
      return;
    }
    const indices = cells.flatMap((c) => quantities.map((q) => c.base + Q[q])).sort((a, b) => a - b);
    // One row per sum of unknowns: another question over the same unknowns (an "approved only" one in a period where
    // everything is approved, a filter value that adds no program of the others) only has to agree with it.
    const same = `${origin} ${indices.join(',')}`;
    const seen = this.written.get(same);
    if (seen !== undefined) {
      if (origin === 'released' && Math.abs(seen - lower) > 1e-6 * Math.max(1, Math.abs(seen)))
        this.inconsistencies.push(`${label}: ${seen} and ${lower}`);
      return;
    }
    this.written.set(same, lower);
    const value = lower === upper ? `${lower}` : `${lower.toFixed(2)}..${upper.toFixed(2)}`;
    this.add(
      { indices, values: indices.map(() => 1), lower, upper },
      origin,
      `${label}: others' ${quantities.join(' + ')} = ${value}`,
    );
  }

  /**
   * The constraints of one question's answers (every report asked). Returns the province figures released and hidden
   * and those released but not used (percentages whose parts are released anyway, medians, lowest and highest fees).
   */
  addAnswers(question: Question, answers: Answer[], periods: Period[], columnKinds: Map<string, string>) {
    const tally = { released: 0, hidden: 0, notUsed: 0 };
    const cells = this.selected(question, periods);
    const selection = JSON.stringify(question);
    const label = describeQuestion(question);
    const onePeriod = question.fiscalYears.length === 1 && question.terms.length === 1;
    const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : null);
    let wage: { province: number; totals: number | null } | undefined;
    let withWage: { province: number; totals: number } | undefined;
    for (const a of answers)
      for (const [key, value] of Object.entries(a.province)) {
        const kind = columnKinds.get(`${a.type}.${key}`);
        if (!kind || !isProvinceFigure(key, kind)) continue;
        if (key in a.suppressed) {
          tally.hidden++;
          continue;
        }
        tally.released++;
        const province = num(value);
        const own = num(a.totals[key]);
        const part = (quantities: Quantity[]) => {
          if (province === null || own === null) throw new Error(`${a.type} ${key}: released but not a number`);
          this.others(
            `${selection} ${quantities.join('+')}`,
            `${label} (${a.type})`,
            cells,
            quantities,
            province - own,
            province - own,
            'released',
          );
        };
        if ((COUNT_FIELDS as readonly string[]).includes(key)) part([key as Quantity]);
        else if (key === 'work_terms') part([...DURATION_FIELDS]);
        else if (key === 'placed_with_wage') {
          part(['placed_with_wage']);
          withWage = { province: province!, totals: own! };
        } else if (key === 'avg_hourly_wage' && province !== null) wage = { province, totals: own };
        else if (key === 'programs' && onePeriod) part(['records']);
        else tally.notUsed++;
      }
    // The weighted average wage, rounded to cents, times placed with a wage gives wage × placed within half a cent
    // per student: the others' part of it lies in an interval (only when placed with a wage is released too).
    if (wage && withWage && withWage.province > 0) {
      const mid = wage.province * withWage.province - (wage.totals ?? 0) * withWage.totals;
      const error = 0.005 * (withWage.province + (wage.totals === null ? 0 : withWage.totals));
      this.others(
        `${selection} wage_x_placed`,
        `${label} (average wage)`,
        cells,
        ['wage_x_placed'],
        mid - error,
        mid + error,
        'derived',
      );
    }
    return tally;
  }
}
