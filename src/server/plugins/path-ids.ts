import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { idMessage, isIdText } from '../../shared/schemas/id.ts';
import { refusalError } from '../http-errors.ts';

/** A path parameter that holds an id: `:id`, or a name ending in `Id`. */
const ID_PARAM = /^:(?:id|[a-zA-Z]+Id)$/;

/** The id parameters of a route pattern, with their place among the path's segments. */
function idSegments(pattern: string): { name: string; at: number }[] {
  return pattern.split('/').flatMap((part, at) => (ID_PARAM.test(part) ? [{ name: part.slice(1), at }] : []));
}

/**
 * Ids in addresses as written (issue 28). The router decodes a path before a route sees it, so `/api/returns/%37%32%38`
 * reached the id schema as `728` and was read as return 728: one record with many addresses, which the id rule
 * (shared/schemas/id.ts) exists to prevent. Before validation, each id segment of the raw address must itself be a
 * canonical id; otherwise a 400 names the parameter, in the words and shape of the schema's own refusal. As a
 * preValidation hook it runs after the routes' guards, so a caller who may not call the route still gets 401 or 403.
 */
export const pathIdsPlugin = fp(async (app: FastifyInstance) => {
  const byPattern = new Map<string, { name: string; at: number }[]>();
  app.addHook('preValidation', async (request) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.includes(':')) return;
    let ids = byPattern.get(pattern);
    if (!ids) byPattern.set(pattern, (ids = idSegments(pattern)));
    if (ids.length === 0) return;
    const segments = request.url.split('?', 1)[0]!.split('/');
    const wrong = ids.filter(({ at }) => !isIdText(segments[at] ?? ''));
    if (wrong.length === 0) return;
    const fieldErrors = Object.fromEntries(wrong.map(({ name }) => [name, [idMessage(name)]]));
    const summary = wrong.map(({ name }) => `${name}: ${idMessage(name)}`).join(', ');
    throw refusalError({ kind: 'invalid', message: `The address is not valid: ${summary}`, fieldErrors });
  });
});
