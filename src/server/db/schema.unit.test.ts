import { getTableColumns } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  COUNT_FIELDS,
  EDITABLE_FIELDS,
  MONEY_FIELDS,
  type CountField,
  type MoneyField,
  type RecordField,
} from '../../shared/record-rules.ts';
import { figureProperty, records, releaseRecords, type FigureProperty } from './schema.ts';

/** Each column of a table by its SQL name: its Drizzle property and SQL type. */
function columnsOf(table: typeof records | typeof releaseRecords): Map<string, { property: string; type: string }> {
  return new Map(
    Object.entries(getTableColumns(table)).map(([property, column]) => [column.name, { property, type: column.getSQLType() }]),
  );
}

/** The SQL type a figure's column has: counts are integers, money is numeric(10, 2). */
const typeOf = (field: string) => ((MONEY_FIELDS as readonly string[]).includes(field) ? 'numeric(10, 2)' : 'integer');

/** The records columns that are no field of record-rules.ts: the row's own bookkeeping. */
const BOOKKEEPING = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'];

describe("the records table and record-rules.ts's list of fields", () => {
  const columns = columnsOf(records);
  const fields: RecordField[] = ['institution_id', 'program_id', ...EDITABLE_FIELDS];

  it('has a column for every field, named as the field, under its camelCase property', () => {
    const missing = fields.filter((field) => !columns.has(field));
    expect(missing, 'fields of record-rules.ts without a records column').toEqual([]);
    for (const field of fields) expect(columns.get(field)?.property, field).toBe(figureProperty(field));
  });

  it('gives each figure the type of its kind', () => {
    for (const field of [...COUNT_FIELDS, ...MONEY_FIELDS]) expect(columns.get(field)?.type, field).toBe(typeOf(field));
  });

  it('has no column that is neither a field nor bookkeeping', () => {
    const stray = [...columns.keys()].filter((name) => !(fields as string[]).includes(name) && !BOOKKEEPING.includes(name));
    expect(stray, 'records columns that record-rules.ts does not know').toEqual([]);
  });

  it('keeps every figure in release_records too, by its own name and type', () => {
    const released = columnsOf(releaseRecords);
    for (const field of [...COUNT_FIELDS, ...MONEY_FIELDS]) expect(released.get(field)?.type, field).toBe(typeOf(field));
  });

  it('spells a property as Drizzle code does, in its type and at run time alike', () => {
    expectTypeOf<FigureProperty<'wt_12_month_plus'>>().toEqualTypeOf<'wt12MonthPlus'>();
    expectTypeOf<FigureProperty<'students_with_disability'>>().toEqualTypeOf<'studentsWithDisability'>();
    expectTypeOf<FigureProperty<'term'>>().toEqualTypeOf<'term'>();
    expect(figureProperty('wt_12_month_plus')).toBe('wt12MonthPlus');
    expect(figureProperty('students_with_disability')).toBe('studentsWithDisability');
    expect(figureProperty('term')).toBe('term');
    // Every figure's property is one the table's type knows (a spelling the two disagree on would not compile).
    const typed: Record<FigureProperty<CountField | MoneyField>, unknown> = getTableColumns(records);
    for (const field of [...COUNT_FIELDS, ...MONEY_FIELDS]) expect(typed[figureProperty(field)], field).toBeDefined();
  });
});
