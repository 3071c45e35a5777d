import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_DESCRIPTIONS } from '../../../shared/permissions.ts';
import { ROLES } from '../../../shared/schemas/profile.ts';
import { ERROR_RESPONSES_WITH_404, IdParamSchema } from '../../../shared/schemas/api.ts';
import {
  UserCreateSchema,
  UserRolesSchema,
  UserSchema,
  UserUpdateSchema,
  UserVersionConflictSchema,
} from '../../../shared/schemas/user.ts';
import { notFound, valueOrHttpError } from '../../http-errors.ts';
import { appAdminWriteRoutes } from '../../plugins/app-admin-writes.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { createUser, deactivateUser, findUser, listUsers, updateUser } from './users.repo.ts';

/** How a missing user is named in a 404. */
const USER = 'The user';

/** Users (docs/product.md §5 and §6.1): app admins only. Nothing is deleted: DELETE deactivates. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['users'];

  r.get(
    '/api/users/',
    {
      schema: { tags, summary: 'Every user, active or not', response: { 200: z.array(UserSchema), ...ERROR_RESPONSES_WITH_404 } },
      onRequest: requireAppAdmin,
    },
    async () => listUsers(db),
  );

  r.get(
    '/api/users/roles',
    {
      schema: {
        tags,
        summary: 'The roles and what each allows',
        response: { 200: UserRolesSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireAppAdmin,
    },
    async () => ROLES.map((role) => ({ role, description: ROLE_DESCRIPTIONS[role] })),
  );

  r.get(
    '/api/users/:id',
    {
      schema: { tags, summary: 'One user', params: IdParamSchema, response: { 200: UserSchema, ...ERROR_RESPONSES_WITH_404 } },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const user = await findUser(db, request.params.id);
      if (!user) throw notFound(USER);
      return user;
    },
  );

  appAdminWriteRoutes(app, {
    path: '/api/users',
    tags,
    noun: USER,
    createAt: { method: 'POST', url: '/api/users/add' },
    createSummary: 'Add a user who has not signed in yet, with their privileges',
    createBody: UserCreateSchema,
    create: createUser,
    editSummary:
      'Edit a user: names, home institution, privileges (lists sent replace the stored ones), active; sent with the version read, a user changed since is a 409 with the user as it is now',
    editBody: UserUpdateSchema,
    editConflict: UserVersionConflictSchema,
    entity: UserSchema,
    edit: updateUser,
  });

  r.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a user: they can no longer sign in and their sessions end; their history stays',
        params: IdParamSchema,
        response: { 200: UserSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => valueOrHttpError(await deactivateUser(db, request.params.id, signedInUser(request).id), USER),
  );
}
