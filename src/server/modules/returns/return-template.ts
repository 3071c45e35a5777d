import { COUNT_FIELDS, FIGURE_FIELDS, MONEY_FIELDS } from '../../../shared/record-rules.ts';
import { IMPORT_FIELD_LABELS, type ImportField } from '../../../shared/schemas/import.ts';
import type { ReportRow } from '../../../shared/schemas/report.ts';
import { formatBcDateTime } from '../../../shared/bc-time.ts';
import type { Db } from '../../db/client.ts';
import { tableXlsx, type TableColumn } from '../../files/table-files.ts';
import { readRecords } from '../records/record-store.ts';
import { expectedPrograms, readReturn } from './returns.repo.ts';

/**
 * A return's template (issue 29): the whole-term grid's columns as a workbook, one line per expected program with its
 * figures as they stand, headed with the import's own labels so the import maps it as it is. A line with a record
 * names it and its version, so an import of the file later never undoes a change made since (decision 026); a line
 * without one makes the program's draft.
 */

const column = (field: ImportField, kind: TableColumn['kind']): TableColumn => ({
  key: field,
  label: IMPORT_FIELD_LABELS[field],
  kind,
});

const COLUMNS: TableColumn[] = [
  column('record_id', 'identifier'),
  column('institution', 'text'),
  column('program_id', 'identifier'),
  column('program', 'text'),
  column('fiscal_year', 'text'),
  column('term', 'text'),
  column('status', 'text'),
  ...COUNT_FIELDS.map((f) => column(f, 'count')),
  ...MONEY_FIELDS.map((f) => column(f, 'money')),
  column('version', 'identifier'),
];

/** The template of return `id`, or null when there is no such return. */
export async function returnTemplate(db: Db, id: number): Promise<{ body: Buffer; name: string } | null> {
  const ret = await readReturn(db, id);
  if (!ret) return null;
  const programs = await expectedPrograms(db, id);
  const records = await readRecords(
    db,
    programs.flatMap((p) => (p.record_id === null ? [] : [p.record_id])),
  );
  const rows: ReportRow[] = programs.map((p) => {
    const record = p.record_id === null ? undefined : records.get(p.record_id);
    const line: ReportRow = {
      record_id: record?.id ?? null,
      institution: ret.institution_name,
      program_id: p.program_id,
      program: p.program_name,
      fiscal_year: ret.fiscal_year,
      term: ret.term,
      // The import takes a line without a status as submitted: a line of the template is a draft until said otherwise.
      status: record?.status ?? 'draft',
      version: record?.version ?? null,
    };
    for (const field of FIGURE_FIELDS) line[field] = record?.[field] ?? null;
    return line;
  });
  const body = await tableXlsx(
    { columns: COLUMNS, rows },
    {
      title: `${ret.institution_name} ${ret.term} ${ret.fiscal_year}: template`,
      lines: [
        ['Return', `${ret.institution_name}, ${ret.term} ${ret.fiscal_year}`],
        ['Made', formatBcDateTime(Date.now())],
        [
          'Use',
          'Fill in the figures and import this file, as it is, with “Import records into this return” on the return’s page.',
        ],
      ],
    },
  );
  const safe = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { body, name: `${safe(ret.institution_name)}-${ret.term}-${safe(ret.fiscal_year)}-template.xlsx` };
}
