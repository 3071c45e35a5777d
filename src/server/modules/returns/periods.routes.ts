import type { FastifyInstance } from 'fastify';
import { ERROR_RESPONSES_WITH_404 } from '../../../shared/schemas/api.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PeriodConflictSchema,
  PeriodCreateSchema,
  PeriodSchema,
  PeriodUpdateSchema,
  PeriodVersionConflictSchema,
} from '../../../shared/schemas/returns.ts';
import { appAdminWriteRoutes } from '../../plugins/app-admin-writes.ts';
import { requireSignedIn } from '../../plugins/authorization.ts';
import { createPeriod, listPeriods, updatePeriod } from './periods.repo.ts';

const PERIOD = 'The reporting period';

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
        response: { 200: z.array(PeriodSchema), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async () => listPeriods(db),
  );

  appAdminWriteRoutes(app, {
    path: '/api/periods',
    tags,
    noun: PERIOD,
    createSummary:
      'Create a reporting period and its term returns (one per active institution); dates left out follow the term calendar. 409 names an existing period of the same term',
    createBody: PeriodCreateSchema,
    createConflict: PeriodConflictSchema,
    create: createPeriod,
    editSummary:
      "Change a period's dates (its fiscal year and term never change); sent with the version read, a period changed since is a 409 with the period as it is now",
    editBody: PeriodUpdateSchema,
    editConflict: PeriodVersionConflictSchema,
    entity: PeriodSchema,
    edit: updatePeriod,
  });
}
