import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, IdResponseSchema } from '../../../shared/schemas/api.ts';
import { PeriodConflictSchema, PeriodCreateSchema, PeriodSchema, PeriodUpdateSchema } from '../../../shared/schemas/returns.ts';
import { patchOf, valueOrHttpError } from '../../http-errors.ts';
import { requireAppAdmin, requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { createPeriod, listPeriods, updatePeriod } from './periods.repo.ts';

const PERIOD = 'The reporting period';
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Reporting periods (docs/reporting-cycle.md): any signed-in user reads them (what is due, and when); app admins create
 * them (each with a term return for every active institution) and change their dates.
 */
export async function periodRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['reporting cycle'];

  r.get(
    '/api/periods',
    {
      schema: {
        tags,
        summary: 'Every reporting period (fiscal year × term), oldest first, with the day it opens and the day returns are due',
        response: { 200: z.array(PeriodSchema), ...errors },
      },
      onRequest: requireSignedIn,
    },
    async () => listPeriods(db),
  );

  r.put(
    '/api/periods',
    {
      schema: {
        tags,
        summary:
          'Create a reporting period and its term returns (one per active institution); dates left out follow the term calendar. 409 names an existing period of the same term',
        body: PeriodCreateSchema,
        response: { 200: IdResponseSchema, 409: PeriodConflictSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => ({ id: valueOrHttpError(await createPeriod(db, request.body, signedInUser(request).id), PERIOD) }),
  );

  r.patch(
    '/api/periods/:id',
    {
      schema: {
        tags,
        summary: "Change a period's dates (its fiscal year and term never change)",
        params: IdParamSchema,
        body: PeriodUpdateSchema,
        response: { 200: PeriodSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const patch = patchOf(request.params, request.body);
      return valueOrHttpError(await updatePeriod(db, request.params.id, patch, signedInUser(request).id), PERIOD);
    },
  );
}
