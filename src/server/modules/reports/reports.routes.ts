import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canReadInstitution, readableInstitutions } from '../../../shared/permissions.ts';
import { ERROR_RESPONSES } from '../../../shared/schemas/api.ts';
import { REPORT_TITLES } from '../../../shared/app-routes.ts';
import { releaseLine, suppressionFootnotes, type DisclosureRule } from '../../../shared/disclosure.ts';
import {
  REPORT_FLAG_COLUMN_LABEL,
  REPORT_FLAG_LEGEND,
  REPORT_PROVINCE_LABEL,
  REPORT_TOTAL_LABEL,
  type ReportType,
} from '../../../shared/reports.ts';
import type { Privileges } from '../../../shared/schemas/profile.ts';
import {
  ReportDownloadQuerySchema,
  ReportQuerySchema,
  ReportSchema,
  ReportTypeParamSchema,
  REPORT_FLAG_KEY,
  type Report,
  type ReportParams,
} from '../../../shared/schemas/report.ts';
import { asHeavyWork } from '../../db/heavy-work.ts';
import { forbidden, refusalError } from '../../http-errors.ts';
import { requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { tableCsv, tableXlsx, type TableFile } from '../../files/table-files.ts';
import { reportFileName } from './report-file-name.ts';
import { runReport } from './reports.repo.ts';

/**
 * Reports (docs/product.md §5 and §7): for program staff (anyone who may read at least one institution). Rows cover the
 * institutions the caller may read; naming one they may not read is refused rather than silently dropped, so a
 * shared URL never shows fewer institutions than it says.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const rule = app.config.disclosure;
  /** A report in the heavy lane; the same question from the same institutions, asked while one waits, shares its answer. */
  const answer = (type: ReportType, params: ReportParams, readable: 'all' | number[]) =>
    asHeavyWork(db, JSON.stringify([type, params, readable]), () => runReport(db, type, params, readable, rule));

  r.get(
    '/api/reports/:type',
    {
      schema: {
        tags: ['reports'],
        summary: 'A comparison report: rows for the institutions you may read, their totals, and the province',
        params: ReportTypeParamSchema,
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...ERROR_RESPONSES },
      },
      onRequest: requireSignedIn,
      // A report over many years has tens of thousands of rows, built by our own SQL into exactly this shape:
      // checking each one against the schema again cost a quarter of the request (docs/benchmarks.md).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { privileges } = signedInUser(request);
      return answer(request.params.type, request.query, readableFor(privileges, request.query));
    },
  );

  r.get(
    '/api/reports/:type/download',
    {
      schema: {
        tags: ['reports'],
        summary: 'The same report as a CSV or XLSX file: headers, rows, the total row and the province row',
        params: ReportTypeParamSchema,
        querystring: ReportDownloadQuerySchema,
        response: {
          200: z.unknown().describe('The file (text/csv or an XLSX workbook), sent as an attachment'),
          ...ERROR_RESPONSES,
        },
      },
      onRequest: requireSignedIn,
    },
    async (request, reply) => {
      const { privileges } = signedInUser(request);
      const { type } = request.params;
      const { format, params } = request.query;
      const report = await answer(type, params, readableFor(privileges, params));
      const table = reportTable(report, rule);
      const about = {
        title: REPORT_TITLES[type],
        lines: [
          ...Object.entries(report.params)
            .filter(([name]) => name !== 'approvedOnly')
            .map(([name, value]): [string, string] => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
          ['records', recordsLine(params.approvedOnly === true, report.release !== null)] as [string, string],
        ],
      };
      const body = format === 'csv' ? tableCsv(table) : await tableXlsx(table, about);
      return (
        reply
          .header(
            'content-type',
            format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          // The name is ASCII letters, digits and dashes only, so it needs no quoting rules beyond the quotes.
          .header('content-disposition', `attachment; filename="${reportFileName(type, params, format)}"`)
          .send(body)
      );
    },
  );
}

/**
 * A report as a downloadable table: its columns, then the row marks as a last "Flag" column (`p`, `r` or empty) with
 * their legend under the table when any row is marked.
 */
function reportTable(report: Report, rule: DisclosureRule): TableFile {
  const labels = Object.fromEntries(report.columns.map((c) => [c.key, c.label]));
  const marked = [...report.rows, report.totals, report.province].some((row) => row[REPORT_FLAG_KEY]);
  return {
    columns: [...report.columns, { key: REPORT_FLAG_KEY, label: REPORT_FLAG_COLUMN_LABEL, kind: 'mark' }],
    rows: report.rows,
    summaryRows: [
      { label: REPORT_TOTAL_LABEL, row: report.totals },
      { label: REPORT_PROVINCE_LABEL, row: report.province, suppressed: report.suppressed },
    ],
    footnotes: [
      ...suppressionFootnotes(report.suppressed, labels, rule, { unreleased: report.release?.unreleased, params: report.params }),
      ...(marked ? [REPORT_FLAG_LEGEND] : []),
      ...[releaseLine(report.release)].filter((line): line is string => line !== null),
    ],
  };
}

/** The institutions a report may cover: 403 for a user who may read none, or who names one they may not read. */
function readableFor(privileges: Privileges, params: ReportParams): 'all' | number[] {
  const readable = readableInstitutions(privileges);
  if (readable !== 'all' && readable.length === 0) throw forbidden();
  const unreadable = (params.institutionIds ?? []).filter((id) => !canReadInstitution(privileges, id));
  if (unreadable.length > 0)
    throw refusalError({ kind: 'forbidden', message: `You may not read institution ${unreadable.join(', ')}.` });
  return readable;
}

/**
 * What the parameters sheet says the figures count. Approved figures only leaves out the viewer's records of returns
 * not approved, but never changes the province row's part from institutions they may not read: that is as released.
 */
function recordsLine(approvedOnly: boolean, released: boolean): string {
  const records = approvedOnly ? 'Submitted records of approved returns only' : 'Submitted records (approved or not)';
  return released ? `${records}; in the province row, other institutions’ figures as released (approved or not)` : records;
}
