import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { COUNT_FIELDS, MONEY_FIELDS } from '../../shared/record-rules.ts';
import type { GeneratedRecord } from './record-generator.ts';

type PgArrayType = 'int' | 'text' | 'numeric' | 'timestamptz';

interface Column {
  name: string;
  type: PgArrayType;
  value: (r: GeneratedRecord) => number | string | null;
}

/** The records columns the seed fills, in insert order; the rest keep their defaults. Every figure of record-rules.ts is one. */
const COLUMNS: readonly Column[] = [
  { name: 'institution_id', type: 'int', value: (r) => r.institutionId },
  { name: 'program_id', type: 'int', value: (r) => r.programId },
  { name: 'fiscal_year', type: 'text', value: (r) => r.fiscalYear },
  { name: 'term', type: 'text', value: (r) => r.term },
  ...COUNT_FIELDS.map((name): Column => ({ name, type: 'int', value: (r) => r[name] })),
  ...MONEY_FIELDS.map((name): Column => ({ name, type: 'numeric', value: (r) => r[name] })),
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
