import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, IdResponseSchema } from '../../../shared/schemas/api.ts';
import { ProgramCreateSchema, ProgramSchema, ProgramUpdateSchema } from '../../../shared/schemas/program.ts';
import { notFound, patchOf, valueOrHttpError } from '../../http-errors.ts';
import { requireAppAdmin, requireSignedIn, signedInUser } from '../../plugins/authorization.ts';
import { createProgram, findProgram, listPrograms, updateProgram } from './programs.repo.ts';

/** How a missing program is named in a 404. */
const PROGRAM = 'The program';
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Valid programs: any signed-in user reads; only app admins write; removal is a soft delete. */
export async function programRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['programs'];

  r.get(
    '/api/programs',
    {
      schema: { tags, summary: 'Every valid program, active or not', response: { 200: z.array(ProgramSchema), ...errors } },
      onRequest: requireSignedIn,
    },
    async () => listPrograms(db),
  );

  r.get(
    '/api/programs/:id',
    {
      schema: { tags, summary: 'One program', params: IdParamSchema, response: { 200: ProgramSchema, ...errors } },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const program = await findProgram(db, request.params.id);
      if (!program) throw notFound(PROGRAM);
      return program;
    },
  );

  r.put(
    '/api/programs',
    {
      schema: {
        tags,
        summary: 'Create a program (starts active)',
        body: ProgramCreateSchema,
        response: { 200: IdResponseSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => ({ id: valueOrHttpError(await createProgram(db, request.body, signedInUser(request).id), PROGRAM) }),
  );

  r.patch(
    '/api/programs/:id',
    {
      schema: {
        tags,
        summary: 'Edit a program; `active_ind: false` removes it',
        params: IdParamSchema,
        body: ProgramUpdateSchema,
        response: { 200: ProgramSchema, ...errors },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => {
      const patch = patchOf(request.params, request.body);
      return valueOrHttpError(await updateProgram(db, request.params.id, patch, signedInUser(request).id), PROGRAM);
    },
  );
}
