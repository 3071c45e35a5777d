import type { FastifyInstance } from 'fastify';

interface JsonSchemaObject {
  properties?: Record<string, { readOnly?: boolean }>;
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchemaObject }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchemaObject }> }>;
}

/** The OpenAPI document the app serves at /api/docs/json. */
export async function openApiDocument(app: FastifyInstance): Promise<{ paths: Record<string, Record<string, Operation>> }> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  return res.json();
}

/**
 * The query parameters of each GET case, by its route's operation in the OpenAPI document (a route `/api/x/:id` is
 * the path `/api/x/{id}` there).
 */
export function getQueryParameters<Case extends { route: string; url: string }>(
  doc: Awaited<ReturnType<typeof openApiDocument>>,
  cases: readonly Case[],
): { route: string; url: string; name: string }[] {
  return cases
    .filter((c) => c.route.startsWith('GET '))
    .flatMap((c) => {
      const path = c.route.slice(4).replace(/:(\w+)/g, '{$1}');
      return (doc.paths[path]?.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ route: c.route, url: c.url, name: p.name }));
    });
}

/** The JSON body schema of an operation's request, or of its 200 answer. */
export function operationSchema(
  doc: Awaited<ReturnType<typeof openApiDocument>>,
  path: string,
  method: string,
  part: 'body' | 'ok',
): JsonSchemaObject {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`The OpenAPI document has no ${method.toUpperCase()} ${path}`);
  const content = part === 'body' ? operation.requestBody?.content : operation.responses['200']?.content;
  const schema = content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} has no JSON ${part === 'body' ? 'request body' : '200 answer'}`);
  return schema;
}

/** The names of a schema's properties marked `readOnly: true`, sorted. */
export function readOnlyProperties(schema: JsonSchemaObject): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.readOnly === true)
    .map(([name]) => name)
    .sort();
}
