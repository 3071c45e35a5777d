/**
 * A refused request's field errors, in the one form every 400 takes (`fieldErrors`: field path → sentences, and a
 * message listing them), from the issues a schema found. The error handler uses it for Fastify's validation; the
 * import's worker process for the bodies it validates off the event loop, so both say the same.
 */

/** One issue, as fastify-type-provider-zod reports it: a JSON pointer to the value, zod's code, and its words. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params?: unknown;
  message?: string;
}

export function fieldErrorsOf(
  issues: readonly ValidationIssue[],
  part: string,
): { message: string; fieldErrors: Record<string, string[]> } {
  // A Map, not an object: a field may be called `constructor` or `__proto__`.
  const byField = new Map<string, string[]>();
  // A value can break two checks that say the same (1e308 is neither a safe integer nor at most 1,000,000): once.
  const add = (field: string, message: string) => {
    const messages = byField.get(field) ?? [];
    if (!messages.includes(message)) byField.set(field, [...messages, message]);
  };
  for (const v of issues) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const unknownKeys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
    if (unknownKeys.length > 0) {
      for (const key of unknownKeys) {
        const name = path ? `${path}.${key}` : key;
        add(name, `${name} is not a field this request accepts`);
      }
    } else {
      add(path || part, v.message ?? 'is not valid');
    }
  }
  const summary = [...byField].map(([field, messages]) => `${field}: ${messages.join('; ')}`).join(', ');
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of byField) Object.defineProperty(fieldErrors, field, { value: messages, enumerable: true });
  return { message: `The ${part} is not valid: ${summary}`, fieldErrors };
}

/** A zod error's issues in that form (what fastify-type-provider-zod makes of them). */
export const zodIssues = (issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[]) =>
  issues.map((issue): ValidationIssue => ({
    instancePath: issue.path.length ? `/${issue.path.map(String).join('/')}` : '',
    keyword: issue.code,
    params: issue,
    message: issue.message,
  }));
