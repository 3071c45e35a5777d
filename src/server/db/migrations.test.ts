import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { queryRows, type Database } from './client.ts';
import * as schema from './schema.ts';

/** Every table of the Drizzle schema: its name and its columns' names. */
const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .map(({ name, columns }) => ({ name, columns: columns.map((column) => column.name) }));

describe('the committed migrations and the Drizzle schema', () => {
  let database: Database;
  let present: Map<string, Set<string>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      database.db,
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    present = new Map();
    for (const row of rows) {
      if (!present.has(row.table_name)) present.set(row.table_name, new Set());
      present.get(row.table_name)!.add(row.column_name);
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it('make every column the schema declares: a migration not generated (npm run db:generate) is named here', () => {
    expect(TABLES.length).toBeGreaterThan(10);
    const missing = TABLES.flatMap(({ name, columns }) =>
      columns.filter((column) => !present.get(name)?.has(column)).map((column) => `${name}.${column}`),
    );
    expect(missing, 'columns of db/schema.ts that no migration makes').toEqual([]);
  });

  it('make no column of the schema’s tables that the schema does not declare', () => {
    const undeclared = TABLES.flatMap(({ name, columns }) =>
      [...(present.get(name) ?? [])].filter((column) => !columns.includes(column)).map((column) => `${name}.${column}`),
    );
    expect(undeclared, 'columns the migrations make that db/schema.ts does not know').toEqual([]);
  });
});
