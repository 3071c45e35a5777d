import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportNotes } from '../../../shared/export-notes.ts';
import { ERROR_RESPONSES } from '../../../shared/schemas/api.ts';
import { bcToday } from '../../../shared/term-calendar.ts';
import {
  CewilExportQuerySchema,
  CewilExportSummaryQuerySchema,
  ExportSummarySchema,
  RecordExportQuerySchema,
  RecordExportSummaryQuerySchema,
  type ExportFormat,
} from '../../../shared/schemas/export.ts';
import { tableCsv, tableXlsx } from '../../files/table-files.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import { CEWIL_COLUMNS, cewilRows } from './cewil-export.ts';
import { recordExportCount, recordsCsvStream, recordsXlsxStream, type ExportDone } from './record-export.ts';
import { returnsOfPeriods } from './returns-count.ts';

const file = z.unknown().describe('The file, sent as an attachment');
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** `approvedOnly` in an audit entry only when asked for, so the entries of ordinary exports read as before. */
const approvedOnlyEntry = (approvedOnly: boolean) => (approvedOnly ? { approvedOnly } : {});

/**
 * Export Records and the CEWIL return (docs/product.md §5 and §8): app admins only; each export is audited. Each file
 * carries the reports' Flag per row and, under its table, how many returns of the chosen periods are not approved
 * (docs/spreadsheet-downloads.md); `approvedOnly=true` leaves out the records of those returns. The summary routes
 * answer the same figures for the export screens, before the download.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['exports'];

  r.get(
    '/api/exports/records',
    {
      schema: {
        tags,
        summary: 'Every record matching the find criteria, as CSV (UTF-8 with BOM) or XLSX, streamed',
        querystring: RecordExportQuerySchema,
        response: { 200: file, ...ERROR_RESPONSES },
      },
      // Sent as the database writes it (compression.ts leaves it alone): compressing a million rows on the way out
      // would take the server longer than reading them, and the spreadsheet form is zipped already.
      compress: false,
      onRequest: requireAppAdmin,
    },
    async (request, reply) => {
      const { format, criteria, approvedOnly } = request.query;
      const userId = signedInUser(request).id;
      // Audited once the file has gone out, with the rows the database sent: counting them first would scan the
      // same rows twice (docs/benchmarks.md). An export that breaks part-way is audited with rows: null.
      const done: ExportDone = (rows) => {
        writeAudit(database.db, {
          entityType: 'export',
          entityId: null,
          action: 'records',
          changedBy: userId,
          after: { format, criteria, ...approvedOnlyEntry(approvedOnly), rows },
        }).catch((err: unknown) => request.log.error({ err }, 'export audit entry not written'));
      };
      // The returns are counted before the rows are read: a few thousand returns against up to a million records.
      const options = { approvedOnly, notes: exportNotes(await returnsOfPeriods(database.db, criteria), approvedOnly) };
      const stream =
        format === 'csv'
          ? await recordsCsvStream(database, criteria, done, options)
          : recordsXlsxStream(database, criteria, done, options);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="records-${bcToday()}.${format}"`)
        .send(stream);
    },
  );

  r.get(
    '/api/exports/cewil',
    {
      schema: {
        tags,
        summary: 'The CEWIL Canada return for one fiscal year (layout: docs/cewil-export.md)',
        querystring: CewilExportQuerySchema,
        response: { 200: file, ...ERROR_RESPONSES },
      },
      onRequest: requireAppAdmin,
    },
    async (request, reply) => {
      const { fiscalYear, format, approvedOnly } = request.query;
      const [rows, count] = await Promise.all([
        cewilRows(database.db, fiscalYear, approvedOnly),
        returnsOfPeriods(database.db, { fiscalYearFrom: fiscalYear, fiscalYearTo: fiscalYear }),
      ]);
      await writeAudit(database.db, {
        entityType: 'export',
        entityId: null,
        action: 'cewil',
        changedBy: signedInUser(request).id,
        after: { format, fiscalYear, ...approvedOnlyEntry(approvedOnly), rows: rows.length },
      });
      const table = { columns: CEWIL_COLUMNS, rows, footnotes: exportNotes(count, approvedOnly) };
      const about = {
        title: 'CEWIL Canada return',
        lines: [
          ['fiscalYear', fiscalYear],
          ['records', approvedOnly ? 'Submitted records of approved returns only' : 'Submitted records (approved or not)'],
        ] as [string, string][],
      };
      const body = format === 'csv' ? tableCsv(table) : await tableXlsx(table, about);
      const name = `cewil-${fiscalYear.replace('/', '-')}${approvedOnly ? '-approved' : ''}.${format}`;
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body);
    },
  );

  summaryRoutes(app);
}

/** What each export's file would hold, for its screen, before the download: the same queries as the files. */
function summaryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app;
  const tags = ['exports'];

  r.get(
    '/api/exports/records/summary',
    {
      schema: {
        tags,
        summary:
          'What the record export of these criteria would hold: its rows, the returns of the chosen periods and how many are not approved',
        querystring: RecordExportSummaryQuerySchema,
        response: { 200: ExportSummarySchema, ...ERROR_RESPONSES },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const { criteria, approvedOnly } = request.query;
      const [rows, count] = await Promise.all([
        recordExportCount(database, criteria, approvedOnly),
        returnsOfPeriods(database.db, criteria),
      ]);
      return { rows, ...count };
    },
  );

  r.get(
    '/api/exports/cewil/summary',
    {
      schema: {
        tags,
        summary: 'What the CEWIL return of a fiscal year would hold: its rows, the year’s returns and how many are not approved',
        querystring: CewilExportSummaryQuerySchema,
        response: { 200: ExportSummarySchema, ...ERROR_RESPONSES },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const { fiscalYear, approvedOnly } = request.query;
      const [rows, count] = await Promise.all([
        cewilRows(database.db, fiscalYear, approvedOnly),
        returnsOfPeriods(database.db, { fiscalYearFrom: fiscalYear, fiscalYearTo: fiscalYear }),
      ]);
      return { rows: rows.length, ...count };
    },
  );
}
