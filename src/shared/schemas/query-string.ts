import { z } from 'zod';

/** A query-string parameter as Fastify hands it over: given once (a string) or repeated (an array). */
export const QueryValueSchema = z.union([z.string(), z.array(z.string())]).optional();

/** The raw shape of a query string with these parameter names, for OpenAPI and for refusing unknown names. */
export function queryShape<N extends string>(names: readonly N[]): Record<N, typeof QueryValueSchema> {
  return Object.fromEntries(names.map((name) => [name, QueryValueSchema])) as Record<N, typeof QueryValueSchema>;
}

/** Parses `value` with `schema` inside another schema's transform, reporting its issues as the outer schema's own. */
export function parseWithin<S extends z.ZodType>(schema: S, value: unknown, ctx: z.RefinementCtx): z.output<S> | typeof z.NEVER {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
}
