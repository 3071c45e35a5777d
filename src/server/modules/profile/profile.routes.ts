import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProfileSchema, SIGNED_OUT } from '../../../shared/schemas/profile.ts';

/** `GET /api/profile`: the signed-in user, or a profile with an empty username for a visitor. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/profile',
      { schema: { tags: ['sign-in'], summary: 'The current user', response: { 200: ProfileSchema } } },
      async (request) => {
        if (!request.user) return SIGNED_OUT;
        const { id: _id, ...profile } = request.user;
        return profile;
      },
    );
}
