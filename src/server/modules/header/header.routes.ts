import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import { BannerRequestSchema, BannerResponseSchema } from '../../../shared/schemas/banner.ts';
import { requireAppAdmin, signedInUser } from '../../plugins/authorization.ts';
import { getBanner, setBanner } from './header.repo.ts';

/** The site-wide advisory banner: anyone reads `/global/header.json`; app admins set it. */
export async function headerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/global/header.json',
    {
      schema: {
        tags: ['banner'],
        summary: 'The advisory banner, or {} when there is none',
        response: { 200: BannerResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getBanner(db);
    },
  );

  r.put(
    '/api/header',
    {
      schema: {
        tags: ['banner'],
        summary: 'Set the advisory banner ({} clears it); app admins only',
        body: BannerRequestSchema,
        response: { 200: BannerResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
      onRequest: requireAppAdmin,
    },
    async (request) => setBanner(db, request.body, signedInUser(request).id),
  );
}
