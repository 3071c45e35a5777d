import { z } from 'zod';
import { TERMS } from '../constants.ts';
import { COUNT_FIELDS, fiscalYearError, MONEY_FIELDS, RECORD_FIELD_LABELS } from '../record-rules.ts';
import { textField } from './text.ts';

/**
 * Spreadsheet import of records (issue 6): a CSV or XLSX file is read into columns and rows of text
 * (`POST /api/imports/parse`), the person maps columns to record fields, a dry run says row by row what would happen
 * (`POST /api/imports/dry-run`), and the commit writes every row or none (`POST /api/imports/commit`).
 */

/** Largest file accepted, in bytes. */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** Most data rows (the heading row aside) one import takes. */
export const MAX_IMPORT_ROWS = 5000;
/** Most columns a file may have. */
export const MAX_IMPORT_COLUMNS = 200;
/** Longest cell accepted (notes allow 4,000 characters; anything far longer is not a record's value). */
export const MAX_IMPORT_CELL_LENGTH = 10_000;

export const CSV_CONTENT_TYPE = 'text/csv';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Columns that say which program (and record) a row is for. */
export const IMPORT_KEY_FIELDS = ['record_id', 'institution', 'program_id', 'program'] as const;
/**
 * Columns that say which state of the record the file's values were read from (the record export writes both): a row
 * whose record changed since is a conflict, never an ordinary update (issue 28).
 */
export const IMPORT_VERSION_FIELDS = ['version', 'last_changed'] as const;
/** Every field a column can be mapped to, in the order the mapping step lists them. */
export const IMPORT_FIELDS = [
  ...IMPORT_KEY_FIELDS,
  'fiscal_year',
  'term',
  'status',
  ...COUNT_FIELDS,
  ...MONEY_FIELDS,
  'notes',
  ...IMPORT_VERSION_FIELDS,
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * Each field's label; for the record's own fields these are the record export's column headers, so an exported file
 * maps itself.
 */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  record_id: 'Record ID',
  institution: 'Institution',
  program_id: 'Program ID',
  program: 'Program',
  fiscal_year: RECORD_FIELD_LABELS.fiscal_year,
  term: RECORD_FIELD_LABELS.term,
  status: RECORD_FIELD_LABELS.status,
  ...(Object.fromEntries([...COUNT_FIELDS, ...MONEY_FIELDS].map((f) => [f, RECORD_FIELD_LABELS[f]])) as Record<
    (typeof COUNT_FIELDS)[number] | (typeof MONEY_FIELDS)[number],
    string
  >),
  notes: RECORD_FIELD_LABELS.notes,
  version: 'Record version',
  last_changed: 'Last changed (UTC)',
};

/** Other headings people give these columns in their own spreadsheets (compared ignoring case and punctuation). */
export const IMPORT_FIELD_ALIASES: Partial<Record<ImportField, readonly string[]>> = {
  record_id: ['Record', 'Record number', 'ID'],
  institution: ['Institution short name', 'Short name', 'School'],
  program_id: ['Program number'],
  program: ['Program name', 'Programme'],
  fiscal_year: ['FY', 'Year'],
  students_enrolled: ['Enrolled', 'Enrolment', 'Enrollment'],
  students_seeking: ['Seeking', 'Students seeking'],
  students_placed: ['Placed', 'Placements'],
  wt_4_month: ['4 month', '4-month'],
  wt_8_month: ['8 month', '8-month'],
  wt_12_month_plus: ['12 month', '12-month', '12+ month'],
  wt_other_canada: ['Other Canada', 'Elsewhere in Canada'],
  wt_international: ['International', 'Outside Canada'],
  wt_private: ['Private', 'Private sector'],
  wt_public: ['Public', 'Public sector'],
  wt_nonprofit: ['Non-profit', 'Nonprofit'],
  employers_total: ['Employers total', 'Total employers'],
  intl_students: ['International students'],
  indigenous_students: ['Indigenous students'],
  students_with_disability: ['Students with disability', 'Students with disabilities'],
  avg_hourly_wage: ['Hourly wage', 'Wage', 'Average wage', 'Avg wage', 'Avg hourly wage'],
  coop_fee_domestic: ['Domestic fee', 'Co-op fee domestic'],
  coop_fee_international: ['International fee', 'Co-op fee international'],
  notes: ['Comments', 'Comment', 'Remarks'],
  version: ['Version'],
  last_changed: ['Last changed', 'Updated at', 'Last updated'],
};

/** `POST /api/imports/parse`: the first sheet's headings and its data rows, every cell as text. */
export const ImportFileSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** The stored upload: send it with the commit, which keeps the file with the import (issue 28). */
  uploadId: z.number().int().optional(),
});

/** `POST /api/imports/parse?fileName=`: the uploaded file's own name, kept with the file. */
export const ImportParseQuerySchema = z.object({ fileName: textField({ label: 'fileName', max: 255 }).optional() }).strict();

