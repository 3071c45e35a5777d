import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES_WITH_404, IdParamSchema } from '../../../shared/schemas/api.ts';
import {
  ProgramCreateSchema,
  ProgramSchema,
  ProgramUpdateSchema,
  ProgramVersionConflictSchema,
} from '../../../shared/schemas/program.ts';
import { notFound } from '../../http-errors.ts';
import { appAdminWriteRoutes } from '../../plugins/app-admin-writes.ts';
import { requireSignedIn } from '../../plugins/authorization.ts';
import { createProgram, findProgram, listPrograms, updateProgram } from './programs.repo.ts';

/** How a missing program is named in a 404. */
const PROGRAM = 'The program';

/** Valid programs: any signed-in user reads; only app admins write; removal is a soft delete. */
export async function programRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['programs'];

  r.get(
    '/api/programs',
    {
      schema: {
        tags,
        summary: 'Every valid program, active or not',
        response: { 200: z.array(ProgramSchema), ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async () => listPrograms(db),
  );

  r.get(
    '/api/programs/:id',
    {
      schema: {
        tags,
        summary: 'One program',
        params: IdParamSchema,
        response: { 200: ProgramSchema, ...ERROR_RESPONSES_WITH_404 },
      },
      onRequest: requireSignedIn,
    },
    async (request) => {
      const program = await findProgram(db, request.params.id);
      if (!program) throw notFound(PROGRAM);
      return program;
    },
  );

  appAdminWriteRoutes(app, {
    path: '/api/programs',
    tags,
    noun: PROGRAM,
    createSummary: 'Create a program (starts active)',
    createBody: ProgramCreateSchema,
    create: createProgram,
    editSummary:
      'Edit a program; `active_ind: false` removes it; sent with the version read, a program changed since is a 409 with the program as it is now',
    editBody: ProgramUpdateSchema,
    editConflict: ProgramVersionConflictSchema,
    entity: ProgramSchema,
    edit: updateProgram,
  });
}
