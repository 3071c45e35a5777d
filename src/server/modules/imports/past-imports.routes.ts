import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ERROR_RESPONSES } from '../../../shared/schemas/api.ts';
import { IdParamSchema } from '../../../shared/schemas/id.ts';
import { PastImportSchema } from '../../../shared/schemas/import.ts';
import { notFound } from '../../http-errors.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import { requireImportRights } from './imports.routes.ts';
import { listImports, readKeptFile } from './kept-files.repo.ts';

/**
 * Past imports and the files they read (issue 28): who may import sees the imports they may know of, and downloads
 * the file of an import they made (app admins: any).
 */
export async function pastImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['imports'];

  r.get(
    '/api/imports',
    {
      schema: {
        tags,
        summary:
          'The latest 50 committed imports the person may know of (an app admin: all; anyone else: their own, and those that wrote to an institution they may edit), each with its file when they may download it',
        response: { 200: z.array(PastImportSchema), ...ERROR_RESPONSES },
      },
      onRequest: requireImportRights,
    },
    async (request) => {
      const user = signedInUser(request);
      return listImports(db, user.id, user.privileges);
    },
  );

  r.get(
    '/api/imports/files/:id',
    {
      schema: {
        tags,
        summary: 'The file a committed import read, as it was uploaded: for the person who imported it and app admins',
        params: IdParamSchema,
        response: { 200: z.any(), 404: ApiErrorSchema, ...ERROR_RESPONSES },
      },
      onRequest: requireImportRights,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const file = await readKeptFile(db, request.params.id, user.id, user.privileges);
      if (!file) throw notFound('The file');
      const name = file.name.replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 120) || 'import';
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(file.bytes);
    },
  );
}