/** `GET /api/imports`: a committed import, newest first, with its file when the person may download it. */
export const PastImportSchema = z.object({
  id: z.number().int(),
  /** When it was committed (ISO, UTC). */
  at: z.string(),
  by: z.string().nullable(),
  fileName: z.string().nullable(),
  counts: z.object({ created: z.number().int(), updated: z.number().int() }),
  /** Records written over a newer change by the person's choice, and records they chose to keep as they were. */
  overwritten: z.number().int(),
  keptCurrent: z.number().int(),
  file: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }).nullable(),
});
export type PastImport = z.infer<typeof PastImportSchema>;
export type ImportFile = z.infer<typeof ImportFileSchema>;

const columnIndex = (field: ImportField) =>
  z
    .number({ error: `mapping.${field} must be a column number` })
    .int(`mapping.${field} must be a column number`)
    .min(0, `mapping.${field} must be a column number`)
    .max(MAX_IMPORT_COLUMNS - 1, `mapping.${field} must be a column number`);

const mappingShape = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, columnIndex(f).optional()])) as {
  [F in ImportField]: z.ZodOptional<z.ZodNumber>;
};

/** Field → column (0-based) of the rows; a field left out is not in the file. */
export const ImportMappingSchema = z.object(mappingShape).strict();
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** What a person chose for a conflict: write the file's values over the newer record, or keep the record's. */
export const CONFLICT_CHOICES = ['file', 'current'] as const;
export type ConflictChoice = (typeof CONFLICT_CHOICES)[number];

/** `POST /api/imports/dry-run` and `POST /api/imports/commit`: the same body. */
export const ImportRequestSchema = z
  .object({
    mapping: ImportMappingSchema,
    /** The fiscal year of rows without one of their own (no column mapped, or the cell is blank). */
    fiscalYear: z
      .string({ error: 'fiscalYear must be a fiscal year written like 2024/25' })
      .superRefine((v, ctx) => {
        const message = fiscalYearError(v);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .optional(),
    /** The term of rows without one of their own. */
    term: z.enum(TERMS, { error: `term must be one of: ${TERMS.join(', ')}` }).optional(),
    rows: z
      .array(
        z
          .array(
            z
              .string({ error: 'rows must hold text cells' })
              .max(
                MAX_IMPORT_CELL_LENGTH,
                `A cell may hold at most ${MAX_IMPORT_CELL_LENGTH.toLocaleString('en-CA')} characters`,
              ),
            { error: 'rows must be a list of rows, each a list of cells' },
          )
          .max(MAX_IMPORT_COLUMNS, `A row may have at most ${MAX_IMPORT_COLUMNS} cells`),
        { error: 'rows must be a list of rows, each a list of cells' },
      )
      .min(1, 'There are no rows to import')
      .max(MAX_IMPORT_ROWS, `Import at most ${MAX_IMPORT_ROWS.toLocaleString('en-CA')} rows at a time`),
    /** The file's column headings: the refused-rows file repeats them (`POST /api/imports/refused-rows`). */
    columns: z
      .array(textField({ label: 'columns', max: MAX_IMPORT_CELL_LENGTH }), { error: 'columns must be a list of headings' })
      .max(MAX_IMPORT_COLUMNS, `A file may have at most ${MAX_IMPORT_COLUMNS} columns`)
      .optional(),
    /** The uploaded file's name, kept in the audit history. */
    fileName: textField({ label: 'fileName', max: 255 }).optional(),
    /**
     * What to do with each conflict (a row whose record changed after the file was made), each made against the
     * record's version the person saw: `file` writes the file's values over it, `current` leaves the record as it is.
     * A conflict without a choice for its record's current version is not applied, and the commit refuses.
     */
    choices: z
      .array(
        z
          .object({
            row: z
              .number({ error: 'choices[].row must be a row number' })
              .int()
              .min(2)
              .max(MAX_IMPORT_ROWS + 1),
            keep: z.enum(CONFLICT_CHOICES, { error: `choices[].keep must be one of: ${CONFLICT_CHOICES.join(', ')}` }),
            version: z.number({ error: 'choices[].version must be a version number' }).int().min(1).max(2_147_483_647),
          })
          .strict(),
        { error: 'choices must be a list of { row, keep, version }' },
      )
      .max(MAX_IMPORT_ROWS, `choices may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-CA')} items`)
      .optional(),
    /** The upload this import's rows were read from (`POST /api/imports/parse`): kept with the import. */
    uploadId: z
      .number({ error: 'uploadId must be the id the file was read under' })
      .int('uploadId must be the id the file was read under')
      .min(1, 'uploadId must be the id the file was read under')
      .max(2_147_483_647, 'uploadId must be the id the file was read under')
      .optional(),
    /** The dry run's fingerprint: a commit refuses (409) when the records it would touch changed since that check. */
    fingerprint: z
      .string({ error: 'fingerprint is not valid' })
      .max(128, 'fingerprint is not valid')
      .regex(/^[A-Za-z0-9_-]*$/, 'fingerprint is not valid')
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const m = body.mapping;
    const byColumn = new Map<number, ImportField>();
    for (const field of IMPORT_FIELDS) {
      const column = m[field];
      if (column === undefined) continue;
      const taken = byColumn.get(column);
      if (taken) {
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', field],
          message: `${IMPORT_FIELD_LABELS[field]} and ${IMPORT_FIELD_LABELS[taken]} are both mapped to column ${column + 1}; choose one column for each`,
        });
      }
      byColumn.set(column, field);
    }
    // A column past the file's last names nothing: its cells would be read as blank and clear the records' values.
    const width = body.columns?.length ?? body.rows.reduce((most, row) => Math.max(most, row.length), 0);
    for (const field of IMPORT_FIELDS) {
      const column = m[field];
      if (column === undefined || column < width) continue;
      ctx.addIssue({
        code: 'custom',
        path: ['mapping', field],
        message: `${IMPORT_FIELD_LABELS[field]} is matched to column ${column + 1}, but the file has ${width} ${width === 1 ? 'column' : 'columns'}`,
      });
    }
    const identified =
      m.record_id !== undefined || m.program_id !== undefined || (m.institution !== undefined && m.program !== undefined);
    if (!identified) {
      ctx.addIssue({
        code: 'custom',
        path: ['mapping', m.institution === undefined ? 'institution' : 'program'],
        message: 'Choose the columns that hold the institution and the program (or a Record ID or Program ID column)',
      });
    }
    if (m.record_id === undefined && m.fiscal_year === undefined && body.fiscalYear === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fiscalYear'],
        message: 'Choose the column that holds the fiscal year, or the fiscal year of every row',
      });
    }
    if (m.record_id === undefined && m.term === undefined && body.term === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['term'],
        message: 'Choose the column that holds the term, or the term of every row',
      });
    }
  });
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'conflict', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

