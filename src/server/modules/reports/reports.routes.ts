import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canReadInstitution, readableInstitutions } from '../../../shared/permissions.ts';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import { ReportQuerySchema, ReportSchema, ReportTypeParamSchema } from '../../../shared/schemas/report.ts';
import { forbidden, HttpError } from '../../http-errors.ts';
import { requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { runReport } from './reports.repo.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/**
 * Reports (PRODUCT.md §3 and §5): for program staff (anyone who may read at least one institution). Rows cover the
 * institutions the caller may read; naming one they may not read is refused rather than silently dropped, so a
 * shared URL never shows fewer institutions than it says.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/reports/:type',
    {
      schema: {
        tags: ['reports'],
        summary: 'A comparison report: rows for the institutions you may read, their totals, and the province',
        params: ReportTypeParamSchema,
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const { privileges } = signedInUser(request);
      const readable = readableInstitutions(privileges);
      if (readable !== 'all' && readable.length === 0) throw forbidden();
      const unreadable = (request.query.institutionIds ?? []).filter((id) => !canReadInstitution(privileges, id));
      if (unreadable.length > 0) {
        throw new HttpError(403, `You may not read institution ${unreadable.join(', ')}.`);
      }
      return runReport(db, request.params.type, request.query, readable);
    },
  );
}
