import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import { CewilExportQuerySchema, RecordExportQuerySchema, type ExportFormat } from '../../../shared/schemas/export.ts';
import { tableCsv, tableXlsx } from '../../files/table-files.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { writeAudit } from '../audit/audit.repo.ts';
import { CEWIL_COLUMNS, cewilRows } from './cewil-export.ts';
import { recordsCsvStream, recordsXlsxStream, type ExportDone } from './record-export.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const file = z.unknown().describe('The file, sent as an attachment');
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const today = () => new Date().toISOString().slice(0, 10);

/** Export Records and the CEWIL return (docs/product.md §5 and §8): app admins only; each export is audited. */
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
        response: { 200: file, ...errors },
      },
      // Sent as the database writes it (compression.ts leaves it alone): compressing a million rows on the way out
      // would take the server longer than reading them, and the spreadsheet form is zipped already.
      compress: false,
      onRequest: requireAppAdmin,
    },
    async (request, reply) => {
      const { format, criteria } = request.query;
      const userId = signedInUser(request).id;
      // Audited once the file has gone out, with the rows the database sent: counting them first would scan the
      // same rows twice (docs/benchmarks.md). An export that breaks part-way is audited with rows: null.
      const done: ExportDone = (rows) => {
        writeAudit(database.db, {
          entityType: 'export',
          entityId: null,
          action: 'records',
          changedBy: userId,
          after: { format, criteria, rows },
        }).catch((err: unknown) => request.log.error({ err }, 'export audit entry not written'));
      };
      const stream =
        format === 'csv' ? await recordsCsvStream(database, criteria, done) : recordsXlsxStream(database, criteria, done);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="records-${today()}.${format}"`)
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
        response: { 200: file, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request, reply) => {
      const { fiscalYear, format } = request.query;
      const rows = await cewilRows(database.db, fiscalYear);
      await writeAudit(database.db, {
        entityType: 'export',
        entityId: null,
        action: 'cewil',
        changedBy: signedInUser(request).id,
        after: { format, fiscalYear, rows: rows.length },
      });
      const table = { columns: CEWIL_COLUMNS, rows };
      const about = { title: 'CEWIL Canada return', lines: [['fiscalYear', fiscalYear] as [string, string]] };
      const body = format === 'csv' ? tableCsv(table) : await tableXlsx(table, about);
      const name = `cewil-${fiscalYear.replace('/', '-')}.${format}`;
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body);
    },
  );
}