const ImportValueSchema = z.union([z.string(), z.number(), z.null()]);

/** What the dry run says of one row of the file. */
export const ImportRowResultSchema = z.object({
  /** The row's number as a spreadsheet shows it: the headings are row 1. */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  recordId: z.number().int().optional(),
  /** The row's program and term as far as they could be told, for people to recognise the row. */
  institution: z.string().optional(),
  program: z.string().optional(),
  fiscal_year: z.string().optional(),
  term: z.string().optional(),
  /** Values that would change (update) or be set (create): before → after. */
  changes: z
    .array(z.object({ field: z.string(), label: z.string(), before: ImportValueSchema, after: ImportValueSchema }))
    .optional(),
  /**
   * A row whose record changed after the file was made (its version, or its last change, is newer than the file's):
   * each field where the file and the record now differ, and who changed the record last and when. `choice` is the
   * choice the request made for it, if any, when it still holds: then `action` says what it does (update or unchanged).
   */
  conflict: z
    .object({
      version: z.number().int(),
      changedAt: z.string(),
      changedBy: z.string().nullable(),
      fields: z.array(z.object({ field: z.string(), label: z.string(), file: ImportValueSchema, now: ImportValueSchema })),
      choice: z.enum(CONFLICT_CHOICES).optional(),
    })
    .optional(),
  /** Why the row cannot be imported, each naming its field. */
  errors: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});
export type ImportRowResult = z.infer<typeof ImportRowResultSchema>;

export const ImportCountsSchema = z.object({
  /** Rows with anything in them (blank rows are passed over). */
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Rows whose record changed after the file was made, with no choice made for them yet. */
  conflict: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportDryRunSchema = z.object({
  counts: ImportCountsSchema,
  rows: z.array(ImportRowResultSchema),
  /** Identifies the records the check saw (which exist, at which version): send it with the commit. */
  fingerprint: z.string(),
});
export type ImportDryRun = z.infer<typeof ImportDryRunSchema>;

/** `POST /api/imports/refused-rows`: the rows the check refused, as a CSV file to correct and upload again. */
export const ImportRefusedRowsSchema = z.object({
  fileName: z.string(),
  /** The CSV text: the file's headings and the refused rows' cells as they came, then a column saying why. */
  csv: z.string(),
  rows: z.number().int(),
});
export type ImportRefusedRows = z.infer<typeof ImportRefusedRowsSchema>;

/** A commit that wrote: how many records were created, updated and left as they were. */
export const ImportCommitSchema = z.object({ counts: ImportCountsSchema });
export type ImportCommit = z.infer<typeof ImportCommitSchema>;

/**
 * A commit refused because rows have errors (400), or because rows would change records of a submitted or approved
 * term return (409, `code: "return_locked"`): nothing was written; the dry run, when given, says which rows and why.
 */
export const ImportRefusedSchema = z.object({
  statusCode: z.number().int().optional(),
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  result: ImportDryRunSchema.optional(),
});
