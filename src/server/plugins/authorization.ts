import type { FastifyRequest } from 'fastify';
import { isAppAdmin } from '../../shared/permissions.ts';
import { forbidden, unauthorized } from '../http-errors.ts';
import type { SessionUser } from '../session/session-user.ts';

/** The signed-in user, or a 401. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Route onRequest hook (runs before the body is read, so a caller without rights learns nothing from validation): any signed-in user. */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  signedInUser(request);
}

/** Route onRequest hook: app admins only (401 signed out, 403 otherwise). */
export async function requireAppAdmin(request: FastifyRequest): Promise<void> {
  if (!isAppAdmin(signedInUser(request).privileges)) throw forbidden();
}
