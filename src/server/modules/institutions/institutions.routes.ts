import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_TYPES } from '../../../shared/constants.ts';
import { canSeeInstitutionAccess } from '../../../shared/permissions.ts';
import { ApiErrorSchema, IdParamSchema, IdResponseSchema } from '../../../shared/schemas/api.ts';
import {
  InstitutionCreateSchema,
  InstitutionRolesSchema,
  InstitutionSchema,
  InstitutionUpdateSchema,
} from '../../../shared/schemas/institution.ts';
import { forbidden, notFound, patchOf, valueOrHttpError } from '../../http-errors.ts';
import { requireAppAdmin, requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import {
  createInstitution,
  findInstitution,
  institutionRoleHolders,
  listInstitutions,
  updateInstitution,
} from './institutions.repo.ts';

/** How a missing institution is named in a 404. */
const INSTITUTION = 'The institution';
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Institutions: any signed-in user reads (forms need the list); only app admins write. Nothing is ever deleted. */
export async function institutionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['institutions'];

  r.get(
    '/api/institutions',
    {
      schema: { tags, summary: 'Every institution, active or not', response: { 200: z.array(InstitutionSchema), ...errors } },
      onRequest: requireSignedIn,
    },
    async () => listInstitutions(db),
  );

  r.get(
    '/api/institutions/inst/types',
    {
      schema: { tags, summary: 'The institution types', response: { 200: z.array(z.string()), ...errors } },
      onRequest: requireSignedIn,
    },
    async () => [...INSTITUTION_TYPES],
  );

  r.get(
    '/api/institutions/roles/:id',
    {
      schema: {
        tags,
        summary: 'Users holding read, write or admin on the institution (app admins and that institution’s admins)',
        params: IdParamSchema,
        response: { 200: InstitutionRolesSchema, ...errors },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const user = signedInUser(request);
      // Names and e-mail addresses of colleagues: only for those who manage access to the institution.
      if (!canSeeInstitutionAccess(user.privileges, request.params.id)) throw forbidden();
      if (!(await findInstitution(db, request.params.id))) throw notFound(INSTITUTION);
      return institutionRoleHolders(db, request.params.id);
    },
  );

  r.put(
    '/api/institutions',
    {
      schema: {
        tags,
        summary: 'Create an institution (starts active)',
        body: InstitutionCreateSchema,
        response: { 200: IdResponseSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => ({
      id: valueOrHttpError(await createInstitution(db, request.body, signedInUser(request).id), INSTITUTION),
    }),
  );

  r.patch(
    '/api/institutions/:id',
    {
      schema: {
        tags,
        summary: 'Edit an institution; `{id, active_ind: false}` soft-deletes it',
        params: IdParamSchema,
        body: InstitutionUpdateSchema,
        response: { 200: InstitutionSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const patch = patchOf(request.params, request.body);
      return valueOrHttpError(await updateInstitution(db, request.params.id, patch, signedInUser(request).id), INSTITUTION);
    },
  );
}
