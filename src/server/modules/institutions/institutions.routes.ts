import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INSTITUTION_TYPES } from '../../../shared/constants.ts';
import { canSeeInstitutionAccess } from '../../../shared/permissions.ts';
import { ERROR_RESPONSES_WITH_404, IdParamSchema } from '../../../shared/schemas/api.ts';
import {
  InstitutionCreateSchema,
  InstitutionRolesSchema,
  InstitutionSchema,
  InstitutionUpdateSchema,
  InstitutionVersionConflictSchema,
} from '../../../shared/schemas/institution.ts';
import { forbidden, notFound } from '../../http-errors.ts';
import { appAdminWriteRoutes } from '../../plugins/app-admin-writes.ts';
import { requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import {
  createInstitution,
  findInstitution,
  institutionRoleHolders,
  listInstitutions,
  updateInstitution,
} from './institutions.repo.ts';

/** How a missing institution is named in a 404. */
const INSTITUTION = 'The institution';

/** Institutions: any signed-in user reads (forms need the list); only app admins write. Nothing is ever deleted. */
export async function institutionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['institutions'];

  r.get(
    '/api/institutions',
    {
      schema: {
        tags,
        summary: 'Every institution, active or not',
        response: { 200: z.array(InstitutionSchema), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async () => listInstitutions(db),
  );

  r.get(
    '/api/institutions/inst/types',
    {
      schema: { tags, summary: 'The institution types', response: { 200: z.array(z.string()), ...ERROR_RESPONSES_WITH_404 } },
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
        response: { 200: InstitutionRolesSchema, ...ERROR_RESPONSES_WITH_404 },
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

  appAdminWriteRoutes(app, {
    path: '/api/institutions',
    tags,
    noun: INSTITUTION,
    createSummary: 'Create an institution (starts active)',
    createBody: InstitutionCreateSchema,
    create: createInstitution,
    editSummary:
      'Edit an institution; `{id, active_ind: false}` soft-deletes it; sent with the version read, an institution changed since is a 409 with it as it is now',
    editBody: InstitutionUpdateSchema,
    editConflict: InstitutionVersionConflictSchema,
    entity: InstitutionSchema,
    edit: updateInstitution,
  });
}
