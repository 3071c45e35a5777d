import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ERROR_RESPONSES_WITH_404, IdParamSchema, IdResponseSchema } from '../../shared/schemas/api.ts';
import type { Db } from '../db/client.ts';
import { patchOf, valueOrHttpError } from '../http-errors.ts';
import type { Outcome } from '../refusals.ts';
import { requireAppAdmin, signedInUser } from './authorization.ts';

/** An entity only app admins write: how it is created and edited (docs/product.md §6.1). */
export interface AppAdminWrites<Create, Edit extends { id?: number | undefined }, Entity> {
  /** The list's address: a PUT there creates one, a PATCH to `<path>/:id` edits one. */
  path: string;
  tags: string[];
  /** How a missing one is named in a 404, such as "The program". */
  noun: string;
  /** Where creating is not a PUT to the path (users are added by POST /api/users/add). */
  createAt?: { method: 'POST'; url: string };
  createSummary: string;
  createBody: z.ZodType<Create>;
  /** The body of a 409 where creating can meet an existing one. */
  createConflict?: z.ZodType;
  create: (db: Db, body: Create, actorId: number) => Promise<Outcome<number>>;
  editSummary: string;
  editBody: z.ZodType<Edit>;
  /** The body of a 409 where an edit can meet a newer change (the entity as it is now). */
  editConflict?: z.ZodType;
  entity: z.ZodType<Entity>;
  edit: (db: Db, id: number, patch: Omit<Edit, 'id'>, actorId: number) => Promise<Outcome<Entity>>;
}

/**
 * The create and edit routes of institutions, programs, users and reporting periods, declared once so the four keep
 * the same rights (app admins), the same id check on PATCH (`patchOf`) and the same error answers. What each entity
 * may change, and how, stays in its own module's `create` and `edit`.
 */
export function appAdminWriteRoutes<Create, Edit extends { id?: number | undefined }, Entity>(
  app: FastifyInstance,
  entity: AppAdminWrites<Create, Edit, Entity>,
): void {
  const db = app.database.db;
  const { tags, noun } = entity;
  const conflict = entity.createConflict ? { 409: entity.createConflict } : {};
  // The bodies are cast to what their schemas, which validated them, give: TypeScript cannot resolve Fastify's request
  // types over a type parameter.
  app.route({
    method: entity.createAt?.method ?? 'PUT',
    url: entity.createAt?.url ?? entity.path,
    schema: {
      tags,
      summary: entity.createSummary,
      body: entity.createBody,
      response: { 200: IdResponseSchema, ...conflict, ...ERROR_RESPONSES_WITH_404 },
    },
    onRequest: requireAppAdmin,
    handler: async (request) => ({
      id: valueOrHttpError(await entity.create(db, request.body as Create, signedInUser(request).id), noun),
    }),
  });

  app.route<{ Params: { id: number } }>({
    method: 'PATCH',
    url: `${entity.path}/:id`,
    schema: {
      tags,
      summary: entity.editSummary,
      params: IdParamSchema,
      body: entity.editBody,
      response: { 200: entity.entity, ...(entity.editConflict ? { 409: entity.editConflict } : {}), ...ERROR_RESPONSES_WITH_404 },
    },
    onRequest: requireAppAdmin,
    handler: async (request) => {
      const patch = patchOf(request.params, request.body as Edit);
      return valueOrHttpError(await entity.edit(db, request.params.id, patch, signedInUser(request).id), noun);
    },
  });
}
