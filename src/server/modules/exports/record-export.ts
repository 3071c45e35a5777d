import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { to as copyTo } from 'pg-copy-streams';
import { COUNT_FIELDS, MONEY_FIELDS, RECORD_FIELD_LABELS } from '../../../shared/record-rules.ts';
import { REPORT_FLAG_COLUMN_LABEL } from '../../../shared/reports.ts';
import type { ExportCriteria } from '../../../shared/schemas/export.ts';
import { IMPORT_FIELD_LABELS } from '../../../shared/schemas/import.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { neutraliseFormulaSql } from '../../files/formula-guard.ts';
import { CSV_BOM, csvLines } from '../../files/table-files.ts';
import { EXCEL_EPOCH_DAYS, type SheetColumn } from '../../files/sheet-layout.ts';
import { writeXlsx } from '../../files/xlsx-stream.ts';
import { NAME_COLUMNS, recordColumn, recordFilterSql, RECORDS_WITH_NAMES, type NameColumn } from '../records/record-sql.ts';
import { APPROVED_ONLY, flagOf, preliminary, RETURN_JOIN, revised } from '../returns/return-flags.ts';

/**
 * Export Records (docs/product.md §8): every matching record, one row each, with readable headers, the names of its
 * institution and program, and the reports' Flag (p, r) from its return; under the table, the notes the route gives
 * (how many returns of the chosen periods are not approved, what the marks mean). Streamed: CSV straight from
 * PostgreSQL's COPY, XLSX through our own streaming writer fed in batches, so a million rows pass through in constant
 * memory.
 */

interface ExportColumn extends SheetColumn {
  key: string;
  /** The value as the workbook takes it. */
  value: SQL;
  /** The value as the CSV file shows it, when that differs. */
  csv?: SQL;
}

/** A name column of the record's institution or program, under its one label. */
const named = (key: NameColumn): ExportColumn => ({ key, kind: 'text', ...NAME_COLUMNS[key] });
/** A text field of the record itself, under the shared field label. */
const field = (key: 'fiscal_year' | 'term' | 'status' | 'notes'): ExportColumn => ({
  key,
  label: RECORD_FIELD_LABELS[key],
  kind: 'text',
  value: recordColumn(key),
});

export const RECORD_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'id', label: 'Record ID', kind: 'identifier', value: recordColumn('id') },
  named('institution'),
  named('institution_name'),
  named('program'),
  named('discipline'),
  named('credential'),
  named('wil_type'),
  field('fiscal_year'),
  field('term'),
  field('status'),
  // Beside the status: p when the record's return is not approved (or it has none), r when it changed after the
  // return's first approval; the reports' own rule (return-flags.ts) over the record alone.
  { key: 'flag', label: REPORT_FLAG_COLUMN_LABEL, kind: 'mark', value: flagOf(preliminary(), revised()) },
  ...COUNT_FIELDS.map((f): ExportColumn => ({ key: f, label: RECORD_FIELD_LABELS[f], kind: 'count', value: recordColumn(f) })),
  ...MONEY_FIELDS.map((f): ExportColumn => ({
    key: f,
    label: RECORD_FIELD_LABELS[f],
    kind: 'money',
    value: sql`${recordColumn(f)}::text`,
  })),
  field('notes'),
  {
    key: 'updated_at',
    label: IMPORT_FIELD_LABELS.last_changed,
    kind: 'timestamp',
    // An Excel date serial (days since 1899-12-30 UTC) to the second, as the CSV's text shows it.
    value: sql`(extract(epoch FROM date_trunc('second', ${recordColumn('updated_at')})) / 86400 + ${sql.raw(String(EXCEL_EPOCH_DAYS))})::float8`,
    csv: sql`to_char(${recordColumn('updated_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`,
  },
  // The version the values were read at: importing the file again is checked against it, so a copy that sat in
  // someone's downloads never undoes a newer change unasked (issue 28).
  { key: 'version', label: IMPORT_FIELD_LABELS.version, kind: 'identifier', value: recordColumn('version') },
];

// Each record with its return (tr), for its Flag and for `approvedOnly`.
const FROM = sql`${RECORDS_WITH_NAMES} ${RETURN_JOIN}`;
/** The columns as the XLSX writer takes them: it puts every text cell through the formula rule itself. */
const SELECT_LIST = sql.join(
  RECORD_EXPORT_COLUMNS.map((c) => sql`${c.value} AS ${sql.identifier(c.key)}`),
  sql`, `,
);
/**
 * The columns as COPY writes them into the CSV file, which no code of ours reads: every text column passes the
 * formula rule in SQL (formula-guard.ts). Counts are integers, money is numeric as text and the time of the last
 * change is ISO text, none of which the rule would touch anyway.
 */
const CSV_SELECT_LIST = sql.join(
  RECORD_EXPORT_COLUMNS.map(
    (c) => sql`${c.kind === 'text' ? neutraliseFormulaSql(c.value) : (c.csv ?? c.value)} AS ${sql.identifier(c.key)}`,
  ),
  sql`, `,
);

/**
 * CSV, every text column in quotes: Excel where `;` separates a list would split `x;=1+1` at the `;` and run the part
 * after it, which the formula rule's apostrophe in front cannot stop; a quoted field stays one cell (csvLines quotes
 * such fields in the files we write in TypeScript; decision 017).
 */
