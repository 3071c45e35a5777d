import { z } from 'zod';

/** Every error the API sends: a message for people, and for bad input the fields at fault. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  statusCode: z.number().int().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** A machine-readable reason where a status has several, such as `return_locked` on a 409. */
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The error answers a route declares: bad input, signed out, not allowed. */
export const ERROR_RESPONSES = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
/** The same, and not there, for a route that names one item. */
export const ERROR_RESPONSES_WITH_404 = { ...ERROR_RESPONSES, 404: ApiErrorSchema };

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

export const IdResponseSchema = z.object({ id: z.number().int() });

/** A positive integer id in a path, such as `/api/records/{id}`: the one id rule lives in id.ts. */
export { IdParamSchema } from './id.ts';
