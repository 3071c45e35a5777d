import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canEditInstitution, canEditSomeInstitution } from '../../../shared/permissions.ts';
import { ApiErrorSchema, IdParamSchema } from '../../../shared/schemas/api.ts';
import { READY_GUARD_MINUTES, ReadyForSignOffBodySchema, ReadyForSignOffResultSchema } from '../../../shared/schemas/contacts.ts';
import { ReturnConflictSchema } from '../../../shared/schemas/returns.ts';
import { forbidden, valueOrHttpError } from '../../http-errors.ts';
import { createMailer } from '../../mail/mailer.ts';
import { requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { tellReadyForSignOff } from './ready-for-sign-off.ts';
import { returnKeyOf } from './returns.repo.ts';

/**
 * `POST /api/returns/{id}/ready-for-sign-off`: a writer of the institution mails the people who may sign off its open
 * return that it is ready. Registered only when mail is configured, like the reminders (without it the route does
 * not exist and the return page shows no button).
 */
export async function readyForSignOffRoutes(app: FastifyInstance): Promise<void> {
  const mail = app.config.mail;
  const publicUrl = app.config.publicUrl;
  if (!mail || !publicUrl) return;
  const mailer = createMailer(mail);
  app.addHook('onClose', async () => mailer.close());
  const db = app.database.db;

  /** Rights before the body is read: someone who may write no institution, or not this one, learns nothing more. */
  async function requireWriteRights(request: FastifyRequest): Promise<void> {
    const { privileges } = signedInUser(request);
    if (!canEditSomeInstitution(privileges)) throw forbidden();
    const params = IdParamSchema.safeParse(request.params);
    if (!params.success) return;
    const key = await returnKeyOf(db, params.data.id);
    if (key && !canEditInstitution(privileges, key.institutionId)) throw forbidden();
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/returns/:id/ready-for-sign-off',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          'Tell the people who may sign off the return (its institution’s admins, or app admins where it has none) that it is ready: one mail, kept in the history (writers and admins of the institution, app admins). ' +
          `Only while it is not started, in progress or reopened, and at most once in ${READY_GUARD_MINUTES} minutes per return; otherwise a 409 saying why. ` +
          '502 when the mail server does not take the mail (nothing is kept)',
        params: IdParamSchema,
        body: ReadyForSignOffBodySchema.nullish(),
        response: {
          200: ReadyForSignOffResultSchema,
          409: ReturnConflictSchema,
          502: ApiErrorSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
      onRequest: requireSignedIn,
      preValidation: requireWriteRights,
    },
    async (request) => {
      const user = signedInUser(request);
      const result = await tellReadyForSignOff(
        {
          db,
          mailer,
          publicUrl,
          actor: { id: user.id, privileges: user.privileges, name: user.prefName || user.username },
          logFailure: (err) => request.log.error({ err, returnId: request.params.id }, 'ready-for-sign-off mail not accepted'),
        },
        request.params.id,
      );
      return valueOrHttpError(result, 'The term return');
    },
  );
}
