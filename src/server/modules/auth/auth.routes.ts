import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/schemas/api.ts';
import { safeReturnPath } from '../../../shared/return-path.ts';
import { DirectLoginSchema, LoginQuerySchema, ProfileSchema } from '../../../shared/schemas/profile.ts';
import { fieldError, HttpError } from '../../http-errors.ts';
import { isOwnNavigation, siteOriginOf } from '../../plugins/same-origin.ts';
import { loadActiveUser } from '../../session/session-user.ts';
import {
  createUnprivilegedUser,
  findInstitutionIdByShortName,
  findUserByUsername,
  listUsersForDirectSignIn,
} from '../users/users.repo.ts';
import { identityFromClaims } from './claims.ts';
import { OidcSignIn, type LoginFlow } from './oidc.ts';
import { SIGN_OUT_POST_PATH, signOutPage } from './sign-out-page.ts';

const FLOW_COOKIE = 'wil_login_flow';
const SIGN_IN_RATE = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** Where a failed full-page sign-in lands: the home page explains each reason. */
const signInProblem = (reason: 'failed' | 'deactivated' | 'unavailable') => `/?signin=${reason}`;

/** Sign-in and sign-out: OpenID Connect in every environment that configures it, direct sign-in in development only. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const db = app.database.db;
  const oidc = config.oidc && config.publicUrl ? new OidcSignIn(config.oidc, `${config.publicUrl}/api/login/callback`) : null;
  const siteOrigin = siteOriginOf(config.publicUrl);
  const flowCookie = { path: '/api/login', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies, signed: true };

  r.get(
    '/api/login',
    {
      schema: { tags: ['sign-in'], summary: 'Start sign-in (full-page navigation)', querystring: LoginQuerySchema },
      config: SIGN_IN_RATE,
    },
    async (request, reply) => {
      const returnPath = safeReturnPath(request.query.returnPath);
      if (!oidc) return reply.redirect(`/login?returnPath=${encodeURIComponent(returnPath)}`);
      try {
        const { url, flow } = await oidc.start(returnPath);
        reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), { ...flowCookie, maxAge: 600 });
        return reply.redirect(url);
      } catch (err) {
        request.log.error({ err }, 'single sign-on provider unavailable');
        return reply.redirect(signInProblem('unavailable'));
      }
    },
  );

  r.get(
    '/api/login/callback',
    { schema: { tags: ['sign-in'], summary: 'Single sign-on callback', hide: true }, config: SIGN_IN_RATE },
    async (request, reply) => {
      const signed = request.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      const unsigned = signed ? request.unsignCookie(signed) : null;
      if (!oidc || !unsigned?.valid || !unsigned.value) return reply.redirect(signInProblem('failed'));
      let flow: LoginFlow;
      let result: Awaited<ReturnType<OidcSignIn['finish']>>;
      try {
        flow = JSON.parse(unsigned.value) as LoginFlow;
        result = await oidc.finish(new URL(request.url, config.publicUrl), flow);
      } catch (err) {
        request.log.warn({ err }, 'single sign-on callback refused');
        return reply.redirect(signInProblem('failed'));
      }
      const identity = identityFromClaims(result.claims, config.oidc!.claims);
      if (!identity) return reply.redirect(signInProblem('failed'));
      const existing = await findUserByUsername(db, identity.username);
      if (existing && !existing.active) return reply.redirect(signInProblem('deactivated'));
      const userId =
        existing?.id ??
        (await createUnprivilegedUser(db, {
          username: identity.username,
          prefName: identity.prefName,
          email: identity.email,
          homeInstitutionId: identity.institution ? await findInstitutionIdByShortName(db, identity.institution) : null,
        }));
      await app.sessions.create(request, reply, userId, { affiliations: identity.affiliations, idToken: result.idToken });
      return reply.redirect(safeReturnPath(flow.returnPath));
    },
  );

  /** Ends the session, then sends the browser to the provider's end-session page, or home. */
  const signOut = async (request: FastifyRequest, reply: FastifyReply, status: 302 | 303) => {
    const idToken = await app.sessions.destroy(request, reply);
    const providerLogout = oidc && config.publicUrl ? await oidc.endSessionUrl(`${config.publicUrl}/`, idToken) : null;
    return reply.redirect(providerLogout ?? '/', status);
  };

  // A GET (the header's Sign out is a link: docs/product.md §2.3), so any page may link to it and SameSite=Lax
  // sends the cookie along (issue 28). Only this site's own navigation or a typed one signs out; any other is asked
  // first, on a page whose button posts to the route below.
  r.get(
    '/api/logout',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign out (full-page navigation from this site); from another site, a page that asks first',
      },
    },
    async (request, reply) => {
      if (isOwnNavigation(request, siteOrigin)) return signOut(request, reply, 302);
      return reply.type('text/html; charset=utf-8').send(signOutPage());
    },
  );

  // The sign-out page's form, and scripts: a POST, so the cross-site guard (plugins/same-origin.ts) stands before it.
  // 303: the browser follows with a GET.
  await app.register(async (scope) => {
    // A form posts an empty url-encoded body; nothing in it is read, so it is taken and dropped.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_r, _b, done) =>
      done(null, undefined),
    );
    scope.post(
      SIGN_OUT_POST_PATH,
      { schema: { tags: ['sign-in'], summary: 'Sign out (a form of this site, or a script)' } },
      async (request, reply) => signOut(request, reply, 303),
    );
  });

  // Direct sign-in exists only in development: elsewhere the routes are not registered at all, so they answer 404.
  if (!config.isDevelopment) return;

  r.get(
    '/api/login/direct/users',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Users offered by the development sign-in page',
        response: { 200: z.array(z.object({ username: z.string(), prefName: z.string(), summary: z.string() })) },
      },
    },
    async () => listUsersForDirectSignIn(db),
  );

  r.post(
    '/api/login/direct',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign in as an existing user (development only)',
        body: DirectLoginSchema,
        response: { 200: ProfileSchema, 400: ApiErrorSchema, 403: ApiErrorSchema },
      },
      config: SIGN_IN_RATE,
    },
    async (request, reply) => {
      const found = await findUserByUsername(db, request.body.username);
      if (!found) throw fieldError('username', 'No user has this username.');
      if (!found.active) throw new HttpError(403, 'This account has been deactivated and cannot sign in.');
      await app.sessions.create(request, reply, found.id);
      const { id: _id, ...profile } = (await loadActiveUser(db, found.id))!;
      return profile;
    },
  );
}
