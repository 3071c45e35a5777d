import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import { AccessContactsQuerySchema, AccessContactsSchema, type AccessContacts } from '../../../shared/schemas/contacts.ts';
import type { Db } from '../../db/client.ts';
import { requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { chooseContacts } from '../users/contact-choice.ts';
import { appAdmins, institutionAdmins, institutionShortName } from '../users/contacts.repo.ts';

/**
 * Who the signed-in user asks for access (decision 030): the admins of their own home institution (as single sign-on
 * reported it), else a few app admins; never themself. Nobody learns the admins of an institution that is not theirs.
 * For a screen only app admins may use, the app admins: an institution's admin cannot grant it.
 */
async function accessContacts(
  db: Db,
  user: { id: number; homeInstitution: number | null },
  appAdminScreen: boolean,
): Promise<AccessContacts> {
  const home = appAdminScreen ? null : user.homeInstitution;
  const { kind, people } = chooseContacts({
    institutionAdmins: home === null ? [] : await institutionAdmins(db, home),
    appAdmins: await appAdmins(db),
    exclude: user.id,
  });
  return {
    kind,
    institution_name: kind === 'institution-admins' && home !== null ? await institutionShortName(db, home) : null,
    people: people.map(({ name, email }) => ({ name, email })),
  };
}

/** `GET /api/profile/access-contacts`: for the home page of someone without access, and the 403 page. */
export async function accessContactRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/profile/access-contacts',
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'Who to ask for access: the admins of your home institution (name and mail address), or a few app admins where it has none or the screen is one only app admins may use (`screen=app-admin`)',
        querystring: AccessContactsQuerySchema,
        response: { 200: AccessContactsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
      onRequest: requireSignedIn,
    },
    async (request) => accessContacts(app.database.db, signedInUser(request), request.query.screen === 'app-admin'),
  );
}
