import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { GeneratedRecord } from './record-generator.ts';

type PgArrayType = 'int' | 'text' | 'numeric' | 'timestamptz';

interface Column {
  name: string;
  type: PgArrayType;
  value: (r: GeneratedRecord) => number | string | null;
}

const at = (list: 'durations' | 'locations' | 'sectors', i: number) => (r: GeneratedRecord) => r[list][i] as number;

/** The records columns the seed fills, in insert order; the rest keep their defaults. */
const COLUMNS: readonly Column[] = [
  { name: 'institution_id', type: 'int', value: (r) => r.institutionId },
  { name: 'program_id', type: 'int', value: (r) => r.programId },
  { name: 'fiscal_year', type: 'text', value: (r) => r.fiscalYear },
  { name: 'term', type: 'text', value: (r) => r.term },
  { name: 'students_enrolled', type: 'int', value: (r) => r.studentsEnrolled },
  { name: 'students_seeking', type: 'int', value: (r) => r.studentsSeeking },
  { name: 'students_placed', type: 'int', value: (r) => r.studentsPlaced },
  { name: 'wt_4_month', type: 'int', value: at('durations', 0) },
  { name: 'wt_8_month', type: 'int', value: at('durations', 1) },
  { name: 'wt_12_month_plus', type: 'int', value: at('durations', 2) },
  { name: 'wt_vancouver_island_coast', type: 'int', value: at('locations', 0) },
  { name: 'wt_mainland_southwest', type: 'int', value: at('locations', 1) },
  { name: 'wt_thompson_okanagan', type: 'int', value: at('locations', 2) },
  { name: 'wt_kootenay', type: 'int', value: at('locations', 3) },
  { name: 'wt_cariboo', type: 'int', value: at('locations', 4) },
  { name: 'wt_north_coast', type: 'int', value: at('locations', 5) },
  { name: 'wt_nechako', type: 'int', value: at('locations', 6) },
  { name: 'wt_northeast', type: 'int', value: at('locations', 7) },
  { name: 'wt_other_canada', type: 'int', value: at('locations', 8) },
  { name: 'wt_international', type: 'int', value: at('locations', 9) },
  { name: 'wt_private', type: 'int', value: at('sectors', 0) },
  { name: 'wt_public', type: 'int', value: at('sectors', 1) },
  { name: 'wt_nonprofit', type: 'int', value: at('sectors', 2) },
  { name: 'employers_total', type: 'int', value: (r) => r.employersTotal },
  { name: 'employers_new', type: 'int', value: (r) => r.employersNew },
  { name: 'intl_students', type: 'int', value: (r) => r.intlStudents },
  { name: 'indigenous_students', type: 'int', value: (r) => r.indigenousStudents },
  { name: 'students_with_disability', type: 'int', value: (r) => r.studentsWithDisability },
  { name: 'avg_hourly_wage', type: 'numeric', value: (r) => r.avgHourlyWage },
  { name: 'coop_fee_domestic', type: 'numeric', value: (r) => r.coopFeeDomestic },
  { name: 'coop_fee_international', type: 'numeric', value: (r) => r.coopFeeInternational },
  { name: 'notes', type: 'text', value: (r) => r.notes },
  { name: 'status', type: 'text', value: (r) => r.status },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
];

const COLUMN_LIST = COLUMNS.map((c) => c.name).join(', ');

/** Quotes an array element only when PostgreSQL's array syntax needs it. */
function element(value: number | string | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (value !== '' && !/[{}",\\\s]/.test(value) && value.toUpperCase() !== 'NULL') return value;
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * Records collected column by column and inserted with one `INSERT … SELECT FROM unnest(…)`.
 * Each column travels as one PostgreSQL array literal in a text parameter: both drivers pass a string
 * through untouched, and joining numbers in JavaScript is much faster than the drivers' array encoders.
 */
export class RecordBatch {
  private readonly columns: (number | string | null)[][] = COLUMNS.map(() => []);

  get length(): number {
    return this.columns[0]?.length ?? 0;
  }

  push(record: GeneratedRecord): void {
    for (let i = 0; i < COLUMNS.length; i++) (this.columns[i] as unknown[]).push((COLUMNS[i] as Column).value(record));
  }

  clear(): void {
    for (const column of this.columns) column.length = 0;
  }

  /** The INSERT of everything collected; `createdBy` is the user shown as author (updated_at copies created_at). */
  insertSql(createdBy: number | null): SQL {
    const arrays = COLUMNS.map((column, i) => {
      const values = this.columns[i] as (number | string | null)[];
      const literal = column.type === 'int' ? `{${values.join(',')}}` : `{${values.map(element).join(',')}}`;
      return sql`${literal}::text::${sql.raw(column.type)}[]`;
    });
    return sql`INSERT INTO records (${sql.raw(COLUMN_LIST)}, updated_at, created_by, updated_by)
      SELECT u.*, u.created_at, ${createdBy}::int, ${createdBy}::int
      FROM unnest(${sql.join(arrays, sql`, `)}) AS u(${sql.raw(COLUMN_LIST)})`;
  }
}
