import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ERROR_RESPONSES_WITH_404, IdParamSchema, IdResponseSchema } from '../../shared/schemas/api.ts';
import { patchOf, valueOrHttpError } from '../http-errors.ts';
import type { Outcome } from '../refusals.ts';
import { requireAppAdmin, signedInUser } from './authorization.ts';

/** An entity only app admins write: how it is created and edited (docs/product.md §6.1). */
export interface AppAdminWrites<Create, Edit extends { id?: number | undefined }, Entity> {
  tags: string[];
  /** How a missing one is named in a 404, such as "The program". */
  noun: string;
  create: {
    method: 'PUT' | 'POST';
    url: string;
    summary: string;
    body: z.ZodType<Create>;
    /** The body of a 409 where creating can meet an existing one. */
    conflict?: z.ZodType;
    run: (body: Create, actorId: number) => Promise<Outcome<number>>;
  };
  edit: {
    /** The address of one, ending in `/:id`. */
    url: string;
    summary: string;
    body: z.ZodType<Edit>;
    response: z.ZodType<Entity>;
    run: (id: number, patch: Omit<Edit, 'id'>, actorId: number) => Promise<Outcome<Entity>>;
  };
}

/**
 * The create and edit routes of institutions, programs, users and reporting periods, declared once so the four keep
 * the same rights (app admins), the same id check on PATCH (`patchOf`) and the same error answers. What each entity
 * may change, and how, stays in its own module's `run`.
 */
export function appAdminWriteRoutes<Create, Edit extends { id?: number | undefined }, Entity>(
  app: FastifyInstance,
  entity: AppAdminWrites<Create, Edit, Entity>,
): void {
  // The bodies are cast to what their schemas, which validated them, give: TypeScript cannot resolve Fastify's request
  // types over a type parameter.
  const { tags, noun, create, edit } = entity;
  const conflict = create.conflict ? { 409: create.conflict } : {};

  app.route({
    method: create.method,
    url: create.url,
    schema: {
      tags,
      summary: create.summary,
      body: create.body,
      response: { 200: IdResponseSchema, ...conflict, ...ERROR_RESPONSES_WITH_404 },
    },
    onRequest: requireAppAdmin,
    handler: async (request) => ({
      id: valueOrHttpError(await create.run(request.body as Create, signedInUser(request).id), noun),
    }),
  });

  app.route<{ Params: { id: number } }>({
    method: 'PATCH',
    url: edit.url,
    schema: {
      tags,
      summary: edit.summary,
      params: IdParamSchema,
      body: edit.body,
      response: { 200: edit.response, ...ERROR_RESPONSES_WITH_404 },
    },
    onRequest: requireAppAdmin,
    handler: async (request) => {
      const patch = patchOf(request.params, request.body as Edit);
      return valueOrHttpError(await edit.run(request.params.id, patch, signedInUser(request).id), noun);
    },
  });
}
