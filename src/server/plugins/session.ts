import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { listenForNotices } from '../db/notices.ts';
import { sessions } from '../db/schema.ts';
import { loadSessionUser, type SessionUser } from '../session/session-user.ts';
import { SESSION_CACHE_CHANNEL, SessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /** The stored id (token hash) of the current session, or null. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (a search sent as a body): it leaves the session cache alone. */
    changesNothing?: boolean;
    /** The route never needs the user: its answer must not depend on reading a session (the health check). */
    withoutSession?: boolean;
  }
}

export interface SessionStore {
  /** Starts a new session for a user, ending the request's old one: a fresh token every sign-in, so a planted one is useless. */
  create(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    details?: { affiliations?: string[]; idToken?: string },
  ): Promise<void>;
  /** Ends the current session and clears its cookie; returns its id token for the provider's sign-out. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<string | null>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** last_seen_at is written at most this often, so reads do not each cost a write; also how long a cached session is used. */
const TOUCH_INTERVAL_MS = 60_000;
/** Methods that change nothing; any other request may change who may do what. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Server-side sessions in PostgreSQL behind an HttpOnly, SameSite=Lax cookie that holds only a random token. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  const db = database.db;
  // __Host- pins the cookie to this host over HTTPS; plain http in development cannot use it.
  const cookieName = config.secureCookies ? '__Host-wil_session' : 'wil_session';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  const cache = new SessionCache(TOUCH_INTERVAL_MS);
  const stopListening = await listenForNotices(
    database,
    SESSION_CACHE_CHANNEL,
    { notice: () => cache.clear(), listening: (up) => cache.setListening(up) },
    app.log,
  );
  app.addHook('onClose', stopListening);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.withoutSession) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 100) return;
    const id = hashToken(token);
    const found = await cache.get(id, () => loadSessionUser(db, id, new Date(Date.now() - config.sessionIdleMs)));
    if (!found) return;
    request.user = found.session.user;
    request.sessionId = id;
    if (!found.cached && Date.now() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, id));
    }
  });
  // Before answering a request that may have changed users or rights, forget every cached session, so the very
  // next request (the person's own or anyone's) is judged on the database as it now is. Other servers hear of it
  // from the database's triggers.
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method) && !request.routeOptions.config.changesNothing) cache.clear();
  });

  const store: SessionStore = {
    async create(request, reply, userId, details = {}) {
      if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        affiliations: details.affiliations ?? [],
        idToken: details.idToken ?? null,
        expiresAt: new Date(Date.now() + config.sessionMaxMs),
      });
      // Housekeeping rides on sign-in rather than a timer, so stateless app servers need no scheduler.
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, new Date(Date.now() - config.sessionIdleMs))));
      cache.clear(); // sign-in may have changed the user (single sign-on updates names) and ended the old session
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(config.sessionMaxMs / 1000) });
    },
    async destroy(request, reply) {
      let idToken: string | null = null;
      if (request.sessionId) {
        const [row] = await db
          .delete(sessions)
          .where(eq(sessions.id, request.sessionId))
          .returning({ idToken: sessions.idToken });
        cache.delete(request.sessionId);
        idToken = row?.idToken ?? null;
      }
      reply.clearCookie(cookieName, cookieOptions);
      request.user = null;
      request.sessionId = null;
      return idToken;
    },
  };
  app.decorate('sessions', store);
});
