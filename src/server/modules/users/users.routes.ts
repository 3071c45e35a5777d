import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_DESCRIPTIONS } from '../../../shared/permissions.ts';
import { ROLES } from '../../../shared/schemas/profile.ts';
import { ApiErrorSchema, IdParamSchema, IdResponseSchema } from '../../../shared/schemas/api.ts';
import { UserCreateSchema, UserRolesSchema, UserSchema, UserUpdateSchema } from '../../../shared/schemas/user.ts';
import { notFound, patchOf, valueOrHttpError } from '../../http-errors.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { createUser, deactivateUser, findUser, listUsers, updateUser } from './users.repo.ts';

/** How a missing user is named in a 404. */
const USER = 'The user';
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Users (docs/product.md §5 and §6.1): app admins only. Nothing is deleted: DELETE deactivates. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['users'];

  r.get(
    '/api/users/',
    {
      schema: { tags, summary: 'Every user, active or not', response: { 200: z.array(UserSchema), ...errors } },
      onRequest: requireAppAdmin,
    },
    async () => listUsers(db),
  );

  r.get(
    '/api/users/roles',
    {
      schema: { tags, summary: 'The roles and what each allows', response: { 200: UserRolesSchema, ...errors } },
      onRequest: requireAppAdmin,
    },
    async () => ROLES.map((role) => ({ role, description: ROLE_DESCRIPTIONS[role] })),
  );

  r.get(
    '/api/users/:id',
    {
      schema: { tags, summary: 'One user', params: IdParamSchema, response: { 200: UserSchema, ...errors } },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const user = await findUser(db, request.params.id);
      if (!user) throw notFound(USER);
      return user;
    },
  );

  r.post(
    '/api/users/add',
    {
      schema: {
        tags,
        summary: 'Add a user who has not signed in yet, with their privileges',
        body: UserCreateSchema,
        response: { 200: IdResponseSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => ({ id: valueOrHttpError(await createUser(db, request.body, signedInUser(request).id), USER) }),
  );

  r.patch(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Edit a user: names, home institution, privileges (lists sent replace the stored ones), active',
        params: IdParamSchema,
        body: UserUpdateSchema,
        response: { 200: UserSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const patch = patchOf(request.params, request.body);
      return valueOrHttpError(await updateUser(db, request.params.id, patch, signedInUser(request).id), USER);
    },
  );

  r.delete(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a user: they can no longer sign in and their sessions end; their history stays',
        params: IdParamSchema,
        response: { 200: UserSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => valueOrHttpError(await deactivateUser(db, request.params.id, signedInUser(request).id), USER),
  );
}
