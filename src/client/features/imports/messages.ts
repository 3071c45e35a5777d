import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS } from '../../../shared/schemas/import.ts';

const n = (value: number) => value.toLocaleString('en-CA');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;
const megabytes = `${MAX_IMPORT_FILE_BYTES / (1024 * 1024)} MB`;

/** The words of the record import screen. Page titles come from the route table (src/shared/app-routes.ts). */
export const IMPORT_UI = {
  intro:
    'Bring your figures in from a spreadsheet instead of typing them. Nothing is saved until you have checked the file and chosen to import it.',
  noAccess: {
    title: 'Importing needs write access',
    body: 'You can read records, but importing adds and changes them, which needs write access to your institution.',
  },
  errors: {
    parse: 'The file could not be read',
    dryRun: 'The file could not be checked',
    commit: 'The records could not be imported',
    refusedRows: 'The rows with errors could not be put in a file',
    past: 'The past imports could not be loaded.',
  },
  past: {
    title: 'Past imports',
    intro:
      'The latest imports of records you may edit. Each keeps the file it was made from: the person who imported it and the app administrators can download it again.',
    caption: 'Past imports, newest first',
    columns: { at: 'When', by: 'By', file: 'File', what: 'Records', choices: 'Changed since the file' },
    download: (name: string) => `Download ${name}`,
    noName: 'A file without a name',
    unknownUser: 'An unknown user',
    what: (created: number, updated: number) =>
      `${plural(created, 'created', 'created')}, ${plural(updated, 'updated', 'updated')}`,
    noChoices: 'None',
    choices: (overwritten: number, kept: number) =>
      `${plural(overwritten, 'overwritten from the file', 'overwritten from the file')}, ${plural(kept, 'kept as it was', 'kept as they were')}`,
    none: 'No imports yet.',
  },
  file: {
    title: '1. Choose the file',
    label: 'Spreadsheet file',
    hint: `A CSV file or an Excel workbook (.xlsx), at most ${megabytes} and ${n(MAX_IMPORT_ROWS)} rows. The first row must hold the column headings; only the first sheet of a workbook is read. A return’s template (Download a template, on the term return’s page) and a file from Export records can be imported as they are.`,
    placeholder: 'Choose a CSV or XLSX file',
    reading: 'Reading the file…',
    wrongType: (name: string) =>
      `${name} is not a CSV file or an Excel workbook (.xlsx). Save it as one of those, then choose it again.`,
    oldExcel: (name: string) =>
      `${name} is an old Excel workbook (.xls). Save it as an Excel workbook (.xlsx) or as CSV, then choose it again.`,
    tooLarge: (name: string) => `${name} is larger than ${megabytes}. Split it into smaller files and import each one.`,
    summary: (name: string, rows: number, columns: number) =>
      `${name}: ${plural(rows, 'row', 'rows')} below the headings, ${plural(columns, 'column', 'columns')}.`,
    chooseAnother: 'To import another file, choose it above.',
  },
  mapping: {
    title: '2. Match the columns to record fields',
    intro:
      'Each record field is matched to the column of your file that holds it. Columns whose heading names a field are matched for you, and the matches you used last time are remembered. Leave a field as “Not in the file” when your file has no such column: an existing record keeps its value.',
    identifyHint:
      'Rows are matched to programs by institution short name and program name, or by a Record ID or Program ID column. A row whose program already has a record for the term updates that record.',
    groups: {
      which: 'Which record each row is for',
      figures: 'Figures',
      other: 'Money and notes',
      version: 'When the file’s values were read',
    },
    versionHint:
      'A return’s template and a file from Export records also say which version of each record it was made from: a record changed since then is shown to you as a conflict, and never overwritten unless you choose so.',
    fieldColumn: 'Record field',
    fileColumn: 'Column in your file',
    example: 'First row’s value',
    notInFile: 'Not in the file',
    columnOption: (letter: string, heading: string) => `${letter}: ${heading}`,
    unused: (columns: string) => `Columns of your file not matched to any field, so not imported: ${columns}.`,
    empty: '(blank)',
    defaultsTitle: 'Fiscal year and term of rows without their own',
    fiscalYear: 'Fiscal year',
    fiscalYearHint: 'Written like 2024/25. Used for rows whose fiscal year column is blank or not in the file.',
    term: 'Term',
    termHint: 'Used for rows whose term column is blank or not in the file.',
    noTerm: 'No term chosen',
    statusHint: 'Rows are imported as submitted records unless a Status column says draft.',
    duplicate: (column: string, other: string) => `This column is also chosen for ${other}; choose one column for each field.`,
    check: 'Check the file',
    problems: {
      identify: 'Choose the columns that hold the institution and the program (or a Record ID or Program ID column).',
      fiscalYear: 'Choose the column that holds the fiscal year, or enter the fiscal year of every row below.',
      term: 'Choose the column that holds the term, or choose the term of every row below.',
    },
    checking: 'Checking…',
    reset: 'Match columns again from the headings',
  },
  result: {
    title: '3. Check what would happen',
    nothingSaved: 'This is a check only: nothing has been saved.',
    imported: 'These rows have been imported.',
    stale: 'The matches or the file changed after this check. Check the file again before importing.',
    counts: {
      create: (count: number) => plural(count, 'new record', 'new records'),
      update: (count: number) => plural(count, 'record to update', 'records to update'),
      unchanged: (count: number) => plural(count, 'record unchanged', 'records unchanged'),
      conflict: (count: number) => plural(count, 'record changed since the file', 'records changed since the file'),
      error: (count: number) => plural(count, 'row with errors', 'rows with errors'),
    },
    countsLabel: 'What the import would do',
    fixErrors: (count: number) =>
      `${plural(count, 'row has', 'rows have')} errors, so nothing can be imported yet. Correct the file (or the column matches), choose it again and check it again.`,
    refusedFile: (count: number) => `Download the ${plural(count, 'row', 'rows')} with errors to correct`,
    refusedFileHint:
      'A CSV file with your columns and a last column saying what is wrong with each row. Correct it, then choose it above and check it again.',
    allUnchanged:
      'Every row already matches the records in the database, or has no figures for a program without a record: there is nothing to import.',
    noFigures: 'No figures filled in, so no record is made for this program.',
    show: 'Show',
    filters: { all: 'All rows', conflict: 'Changed since', error: 'Errors', changes: 'Changes', unchanged: 'Unchanged' },
    caption: 'What the import would do with each row of the file',
    what: 'rows',
    columns: { row: 'Row', record: 'Program and term', action: 'What happens', details: 'Details' },
    actions: {
      create: 'New record',
      update: 'Update',
      unchanged: 'Unchanged',
      conflict: 'Changed since the file',
      error: 'Error',
    },
    conflict: {
      title: (count: number) => `${plural(count, 'record was', 'records were')} changed in the database after this file was made`,
      explain:
        'Importing the file as it is would undo those changes. For each, choose which values to keep; nothing is imported until every one has a choice.',
      keepFileAll: 'Keep the file’s values for all',
      keepCurrentAll: 'Keep the current values for all',
      open: (count: number) => `${plural(count, 'record still needs', 'records still need')} a choice.`,
      changed: (who: string | null, when: string) => `Changed by ${who ?? 'someone'} on ${when}`,
      field: (label: string, file: string, now: string) => `${label}: file ${file}, now ${now}`,
      choiceLabel: (row: number) => `Which values to keep for row ${row}`,
      keepFile: 'Keep the file’s values',
      keepCurrent: 'Keep the current values',
    },
    unknownProgram: 'Program not identified',
    recordLink: (id: number) => `Record ${id}`,
    change: (label: string, before: string, after: string) => `${label}: ${before} → ${after}`,
    blank: 'blank',
    newValues: (count: number) => `Show the ${plural(count, 'value', 'values')} it would have`,
    noneMatch: 'No rows of this kind.',
    rowLabel: (row: number) => `Row ${row}`,
  },
  commit: {
    title: '4. Import',
    button: (count: number) => `Import ${plural(count, 'record', 'records')}`,
    hint: 'All rows are written together: if anything fails, nothing is saved.',
    importing: 'Importing…',
    success: (created: number, updated: number) =>
      `Imported: ${plural(created, 'record', 'records')} created and ${plural(updated, 'record', 'records')} updated.`,
    doneTitle: 'Import complete',
    browse: 'Browse records',
    another: 'Import another file',
    /** Where the import was opened from a term return's page (`?return=<id>`), the way back to it. */
    backToReturn: 'Back to the return',
  },
} as const;
