import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import {
  ApprovalFlagsQuerySchema,
  ApprovalFlagsSchema,
  BulkApproveResultSchema,
  BulkApproveSchema,
  MAX_BULK_APPROVALS,
} from '../../../shared/schemas/returns.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { approveMany } from './bulk-approve.ts';
import { approvalFlags } from './return-figures.ts';

/**
 * `POST /api/returns/approve`: app admins approve the submitted returns chosen in the completeness matrix. Rights are
 * checked before the body is read (onRequest), as for a single approval. The answer is 200 whatever each return's
 * fate: the batch is not a unit, each return's outcome is in the list.
 */
export async function bulkApproveRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/returns/approve',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          `Approve many submitted returns (app admins), each against the version you saw (at most ${MAX_BULK_APPROVALS}, each once). ` +
          'Each is approved on its own, as a single approval would be, with its own history line and audit entry; a return that ' +
          'changed or is not submitted is refused with the 409 code and message of a single approval, and the others are approved',
        body: BulkApproveSchema,
        response: { 200: BulkApproveResultSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => ({
      results: await approveMany(db, request.body, signedInUser(request), (err, returnId) =>
        request.log.error({ err, returnId }, 'bulk approval of a return failed'),
      ),
    }),
  );

  // What the confirmation lists before approving: the figures' flags of each chosen return, computed for all at once.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/returns/approval-flags',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          `What the figures of the returns chosen for approval flag (app admins; at most ${MAX_BULK_APPROVALS}): per return, its programs ` +
          'with figures far from their history and those whose students placed changed by more than a quarter since the same term ' +
          'last year. Unknown ids are left out',
        querystring: ApprovalFlagsQuerySchema,
        response: { 200: ApprovalFlagsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => ({ returns: await approvalFlags(db, request.query.ids ?? []) }),
  );
}