const COPY_OPTIONS = `FORMAT csv, FORCE_QUOTE (${RECORD_EXPORT_COLUMNS.filter((c) => c.kind === 'text')
  .map((c) => `"${c.key}"`)
  .join(', ')})`;

/** What an export holds besides its criteria: whether only approved returns' records go in, and the notes under it. */
export interface ExportOptions {
  approvedOnly?: boolean;
  notes?: readonly string[];
}

export const recordExportFilter = (criteria: ExportCriteria, approvedOnly = false) => {
  const where = recordFilterSql({ ...criteria, programName: criteria.programName, readable: 'all' }).where;
  return approvedOnly ? sql`${where} AND ${APPROVED_ONLY}` : where;
};

const headerLine = () => CSV_BOM + csvLines([RECORD_EXPORT_COLUMNS.map((c) => c.label)], 'unix');
/** The notes under the table, after an empty line, as under every download's table (table-files.ts). */
const notesLines = (notes: readonly string[] = []) =>
  notes.length ? csvLines([[], ...notes.map((note) => [note])], 'unix') : '';

/** Told how many rows an export sent once it ends, or null when it failed part-way (for the audit history). */
export type ExportDone = (rows: number | null) => void;

/**
 * The CSV file as a stream. PostgreSQL: COPY … TO STDOUT through a pooled connection (bind parameters are not allowed
 * in COPY, so the validated criteria are inlined as escaped literals). PGlite: COPY to its in-memory blob device,
 * which holds the whole file in memory: fine at the embedded database's scale, documented in the README.
 */
export async function recordsCsvStream(
  database: Database,
  criteria: ExportCriteria,
  done: ExportDone = () => {},
  options: ExportOptions = {},
): Promise<Readable> {
  const where = recordExportFilter(criteria, options.approvedOnly);
  const query = sql`SELECT ${CSV_SELECT_LIST} ${FROM} WHERE ${where} ORDER BY r.id`.inlineParams();
  const { sql: text } = new PgDialect().sqlToQuery(query);
  const out = new PassThrough();
  out.write(headerLine());
  if (database.kind === 'pglite') {
    const result = await database.pglite!.query(`COPY (${text}) TO '/dev/blob' WITH (${COPY_OPTIONS})`);
    // No blob at all when no row matched.
    if (result.blob) out.write(Buffer.from(await result.blob.arrayBuffer()));
    out.end(notesLines(options.notes));
    done(result.affectedRows ?? 0);
    return out;
  }
  const client = await database.pool!.connect();
  const copy = client.query(copyTo(`COPY (${text}) TO STDOUT WITH (${COPY_OPTIONS})`));
  // The file ends with the notes, once COPY has sent its last row.
  pipeline(copy, out, { end: false })
    .then(() => {
      client.release();
      out.end(notesLines(options.notes));
      done(copy.rowCount);
    })
    .catch((err: Error) => {
      client.release(err);
      out.destroy(err);
      done(null);
    });
  return out;
}

const BATCH = 2000;

/** The XLSX workbook as a stream, written from batches of rows in id order (xlsx-stream.ts). */
export function recordsXlsxStream(
  database: Database,
  criteria: ExportCriteria,
  done: ExportDone = () => {},
  options: ExportOptions = {},
): Readable {
  const out = new PassThrough();
  const where = recordExportFilter(criteria, options.approvedOnly);
  const money = new Set<string>(MONEY_FIELDS);
  let sent = 0;
  const batchAfter = (lastId: number) => {
    const rows = queryRows<Record<string, string | number | null>>(
      database.db,
      sql`SELECT ${SELECT_LIST} ${FROM} WHERE ${where} AND r.id > ${lastId} ORDER BY r.id LIMIT ${BATCH}`,
    );
    // Read ahead: if the download is abandoned meanwhile, nobody awaits this one, and its failure must not end the process.
    rows.catch(() => {});
    return rows;
  };
  async function* batches() {
    let pending = batchAfter(0);
    for (;;) {
      const rows = await pending;
      sent += rows.length;
      const full = rows.length === BATCH;
      // The database reads the next batch while this one is written out.
      if (full) pending = batchAfter(Number(rows.at(-1)!.id));
      // Money arrives as exact text and goes into the sheet as a number, so Excel can add it up.
      yield rows.map((row) =>
        RECORD_EXPORT_COLUMNS.map((c) => (money.has(c.key) && row[c.key] !== null ? Number(row[c.key]) : row[c.key]!)),
      );
      if (!full) return;
    }
  }
  // The writer waits for the download to drain before asking for the next batch, so memory stays flat.
  writeXlsx(out, 'Records', RECORD_EXPORT_COLUMNS, batches(), options.notes).then(
    () => done(sent),
    (err: Error) => {
      out.destroy(err);
      done(null);
    },
  );
  return out;
}

/** How many records the export of these criteria holds (the export screen's count, before the download). */
export async function recordExportCount(database: Database, criteria: ExportCriteria, approvedOnly = false): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n ${FROM} WHERE ${recordExportFilter(criteria, approvedOnly)}`,
  );
  return row!.n;
}
