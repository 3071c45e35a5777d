import { z } from 'zod';
import { textField } from './text.ts';

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

/** The most values a query-string list may hold. */
export const MAX_QUERY_LIST = 1000;

/**
 * A query-string list: repeated (`terms=Fall&terms=Spring`) or comma-separated (`terms=Fall,Spring`). Each item is
 * read exactly as written: no blanks trimmed, no empty items dropped (`1,,2`, `1,`, ` 1`, and `+1`, which a query
 * string decodes to " 1", are refused, issue 28), so one list has one spelling. A blank value (`terms=`) is no
 * filter, as for text filters. The message names the parameter and the item at fault.
 */
export function queryList<T>(name: string, parseItem: (item: string) => T | undefined, what: string) {
  const message = `${name} must be a list of ${what}`;
  return z
    .union([z.string(), z.array(z.string())], { error: message })
    .optional()
    .transform((value, ctx): T[] | undefined => {
      if (value === undefined || value === '') return undefined;
      const items = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
      if (items.length > MAX_QUERY_LIST) {
        ctx.addIssue({ code: 'custom', message: `${name} may hold at most ${MAX_QUERY_LIST} values` });
        return z.NEVER;
      }
      const parsed: T[] = [];
      for (const item of items) {
        const v = item === '' ? undefined : parseItem(item);
        if (v === undefined) {
          const which = item === '' ? 'an empty item (two commas together, or one at either end)' : `"${item.slice(0, 50)}"`;
          ctx.addIssue({ code: 'custom', message: `${message}; ${which} is not one` });
          return z.NEVER;
        }
        parsed.push(v);
      }
      return parsed;
    });
}

/** A query-string item that is one of `values`, or undefined (for queryList). */
export const queryOneOf =
  <T extends string>(values: readonly T[]) =>
  (item: string) =>
    (values as readonly string[]).includes(item) ? (item as T) : undefined;

/** A query-string number: digits only, within [min, max]. */
export const queryInt = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** An optional query-string text filter, by the one text rule (text.ts): blank means absent. */
export const queryText = (name: string, max: number) =>
  textField({ label: name, max }, `${name} must be given once`)
    .optional()
    .transform((v) => (v ? v : undefined));
