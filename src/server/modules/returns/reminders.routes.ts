import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import { ReminderRequestSchema, ReminderSummarySchema } from '../../../shared/schemas/returns.ts';
import { createMailer } from '../../mail/mailer.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { sendReminders } from './reminders.ts';
import { REMINDER_GUARD_HOURS } from '../../../shared/schemas/returns.ts';

/**
 * `POST /api/returns/reminders`: app admins mail the admins of overdue returns. Registered only when mail is
 * configured (SMTP_URL and MAIL_FROM); without it the route does not exist (404) and the page shows no button.
 */
export async function reminderRoutes(app: FastifyInstance): Promise<void> {
  const mail = app.config.mail;
  // PUBLIC_URL is required with SMTP_URL (config.ts): the mails link to the returns through it.
  const publicUrl = app.config.publicUrl;
  if (!mail || !publicUrl) return;
  const mailer = createMailer(mail);
  app.addHook('onClose', async () => mailer.close());

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/returns/reminders',
    {
      schema: {
        tags: ['reporting cycle'],
        summary:
          `Mail a reminder to the admins of each overdue term return of a fiscal year (and term) or of the returns listed (app admins). ` +
          `One mail per return; a return reminded in the last ${REMINDER_GUARD_HOURS} hours, or whose institution has no admin with an address, is skipped and named. ` +
          '`dry_run` answers who would be mailed and sends nothing',
        body: ReminderRequestSchema,
        response: {
          200: ReminderSummarySchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
      onRequest: requireAppAdmin,
    },
    async (request) =>
      sendReminders(
        {
          db: app.database.db,
          mailer,
          publicUrl,
          actorId: signedInUser(request).id,
          logFailure: (err, returnId) => request.log.error({ err, returnId }, 'reminder mail not accepted by the mail server'),
        },
        request.body,
      ),
  );
}
